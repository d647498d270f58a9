import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BOUNCE_SUCCESS_MESSAGES,
  Envelope,
  LEAD_SUCCESS_MESSAGES,
  LeadClassificationBody,
  LeadMarkBody,
  LeadParams,
  LeadWithBounceSchema,
  LeadsExportQuery,
  LeadsListBody,
  LeadStatusBody,
  ListEnvelope,
  PersonBody,
  UnsubscribeReasonCountSchema,
  UnsubscribeReasonsQuery,
} from '@vitrine/contracts/schemas';
import { principalOf } from '../../plugins/auth';
import { exportFileName } from '../../services/leads';
import { BEARER, responses } from '../common';

const tags = ['lead'];
const leads = { routes: ['list-leads'] } as const;

/** Leads: contacts and newsletter subscribers as staff work them (route list-leads). */
const leadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = () => app.services.leads;

  app.post(
    '/lead/leads-list',
    {
      config: { policy: leads },
      schema: {
        tags,
        summary: 'Page through leads: module, classification, status (deleted ones only when asked for), newsletter status, lead mark, registration days, text; sorted',
        security: BEARER,
        body: LeadsListBody,
        response: responses({ 200: ListEnvelope(LeadWithBounceSchema) }, 401, 403),
      },
    },
    async (request) => ({ data: await service().list(request.body) }),
  );

  app.get(
    '/lead/leads-export',
    {
      config: { policy: leads },
      schema: {
        tags,
        summary: 'The filtered leads as CSV (semicolon, UTF-8 with BOM, formulas neutralised), streamed; file name base-HHMMSS.csv',
        security: BEARER,
        querystring: LeadsExportQuery,
        response: responses({}, 401, 403),
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(request.query.base ?? 'leads')}"`)
        .header('cache-control', 'no-store')
        .send(service().exportCsv(request.query)),
  );

  app.put(
    '/lead/lead-classification/:id/:unique_key',
    {
      config: { policy: leads },
      schema: { tags, summary: 'Classify a lead: none, cold, warm or hot', security: BEARER, params: LeadParams, body: LeadClassificationBody, response: responses({ 200: Envelope(LeadWithBounceSchema) }, 401, 403, 404) },
    },
    async (request) => ({ data: await service().classify(request.params.id, request.params.unique_key, request.body.classification), message: LEAD_SUCCESS_MESSAGES.CLASSIFIED }),
  );

  app.put(
    '/lead/lead-status/:id/:unique_key',
    {
      config: { policy: leads },
      schema: {
        tags,
        summary: 'Activate, pause (inactive), blacklist (the email is refused by the contact form and the newsletter) or delete a lead',
        security: BEARER,
        params: LeadParams,
        body: LeadStatusBody,
        response: responses({ 200: Envelope(LeadWithBounceSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({
      data: await service().setStatus(request.params.id, request.params.unique_key, request.body.status),
      message: request.body.status === 'deleted' ? LEAD_SUCCESS_MESSAGES.CONTACT_DELETED : LEAD_SUCCESS_MESSAGES.STATUS_CHANGED,
    }),
  );

  app.put(
    '/lead/lead-mark/:id/:unique_key',
    {
      config: { policy: leads },
      schema: { tags, summary: 'Mark or unmark a contact as lead', security: BEARER, params: LeadParams, body: LeadMarkBody, response: responses({ 200: Envelope(LeadWithBounceSchema) }, 401, 403, 404) },
    },
    async (request) => ({
      data: await service().mark(request.params.id, request.params.unique_key, request.body.is_lead),
      message: request.body.is_lead ? LEAD_SUCCESS_MESSAGES.MARKED : LEAD_SUCCESS_MESSAGES.UNMARKED,
    }),
  );

  app.post(
    '/lead/lead-convert/:id/:unique_key',
    {
      config: { policy: leads },
      schema: { tags, summary: 'Convert: the lead became a customer (marked as lead, classified hot, when and by whom kept)', security: BEARER, params: LeadParams, response: responses({ 200: Envelope(LeadWithBounceSchema) }, 401, 403, 404) },
    },
    async (request) => ({ data: await service().convert(request.params.id, request.params.unique_key, principalOf(request)), message: LEAD_SUCCESS_MESSAGES.CONVERTED }),
  );

  app.post(
    '/lead/lead-bounce-clear/:id/:unique_key',
    {
      config: { policy: leads },
      schema: {
        tags,
        summary:
          "Clear the bounce of the lead's address (a mail to it was refused for good): the mark leaves the address's leads; a newsletter subscriber needs to confirm a new sign-up before anything is sent again (nothing is sent now). Not bounced: nothing changes",
        security: BEARER,
        params: LeadParams,
        response: responses({ 200: Envelope(LeadWithBounceSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({ data: await service().clearBounce(request.params.id, request.params.unique_key), message: BOUNCE_SUCCESS_MESSAGES.CLEARED }),
  );

  app.get(
    '/lead/unsubscribe-reasons',
    {
      config: { policy: leads },
      schema: { tags, summary: 'Newsletter unsubscriptions per reason in a period', security: BEARER, querystring: UnsubscribeReasonsQuery, response: responses({ 200: Envelope(Type.Array(UnsubscribeReasonCountSchema)) }, 401, 403) },
    },
    async (request) => ({ data: await service().unsubscribeReasons(request.query.from, request.query.to) }),
  );

  app.post(
    '/lead/person-data',
    {
      config: { policy: leads },
      schema: { tags, summary: "Everything stored about one email, as JSON (the request is recorded)", security: BEARER, body: PersonBody, response: { 200: Type.Object({ data: Type.Record(Type.String(), Type.Unknown()) }), ...responses({}, 401, 403) } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await service().personData(request.body.email, principalOf(request)) };
    },
  );

  app.post(
    '/lead/person-erase',
    {
      config: { policy: leads },
      schema: {
        tags,
        summary: "Erase one email's personal data: messages and leads anonymised, only a hash kept so it is never mailed again (recorded)",
        security: BEARER,
        body: PersonBody,
        response: responses({ 200: Envelope(Type.Object({ leads: Type.Integer(), messages: Type.Integer() })) }, 401, 403),
      },
    },
    async (request) => ({ data: await service().erase(request.body.email, principalOf(request)), message: LEAD_SUCCESS_MESSAGES.ERASED }),
  );
};

export default leadRoutes;
