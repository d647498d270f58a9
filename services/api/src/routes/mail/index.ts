import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListEnvelope, OutboxListQuery, OutboxMailSchema } from '@vitrine/contracts/schemas';
import * as outbox from '../../repositories/outbox';
import { BEARER, responses } from '../common';

const tags = ['mail'];
/** Mail delivery is an operations concern: only staff with the settings access may read the outbox. */
const settingsAccess = { routes: ['settings'] } as const;

const mailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/mail/outbox',
    {
      config: { policy: settingsAccess },
      schema: {
        tags,
        summary: 'Outbox: every mail and its delivery status (failed ones with the last error), newest first',
        security: BEARER,
        querystring: OutboxListQuery,
        response: responses({ 200: ListEnvelope(OutboxMailSchema) }, 401, 403),
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 20;
      const result = await outbox.list(app.db, { status: request.query.status, limit, offset: (page - 1) * limit });
      return {
        data: {
          items: result.rows.map((row) => ({
            id: row.id,
            to: row.to_address,
            subject: row.subject,
            status: row.status,
            attempts: row.attempts,
            last_error: row.last_error,
            created_at: row.created_at.toISOString(),
            sent_at: row.sent_at?.toISOString() ?? null,
            failed_at: row.failed_at?.toISOString() ?? null,
          })),
          total: result.total,
          page,
          limit,
        },
      };
    },
  );
};

export default mailRoutes;
