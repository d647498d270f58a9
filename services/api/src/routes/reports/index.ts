import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardQuery, DashboardReportSchema, Envelope } from '@vitrine/contracts/schemas';
import { BEARER, responses } from '../common';

const tags = ['reports'];

/** The dashboard's reports: whoever may open the dashboard (route dashboard) reads them. */
const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/reports/dashboard',
    {
      config: { policy: { routes: ['dashboard'] } },
      schema: {
        tags,
        summary: 'The dashboard for a range of UTC days (at most 366): reads, articles, publishers, categories, leads and subscribers, each against the period before; per day; top articles; authors',
        security: BEARER,
        querystring: DashboardQuery,
        response: responses({ 200: Envelope(DashboardReportSchema) }, 401, 403),
      },
    },
    async (request) => ({ data: await app.services.reports.dashboard(request.query.from, request.query.to) }),
  );
};

export default reportRoutes;
