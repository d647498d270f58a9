import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, FAQ_SUCCESS_MESSAGES, FaqCreateBody, FaqEntrySchema, FaqPageSchema, FaqUpdateBody, IdParams, MessageEnvelope } from '@vitrine/contracts/schemas';
import { requestLanguage, servePublicJson as cached } from '../../plugins/answer-cache';
import { BEARER, responses } from '../common';

const tags = ['faq'];
const manage = { routes: ['list-faq'] } as const;

/** The FAQ: the public read, cached like every public answer (per language), and the staff's entries. */
const faqRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = () => app.services.faq;

  app.get(
    '/public/faq',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['public'],
        summary: 'The FAQ: products and their active questions, in order, in the request’s language (?lang=, else the vt_lang cookie; pt-BR where not translated)',
        response: responses({ 200: Envelope(FaqPageSchema) }),
      },
    },
    // In the request's language: keyed by it in the answer cache (docs/decisions/answer-cache.md).
    async (request, reply) => {
      const language = requestLanguage(request);
      return cached(request, reply, [], () => service().publicFaq(language), { language });
    },
  );

  app.get(
    '/faq/entries',
    { config: { policy: manage }, schema: { tags, summary: 'Every FAQ entry, active or not', security: BEARER, response: responses({ 200: Envelope(Type.Array(FaqEntrySchema)) }, 401, 403) } },
    async () => ({ data: await service().list() }),
  );

  app.post(
    '/faq/entry',
    { config: { policy: manage }, schema: { tags, summary: 'Add a question (its link slug comes from the question)', security: BEARER, body: FaqCreateBody, response: responses({ 201: Envelope(FaqEntrySchema) }, 401, 403) } },
    async (request, reply) => reply.code(201).send({ data: await service().create(request.body), message: FAQ_SUCCESS_MESSAGES.CREATED }),
  );

  app.put(
    '/faq/entry/:id',
    {
      config: { policy: manage },
      schema: { tags, summary: 'Change a question, its answer, product, position or visibility (its link stays)', security: BEARER, params: IdParams, body: FaqUpdateBody, response: responses({ 200: Envelope(FaqEntrySchema) }, 401, 403, 404) },
    },
    async (request) => ({ data: await service().update(request.params.id, request.body), message: FAQ_SUCCESS_MESSAGES.UPDATED }),
  );

  app.delete(
    '/faq/entry/:id',
    { config: { policy: manage }, schema: { tags, summary: 'Delete a question', security: BEARER, params: IdParams, response: responses({ 200: MessageEnvelope }, 401, 403, 404) } },
    async (request) => {
      await service().remove(request.params.id);
      return { message: FAQ_SUCCESS_MESSAGES.DELETED };
    },
  );
};

export default faqRoutes;
