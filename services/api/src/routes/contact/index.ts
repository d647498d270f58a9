import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AUDIENCE_SUCCESS_MESSAGES,
  ConfirmParams,
  ContactMessageBody,
  Envelope,
  LanguageQuery,
  LeadParams,
  MessageEnvelope,
  NEWSLETTER_SUCCESS_MESSAGES,
  NewsletterSubscribeBody,
  NewsletterSubscriptionSchema,
  NewsletterUnsubscribeBody,
  SiteInfoSchema,
} from '@vitrine/contracts/schemas';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, BadRequestError } from '../../errors';
import { requestLanguage, servePublicJson as cached } from '../../plugins/answer-cache';
import { enforceLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { spamSignal } from '../../services/contact';
import { responses } from '../common';

const tags = ['public'];

/** A one-click post holds one short field; anything bigger is not one (413 from the parser). */
const ONE_CLICK_MULTIPART_LIMITS = { fields: 4, fieldNameSize: 64, fieldSize: 64, files: 0, parts: 4, headerPairs: 20 };

/**
 * The `List-Unsubscribe` field of a multipart one-click post (undefined when it has none). The parser's own refusals
 * (a file part, too many fields: they carry their status) go on; a body that is not whole multipart is the client's.
 */
async function oneClickField(request: FastifyRequest): Promise<unknown> {
  let value: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field' && part.fieldname === 'List-Unsubscribe') value = part.value;
    }
  } catch (err) {
    if (err instanceof AppError || typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new AppError(400, 'MALFORMED_REQUEST', { message: 'The multipart body is not well-formed' });
  }
  return value;
}

const emailKey = (request: { body: unknown }) => `email:${String((request.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase()}`;

/**
 * The public side of the audience: the company's contact details, the contact form and the
 * newsletter's subscriptions (double opt-in, unsubscribe with a reason, RFC 8058 one-click).
 */
