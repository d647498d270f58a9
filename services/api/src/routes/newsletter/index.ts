import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DigestDeliveriesQuery,
  DigestDeliverySchema,
  DigestFailureSchema,
  DigestPreviewSchema,
  DigestSendStatesSchema,
  DigestSettingsSchema,
  Envelope,
  IdParams,
  LanguageQuery,
  ListEnvelope,
  MessageEnvelope,
  WELCOME_LIMITS,
  WELCOME_SUCCESS_MESSAGE,
  WelcomePreviewBody,
  WelcomePreviewSchema,
  WelcomeSettingsSchema,
} from '@vitrine/contracts/schemas';
import { BadRequestError, NotFoundError } from '../../errors';
import { mailLocale } from '../../mail/texts';
import { principalOf } from '../../plugins/auth';
import * as digests from '../../repositories/digests';
import { BEARER, responses } from '../common';

const tags = ['newsletter'];
/** The newsletter is part of the leads screen (route list-leads). */
const leads = { routes: ['list-leads'] } as const;
/** The welcome mail is edited among the site's settings (route settings, tab "welcome"), as the site's other settings are. */
const settings = { routes: ['settings'] } as const;

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The weekly digest as staff see and steer it. */
const newsletterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/newsletter/digests',
    {
      config: { policy: leads },
      schema: {
        tags,
        summary: "Each week's digest, newest first: status, sent / failed / queued of total, and each delivery state's count (`states`)",
        security: BEARER,
        response: responses({ 200: Envelope(Type.Array(DigestSendStatesSchema)) }, 401, 403),
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const rows = await digests.listSends(app.db, 52);
      return { data: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), finished_at: r.finished_at?.toISOString() ?? null })) };
    },
  );

  app.get(
    '/newsletter/digests/:id/deliveries',
    {
      config: { policy: leads },
      schema: {
        tags,
        summary:
          "A week's deliveries, one per recipient, in the order they were queued, optionally of one state (`?status=`): queued, sending, sent, stored, deferred (with the SMTP server's last answer and when it is tried again), failed, bounced (with the answer) or skipped (with why: unsubscribed, blacklisted, bounced, inactive, erased)",
        security: BEARER,
        params: IdParams,
        querystring: DigestDeliveriesQuery,
        response: responses({ 200: ListEnvelope(DigestDeliverySchema) }, 401, 403, 404),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (!(await digests.findSend(app.db, request.params.id))) throw new NotFoundError();
      const { status, page = 1, limit = 20 } = request.query;
      const result = await digests.deliveries(app.db, request.params.id, { statuses: status ? [status] : undefined, limit, offset: (page - 1) * limit });
      const items = result.rows.map((row) => ({ ...row, next_attempt_at: row.next_attempt_at?.toISOString() ?? null, sent_at: row.sent_at?.toISOString() ?? null }));
      return { data: { items, total: result.total, page, limit } };
    },
  );

  app.get(
    '/newsletter/digests/:id/failures',
    {
      config: { policy: leads },
      schema: {
        tags,
        summary: "A week's failed and bounced deliveries with the SMTP server's answer (the deliveries' `?status=failed` and `?status=bounced`, whole)",
        security: BEARER,
        params: IdParams,
        response: responses({ 200: Envelope(Type.Array(DigestFailureSchema)) }, 401, 403, 404),
      },
    },
    async (request) => {
      if (!(await digests.findSend(app.db, request.params.id))) throw new NotFoundError();
      const { rows } = await digests.deliveries(app.db, request.params.id, { statuses: ['failed', 'bounced'], limit: null, offset: 0 });
      return { data: rows.map(({ email, attempts, last_error }) => ({ email, attempts, last_error })) };
    },
  );

  app.get(
    '/newsletter/digest-preview',
    {
      config: { policy: leads },
      schema: {
        tags,
        summary: 'The next digest as it stands now (?lang=: as the subscribers reading that language get it, pt-BR by default), and how many subscribers would get it',
        security: BEARER,
        querystring: LanguageQuery,
        response: responses({ 200: Envelope(DigestPreviewSchema) }, 401, 403),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const composed = await app.services.digest.compose(new Date(), undefined, mailLocale(request.query.lang));
      return { data: { subject: composed.subject, html: composed.html, articles: composed.articles.length, recipients: await digests.recipientCount(app.db) } };
    },
  );

  app.post(
    '/newsletter/digest-test',
    {
      config: { policy: leads },
      schema: { tags, summary: 'Send the next digest as it stands to yourself', security: BEARER, response: responses({ 200: MessageEnvelope }, 401, 403) },
    },
    async (request) => {
      const { user } = principalOf(request);
      await app.services.digest.sendTest(user.email, mailLocale(user.locale));
      return { message: 'Test digest sent' };
    },
  );

  app.get(
    '/newsletter/settings',
    { config: { policy: leads }, schema: { tags, summary: "The digest's send day, hour, time zone and rate", security: BEARER, response: responses({ 200: Envelope(DigestSettingsSchema) }, 401, 403) } },
    async () => ({ data: await app.services.digest.settings() }),
  );

  app.put(
    '/newsletter/settings',
    {
      config: { policy: leads },
      schema: { tags, summary: "Change the digest's send day, hour, time zone or rate", security: BEARER, body: DigestSettingsSchema, response: responses({ 200: Envelope(DigestSettingsSchema) }, 401, 403) },
    },
    async (request) => {
      if (!validTimeZone(request.body.timeZone)) {
        throw new BadRequestError('VALIDATION_ERROR', [{ property: 'timeZone', message: { isTimeZone: 'timeZone must be an IANA time zone such as America/Sao_Paulo' } }]);
      }
      await digests.saveSettings(app.db, request.body);
      return { data: request.body, message: 'Settings saved' };
    },
  );

  app.get(
    '/newsletter/welcome',
    {
      config: { policy: settings },
      schema: { tags, summary: 'The welcome mail of a confirmed subscription: on or off, and its subject and body per language', security: BEARER, response: responses({ 200: Envelope(WelcomeSettingsSchema) }, 401, 403) },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await app.services.newsletter.welcome.settings() };
    },
  );

  app.put(
    '/newsletter/welcome',
    {
      config: { policy: settings },
      schema: {
        tags,
        summary: 'Turn the welcome mail on or off and save its texts; the next confirmation sends what is saved',
        description: `\`texts\`: per language (the five codes only) a \`subject\` (one line, at most ${WELCOME_LIMITS.subject} characters) and a \`body\` (plain text, paragraphs separated by a blank line, at most ${WELCOME_LIMITS.body} characters); \`{site}\` in either is the site's name. pt-BR is required; another language has both or neither, and without its own text a subscriber reading it gets the pt-BR mail. 400 VALIDATION_ERROR names \`texts.<locale>.subject|body\` (isNotEmpty, maxLength, isPlaceholder for a brace other than {site}) or an unknown language (whitelistValidation).`,
        security: BEARER,
        body: WelcomeSettingsSchema,
        response: responses({ 200: Envelope(WelcomeSettingsSchema) }, 400, 401, 403),
      },
    },
    async (request) => ({ data: await app.services.newsletter.welcome.save(request.body), message: WELCOME_SUCCESS_MESSAGE }),
  );

  app.post(
    '/newsletter/welcome-preview',
    {
      config: { policy: settings },
      schema: {
        tags,
        summary: 'The welcome mail as a subscriber reading `locale` would get it from the texts sent (saved or not): subject, html_body and text_body',
        security: BEARER,
        body: WelcomePreviewBody,
        response: responses({ 200: Envelope(WelcomePreviewSchema) }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { user } = principalOf(request);
      return { data: await app.services.newsletter.welcome.preview(request.body, user.name) };
    },
  );
};

export default newsletterRoutes;
