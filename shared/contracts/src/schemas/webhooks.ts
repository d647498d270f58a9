import { Type } from 'typebox';
import { LeadSchema, ReceivedMessageDetailSchema } from './audience';
import { ArticleSchema } from './content';
import { Id, Timestamp } from './common';

/**
 * Outgoing webhooks (docs/decisions/webhooks.md): what a receiver can subscribe to. `webhook.test` is sent only by
 * "send a test event" and cannot be subscribed to.
 */
export const WEBHOOK_EVENTS = ['lead.created', 'lead.updated', 'message.received', 'subscriber.confirmed', 'subscriber.cancelled', 'article.published'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = { url: 2000, description: 200 } as const;

/** An endpoint as staff see it: never its secret (shown once, when created or rotated). */
export const WebhookEndpointSchema = Type.Object({
  id: Id,
  unique_key: Type.String(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(Type.Enum([...WEBHOOK_EVENTS])),
  enabled: Type.Boolean(),
  /** Why the server disabled it ('failing': every delivery failed for a day), or null. */
  disabled_reason: Type.Union([Type.Literal('failing'), Type.Null()]),
  /** Since when its deliveries fail (null: the last one went through). */
  failing_since: Type.Union([Timestamp, Type.Null()]),
  /** Until when the secret before the last rotation still signs too, or null. */
  previous_secret_until: Type.Union([Timestamp, Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
});

/** The answer to creating an endpoint or rotating its secret: the only time the secret is shown. */
export const WebhookEndpointWithSecretSchema = Type.Object({ endpoint: WebhookEndpointSchema, secret: Type.String() });

export const WebhookEndpointBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: WEBHOOK_LIMITS.url }),
    description: Type.Optional(Type.String({ maxLength: WEBHOOK_LIMITS.description })),
    events: Type.Array(Type.Enum([...WEBHOOK_EVENTS]), { minItems: 1, uniqueItems: true }),
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);

/** One delivery of one event to one endpoint, with its last attempt. */
export const WebhookDeliverySchema = Type.Object({
  id: Type.String(),
  /** The message id (the `webhook-id` header): the same on every attempt; receivers de-duplicate on it. */
  webhook_id: Type.String(),
  event: Type.String(),
  status: Type.Enum([...WEBHOOK_DELIVERY_STATUSES]),
  attempts: Type.Integer({ minimum: 0 }),
  /** The last answer's HTTP status, or null (no answer: refused, timed out). */
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  /** The last answer's first bytes, or why there was none. */
  response: Type.Union([Type.String(), Type.Null()]),
  last_attempt_at: Type.Union([Timestamp, Type.Null()]),
  /** While pending: when it is tried again. */
  next_attempt_at: Type.Union([Timestamp, Type.Null()]),
  delivered_at: Type.Union([Timestamp, Type.Null()]),
  created_at: Timestamp,
});

export const WebhookDeliveryParams = Type.Object({ delivery_id: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }) }, { additionalProperties: false });

/** Every event's envelope (Standard Webhooks): `type`, `timestamp` (when it happened) and `data`, the whole record. */
const payload = (type: string, data: ReturnType<typeof Type.Object>, description: string) =>
  Type.Object({ type: Type.Literal(type), timestamp: Timestamp, data }, { description });

/**
 * The body of each event, one JSON schema per event (in the OpenAPI document under components.schemas,
 * `webhook.<event>`). A lead's events carry the lead as staff see it; a subscriber is a lead of module newsletter.
 */
export const WEBHOOK_PAYLOAD_SCHEMAS = {
  'lead.created': payload('lead.created', LeadSchema, 'A new lead: a contact form message from a new address, or a newsletter sign-up.'),
  'lead.updated': payload('lead.updated', LeadSchema, 'Staff changed a lead: its status, classification, lead mark or conversion.'),
  'message.received': payload(
    'message.received',
    Type.Object({ ...ReceivedMessageDetailSchema.properties, locale: Type.String(), lead: Type.Union([LeadSchema, Type.Null()]) }),
    "A contact message reached the inbox (also one the spam guard held, once staff say it is no spam), with its sender's lead.",
  ),
  'subscriber.confirmed': payload('subscriber.confirmed', LeadSchema, 'A newsletter subscription was confirmed (the link in the mail opened).'),
  'subscriber.cancelled': payload('subscriber.cancelled', LeadSchema, 'A subscriber left the newsletter; `unsubscribe_reason` says why.'),
  'article.published': payload(
    'article.published',
    Type.Object({ ...ArticleSchema.properties, url: Type.String() }),
    'An article became public: when published, or at its scheduled time. Not sent again for edits.',
  ),
  'webhook.test': payload('webhook.test', Type.Object({ endpoint: Type.Object({ id: Id, url: Type.String() }), message: Type.String() }), 'Sent by "send a test event".'),
} as const;
