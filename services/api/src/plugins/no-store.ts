import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A personal answer: any route whose declared policy is not public (plugins/auth.ts) and everything
 * under /api/auth (sign-in answers carry a token).
 */
export function isPersonal(request: FastifyRequest): boolean {
  const policy = request.routeOptions.config.policy;
  return (policy !== undefined && policy !== 'public') || (request.routeOptions.url ?? request.url).startsWith('/api/auth/');
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