const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const perEmail = app.createRateLimit({ ...RATE_LIMITS.contactPerEmail, keyGenerator: emailKey });
  const subscribePerEmail = app.createRateLimit({ ...RATE_LIMITS.newsletterPerEmail, keyGenerator: emailKey });
  // RFC 8058: a mail client's one-click unsubscribe is a form post (`List-Unsubscribe=One-Click`); only these routes read forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    '/public/site',
    {
      config: { policy: 'public' },
      schema: { tags, summary: "The company's public contact details, the opening hours in the request's language (?lang=)", response: responses({ 200: Envelope(SiteInfoSchema) }) },
    },
    async (request, reply) => {
      // Keyed by language in the answer cache, like every public read that translates (`?lang=`, else vt_lang, else pt-BR).
      const language = requestLanguage(request);
      return cached(request, reply, [], () => app.services.contact.siteInfo(language), { language });
    },
  );

  app.post(
    '/public/contact',
    {
      config: { policy: 'public', rateLimit: RATE_LIMITS.contactPerIp },
      schema: {
        tags,
        summary:
          'Send a message to the company: the message and the contact lead are saved together and staff with site_editor are told by email. `website` must stay empty and `elapsed_ms` is how long the form was open: a message with the first filled, or sent sooner than a person fills the form in, is kept but held for review (the inbox filter `suspected`: no lead, no mail to staff). A blacklisted email: 403 SUBMISSION_REFUSED. `?lang=` (else the vt_lang cookie, else pt-BR) is kept with the message: the replies are written in it.',
        querystring: LanguageQuery,
        body: ContactMessageBody,
        response: responses({ 201: MessageEnvelope }, 403, 429, 503),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      await enforceLimit(perEmail, request);
      // A doubted message is kept for the staff's review, never dropped behind a success (forms-without-js.md).
      await app.services.contact.submit(request.body, requestLanguage(request), spamSignal(request.body));
      return reply.code(201).send({ message: AUDIENCE_SUCCESS_MESSAGES.MESSAGE_SENT });
    },
  );

  app.post(
    '/public/newsletter',
    {
      config: { policy: 'public', rateLimit: RATE_LIMITS.newsletterPerIp },
      schema: {
        tags,
        summary:
          'Subscribe to the weekly newsletter: a single-use confirmation link is mailed (double opt-in). 409 EMAIL_ALREADY_REGISTERED for an active subscriber; a cancelled one comes back once they confirm. `website` and `elapsed_ms` as on the contact form: a sign-up the spam guard doubts is counted and mailed its link like any (the link is what stops robots). `?lang=` (else the vt_lang cookie, else pt-BR) is kept with the subscription: the confirmation and every digest are written in it.',
        querystring: LanguageQuery,
        body: NewsletterSubscribeBody,
        response: responses({ 202: MessageEnvelope }, 403, 409, 429, 503),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      await enforceLimit(subscribePerEmail, request);
      // A doubted sign-up is counted and mailed its link like any: nobody is told "check your inbox" for nothing.
      await app.services.newsletter.subscribe(request.body, requestLanguage(request), spamSignal(request.body));
      return reply.code(202).send({ message: NEWSLETTER_SUCCESS_MESSAGES.CONFIRMATION_SENT });
    },
  );

  app.get(
    '/public/newsletter/confirm/:id/:token',
    {
      config: { policy: 'public', rateLimit: RATE_LIMITS.newsletterPerIp },
      schema: {
        tags,
        summary: "The confirmation link of the mail: confirms once and redirects (303) to the subscription's page with ?status=confirmed|reactivated|invalid",
        params: ConfirmParams,
      },
    },
    async (request, reply) => {
      const { location } = await app.services.newsletter.confirm(request.params.id, request.params.token);
      return reply.header('cache-control', 'no-store').redirect(location, 303);
    },
  );

  app.get(
    '/public/newsletter/subscription/:id/:unique_key',
    {
      config: { policy: 'public' },
      schema: {
        tags,
        summary: 'A subscription as its unsubscribe link shows it (email partly hidden; state pending, active or cancelled)',
        params: LeadParams,
        response: responses({ 200: Envelope(NewsletterSubscriptionSchema) }, 404),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await app.services.newsletter.subscription(request.params.id, request.params.unique_key) };
    },
  );

  app.post(
    '/public/newsletter/unsubscribe/:id/:unique_key',
    {
      config: { policy: 'public', rateLimit: RATE_LIMITS.newsletterPerIp },
      schema: {
        tags,
        summary: 'Unsubscribe with a reason (and optional details); takes effect at once',
        params: LeadParams,
        body: NewsletterUnsubscribeBody,
        response: responses({ 200: MessageEnvelope }, 404, 429),
      },
    },
    async (request) => {
      await app.services.newsletter.unsubscribe(request.params.id, request.params.unique_key, request.body);
      return { message: NEWSLETTER_SUCCESS_MESSAGES.UNSUBSCRIBED };
    },
  );

  // RFC 8058 one-click: mail receivers post `List-Unsubscribe=One-Click` as a form, urlencoded or multipart/form-data.
  // Multipart is read only inside this plugin, for this route alone (the other routes keep refusing it: 415).
  const oneClickRoute: FastifyPluginAsyncTypebox = async (oneClick) => {
    await oneClick.register(multipart, { limits: ONE_CLICK_MULTIPART_LIMITS });
    oneClick.post(
      '/public/newsletter/one-click/:id/:unique_key',
      {
        config: { policy: 'public', rateLimit: RATE_LIMITS.newsletterPerIp },
        bodyLimit: 4096,
        schema: {
          tags,
          summary:
            "RFC 8058 one-click unsubscribe (the mail's List-Unsubscribe-Post): a form post, no page. The body is `List-Unsubscribe=One-Click`, as application/x-www-form-urlencoded or multipart/form-data; another value of that field: 400 VALIDATION_ERROR; a multipart body that is not whole: 400 MALFORMED_REQUEST",
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
          params: LeadParams,
          response: responses({ 200: MessageEnvelope }, 400, 404, 413, 429),
        },
      },
      async (request) => {
        const value = request.isMultipart() ? await oneClickField(request) : (request.body as Record<string, unknown> | undefined)?.['List-Unsubscribe'];
        if (value !== undefined && value !== 'One-Click') {
          throw new BadRequestError('VALIDATION_ERROR', [{ property: 'List-Unsubscribe', message: { equals: 'List-Unsubscribe must be One-Click' } }]);
        }
        await app.services.newsletter.unsubscribe(request.params.id, request.params.unique_key, { reason: 'one-click' });
        return { message: NEWSLETTER_SUCCESS_MESSAGES.UNSUBSCRIBED };
      },
    );
  };
  await app.register(oneClickRoute);

  app.post(
    '/public/newsletter/resubscribe/:id/:unique_key',
    {
      config: { policy: 'public', rateLimit: RATE_LIMITS.newsletterPerIp },
      schema: {
        tags,
        summary: 'Subscribe again from the unsubscribe page: a new confirmation link to the address on record (`?lang=` as on POST /public/newsletter)',
        params: LeadParams,
        querystring: LanguageQuery,
        response: responses({ 202: MessageEnvelope }, 403, 404, 409, 429),
      },
    },
    async (request, reply) => {
      await app.services.newsletter.resubscribe(request.params.id, request.params.unique_key, requestLanguage(request));
      return reply.code(202).send({ message: NEWSLETTER_SUCCESS_MESSAGES.CONFIRMATION_SENT });
    },
  );
};

export default contactRoutes;
