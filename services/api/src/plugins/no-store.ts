import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A personal answer: any route that is not public (it declares an auth rule — with issue 6's route
 * policies, "not public") and everything under /api/auth (sign-in answers carry a token).
 */
export function isPersonal(request: FastifyRequest): boolean {
  return request.routeOptions.config.auth !== undefined || (request.routeOptions.url ?? request.url).startsWith('/api/auth/');
}

/**
 * Personal answers, errors included, carry `Cache-Control: no-store`: no browser, proxy or CDN keeps
 * a user's data, a token or a user list (a shared cache would hand it to the next person).
 */
export default fp(
  async function noStorePlugin(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply) => {
      if (isPersonal(request)) void reply.header('cache-control', 'no-store');
    });
  },
  { name: 'no-store' },
);
