import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Envelope,
  IdKeyParams,
  MessageEnvelope,
  WEBHOOK_EVENTS,
  WebhookDeliveryParams,
  WebhookDeliverySchema,
  WebhookEndpointBody,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '@vitrine/contracts/schemas';
import { BEARER, responses } from '../common';

const tags = ['webhooks'];
/** Webhooks are part of the settings screen (the settings access). */
const policy = { routes: ['settings'] } as const;

const SIGNING =
  'Each delivery is a POST of `{ type, timestamp, data }` (JSON) signed as Standard Webhooks says: headers `webhook-id` (the same on every attempt: de-duplicate on it), `webhook-timestamp` (seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>` with the secret after `whsec_`; two signatures, space-separated, during a rotation). A 2xx answer is a delivery; anything else, no answer within the time limit or a redirect is retried: within 30 s, then at growing intervals for about a day.';
const URL_RULES =
  'The URL must be http(s) without credentials and resolve to public addresses: loopback, private, link-local and metadata addresses are refused (400 VALIDATION_ERROR on `url`, constraint `isPublicAddress`; a name that does not resolve: `resolves`) unless the operator set WEBHOOK_ALLOW_PRIVATE. The address is checked again at every delivery.';

/** Outgoing webhooks: endpoints, their secrets, test events and deliveries (docs/decisions/webhooks.md). */
const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/webhook/endpoints',
    {
      config: { policy },
      schema: { tags, summary: 'The webhook endpoints (never their secrets)', description: `Events: ${WEBHOOK_EVENTS.join(', ')}. ${SIGNING}`, security: BEARER, response: responses({ 200: Envelope(Type.Array(WebhookEndpointSchema)) }, 401, 403) },
    },
    async () => ({ data: await app.services.webhooks.list() }),
  );

  app.post(
    '/webhook/endpoint',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'Add an endpoint; the answer shows its signing secret, once',
        description: URL_RULES,
        security: BEARER,
        body: WebhookEndpointBody,
        response: responses({ 201: Envelope(WebhookEndpointWithSecretSchema) }, 401, 403),
      },
    },
    async (request, reply) => {
      const created = await app.services.webhooks.create(request.body);
      return reply.code(201).send({ data: created, message: 'Webhook endpoint created' });
    },
  );

  app.put(
    '/webhook/endpoint/:id/:unique_key',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'Change an endpoint (URL, events, description, enabled); enabling it again sends what waited',
        description: URL_RULES,
        security: BEARER,
        params: IdKeyParams,
        body: WebhookEndpointBody,
        response: responses({ 200: Envelope(WebhookEndpointSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({ data: await app.services.webhooks.update(request.params.id, request.params.unique_key, request.body), message: 'Webhook endpoint saved' }),
  );

  app.delete(
    '/webhook/endpoint/:id/:unique_key',
    { config: { policy }, schema: { tags, summary: 'Delete an endpoint and its deliveries', security: BEARER, params: IdKeyParams, response: responses({ 200: MessageEnvelope }, 401, 403, 404) } },
    async (request) => {
      await app.services.webhooks.remove(request.params.id, request.params.unique_key);
      return { message: 'Webhook endpoint deleted' };
    },
  );

  app.post(
    '/webhook/endpoint-rotate-secret/:id/:unique_key',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'A new signing secret, shown once; the previous one keeps signing beside it for 24 hours',
        security: BEARER,
        params: IdKeyParams,
        response: responses({ 200: Envelope(WebhookEndpointWithSecretSchema) }, 401, 403, 404),
      },
    },
    async (request) => ({ data: await app.services.webhooks.rotateSecret(request.params.id, request.params.unique_key), message: 'Signing secret rotated' }),
  );

  app.post(
    '/webhook/endpoint-test/:id/:unique_key',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'Send a `webhook.test` event now (enabled or not) and answer its delivery: one attempt, not retried, not counted in the endpoint\'s health',
        security: BEARER,
        params: IdKeyParams,
        response: responses({ 200: Envelope(WebhookDeliverySchema) }, 401, 403, 404),
      },
    },
    async (request) => ({ data: await app.services.webhooks.test(request.params.id, request.params.unique_key) }),
  );

  app.get(
    '/webhook/deliveries/:id/:unique_key',
    {
      config: { policy },
      schema: { tags, summary: "An endpoint's 50 most recent deliveries, newest first", security: BEARER, params: IdKeyParams, response: responses({ 200: Envelope(Type.Array(WebhookDeliverySchema)) }, 401, 403, 404) },
    },
    async (request) => ({ data: await app.services.webhooks.deliveries(request.params.id, request.params.unique_key) }),
  );

  app.post(
    '/webhook/delivery-retry/:delivery_id',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'Send a delivery again now, with the same webhook-id and body, and answer its outcome (409 CONFLICT while a dispatcher is sending it)',
        security: BEARER,
        params: WebhookDeliveryParams,
        response: responses({ 200: Envelope(WebhookDeliverySchema) }, 401, 403, 404, 409),
      },
    },
    async (request) => ({ data: await app.services.webhooks.retry(request.params.delivery_id) }),
  );
};

export default webhookRoutes;
