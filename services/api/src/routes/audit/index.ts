import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUDIT_PAGE_SIZE } from '@vitrine/contracts';
import { AuditEntrySchema, AuditLogQuery, ListEnvelope } from '@vitrine/contracts/schemas';
import { dayRangeLength } from '../../lib/day-range';
import * as auditLog from '../../repositories/audit-log';
import { BEARER, responses } from '../common';

/** The audit log (docs/decisions/audit-log.md): admins read who changed what; nobody writes it but the database. */
const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/audit/audit-log',
    {
      // The route is admin-only: anyone else's roles do not list it (rolesForUser).
      config: { policy: { routes: ['audit-log'] } },
      schema: {
        tags: ['audit'],
        summary: 'Staff actions, newest first: by person, record type or record, and period (UTC days); paged',
        security: BEARER,
        querystring: AuditLogQuery,
        response: responses({ 200: ListEnvelope(AuditEntrySchema) }, 401, 403),
      },
    },
    async (request) => {
      const { page = 1, limit = AUDIT_PAGE_SIZE, ...filters } = request.query;
      if (filters.from && filters.to) dayRangeLength(filters.from, filters.to);
      const { items, total } = await auditLog.list(app.db, { ...filters, page, limit });
      return { data: { items, total, page, limit } };
    },
  );
};

export default auditRoutes;
