import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_PAYLOAD_SCHEMAS } from '@vitrine/contracts/schemas';
import { withoutIds } from '../routes/common';

/** OpenAPI generated from the route schemas: UI at /api/docs, JSON at /api/docs/json. */
export default fp(
  async function swaggerPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Vitrine API',
          version: '0.1.0',
          description:
            'Company site, blog and back-office API. Success: `{ data, message? }`; lists `{ data: { items, total, page, limit } }`; errors `{ error: true, statusCode, code, message, errors? }`.',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Opaque session token from POST /api/auth/auth' } },
          // What each webhook event's POST carries (docs/decisions/webhooks.md): `webhook.<event>`.
          schemas: Object.fromEntries(Object.entries(WEBHOOK_PAYLOAD_SCHEMAS).map(([event, schema]) => [`webhook.${event}`, withoutIds(schema)])),
        },
        tags: [
          { name: 'auth', description: 'Sign-in, sessions, recovery, verification' },
          { name: 'user', description: 'Staff users' },
          { name: 'seo', description: 'SEO markup injected into every page' },
          { name: 'article', description: 'Articles, revisions and autosave (list-of-articles, compose)' },
          { name: 'category', description: 'Article categories (list-of-categories)' },
          { name: 'upload', description: 'Image uploads (responsive WebP)' },
          { name: 'public', description: 'Public blog reads: home, list, search, article, author (cacheable)' },
          { name: 'system', description: 'Health and readiness' },
          { name: 'mail', description: 'Mail delivery: the outbox and its status (settings access)' },
          { name: 'webhooks', description: 'Outgoing webhooks: endpoints, secrets, deliveries (settings access); payloads under components.schemas webhook.<event>' },
        ],
      },
      hideUntagged: true,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'swagger' },
);
