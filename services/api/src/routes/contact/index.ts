import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIENCE_SUCCESS_MESSAGES, ContactMessageBody, Envelope, MessageEnvelope, SiteInfoSchema } from '@vitrine/contracts/schemas';
import { RateLimitedError } from '../../errors';
import { requestLanguage, servePublicJson as cached } from '../../plugins/answer-cache';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { spamSignal } from '../../services/contact';
import { responses } from '../common';

const tags = ['public'];

/** The public side of the audience (issue 8): the company's contact details and the contact form. */
const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const perEmail = app.createRateLimit({
    ...RATE_LIMITS.contactPerEmail,
    keyGenerator: (request) => `email:${String((request.body as { email?: unknown }).email ?? '').trim().toLowerCase()}`,
  });

  app.get(
    '/public/site',
    { config: { policy: 'public' }, schema: { tags, summary: "The company's public contact details", response: responses({ 200: Envelope(SiteInfoSchema) }) } },
    async (request, reply) => cached(request, reply, [], () => app.services.contact.siteInfo()),
  );

  app.post(
    '/public/contact',
    {
      config: { policy: 'public', rateLimit: RATE_LIMITS.contactPerIp },
      schema: {
        tags,
        summary:
          'Send a message to the company: the message and the contact lead are saved together and staff with site_editor are told by email. `website` must stay empty and `elapsed_ms` is how long the form was open (robots are answered as if it worked). A blacklisted email: 403 SUBMISSION_REFUSED.',
        body: ContactMessageBody,
        response: responses({ 201: MessageEnvelope }, 403, 429, 503),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const signal = spamSignal(request.body);
      if (signal) {
        request.log.info({ spam: signal }, 'contact message dropped as automated');
        return reply.code(201).send({ message: AUDIENCE_SUCCESS_MESSAGES.MESSAGE_SENT });
      }
      const limit = await perEmail(request);
      if (!limit.isAllowed && limit.isExceeded) throw new RateLimitedError(limit.ttlInSeconds);
      await app.services.contact.submit(request.body, requestLanguage(request));
      return reply.code(201).send({ message: AUDIENCE_SUCCESS_MESSAGES.MESSAGE_SENT });
    },
  );
};

export default contactRoutes;
