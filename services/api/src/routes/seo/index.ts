import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, IdKeyParams, PublicSeoSchema, SeoCreateBody, SeoEntrySchema, SeoUpdateBody, SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { servePublicJson } from '../../plugins/answer-cache';
import { principalOf } from '../../plugins/auth';
import { BEARER, responses } from '../common';

const tags = ['seo'];
/** SEO markup reaches every page: reading and writing it needs the settings access, since a bad snippet would reach every visitor. */
const seoAccess = { routes: ['seo', 'settings'] } as const;

const seoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/seo/public-seo',
    { config: { policy: 'public' }, schema: { tags, summary: 'Public: the active entries’ head and body markup', response: responses({ 200: Envelope(Type.Array(PublicSeoSchema)) }) } },
    (request, reply) => servePublicJson(request, reply, [], () => app.services.seo.listPublic()),
  );

  app.get(
    '/seo/seo',
    {
      config: { policy: seoAccess },
      schema: { tags, summary: 'Every SEO entry', security: BEARER, response: responses({ 200: Envelope(Type.Array(SeoEntrySchema)) }, 401, 403) },
    },
    async () => ({ data: await app.services.seo.listAll() }),
  );

  // Markup that can run code also needs the admin user type: the service refuses anyone else's (403
  // SCRIPT_MARKUP_ADMIN_ONLY, docs/decisions/seo-markup.md).
  app.post(
    '/seo/seo',
    {
      config: { policy: seoAccess },
      schema: { tags, summary: 'Create an SEO entry (markup that can run code: administrators only)', security: BEARER, body: SeoCreateBody, response: responses({ 201: Envelope(SeoEntrySchema) }, 401, 403) },
    },
    async (request, reply) => reply.code(201).send({ data: await app.services.seo.create(principalOf(request), request.body), message: SUCCESS_MESSAGES.SEO_CREATED }),
  );

  app.put(
    '/seo/seo/:id/:unique_key',
    {
      config: { policy: seoAccess },
      schema: { tags, summary: 'Update an SEO entry (markup that can run code: administrators only)', security: BEARER, params: IdKeyParams, body: SeoUpdateBody, response: responses({ 200: Envelope(SeoEntrySchema) }, 401, 403, 404) },
    },
    async (request) => ({
      data: await app.services.seo.update(principalOf(request), request.params.id, request.params.unique_key, request.body),
      message: SUCCESS_MESSAGES.SEO_UPDATED,
    }),
  );
};

export default seoRoutes;
