import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthSchema, ReadySchema } from '@vitrine/contracts/schemas';
import { ServiceUnavailableError } from '../../errors';
import { responses } from '../common';

const tags = ['system'];

const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    { config: { policy: 'public' }, schema: { tags, summary: 'Liveness (no database)', response: responses({ 200: HealthSchema }) } },
    async () => ({ status: 'ok' as const, uptime: process.uptime() }),
  );

  app.get(
    '/ready',
    { config: { policy: 'public' }, schema: { tags, summary: 'Readiness: the database answers', response: responses({ 200: ReadySchema }, 503) } },
    async (request) => {
      try {
        await app.db.query('SELECT 1');
      } catch (err) {
        request.log.error({ err }, 'readiness check failed');
        throw new ServiceUnavailableError();
      }
      return { status: 'ready' as const };
    },
  );
};

export default systemRoutes;
