import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthSchema, ReadySchema } from '@vitrine/contracts/schemas';
import { withDeadline } from '../../db/faults';
import { DatabaseUnavailableError } from '../../errors';
import { responses } from '../common';
import releaseRoutes from './releases';

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
        // Bounded: a hung database answers 503 here within DB_READY_TIMEOUT_MS, not when the driver gives up.
        await withDeadline(app.db.query('SELECT 1'), app.config.readyTimeoutMs);
      } catch (err) {
        request.log.error({ err }, 'readiness check failed');
        throw new DatabaseUnavailableError(err);
      }
      return { status: 'ready' as const };
    },
  );

  await app.register(releaseRoutes);
};

export default systemRoutes;
