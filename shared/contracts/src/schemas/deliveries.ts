import { Type } from 'typebox';
import { DIGEST_DELIVERY_STATUSES, DIGEST_SKIP_REASONS } from '../deliveries';
import { Id, Timestamp } from './common';
import { DigestSendSchema, LeadSchema } from './audience';

export * from '../deliveries';

const count = Type.Integer({ minimum: 0 });

/** Each state's count of a week's deliveries (every state present, zeros too). */
export const DigestDeliveryCountsSchema = Type.Object({
  queued: count,
  sending: count,
  sent: count,
  stored: count,
  deferred: count,
  failed: count,
  bounced: count,
  skipped: count,
});

/**
 * A week's digest as GET /newsletter/digests lists it: DigestSendSchema (sent counts stored ones, failed counts
 * bounced ones, queued counts sending and deferred ones) and `states`, the count of each delivery state.
 */
export const DigestSendStatesSchema = Type.Object({ ...DigestSendSchema.properties, states: DigestDeliveryCountsSchema });

/** One recipient's delivery of a week's digest (GET /newsletter/digests/{id}/deliveries). */
export const DigestDeliverySchema = Type.Object({
  id: Id,
  email: Type.String(),
  status: Type.Enum([...DIGEST_DELIVERY_STATUSES]),
  attempts: Type.Integer({ minimum: 0 }),
  /** The SMTP server's last answer (deferred, failed, bounced; kept on a later success's earlier tries: null). */
  last_error: Type.Union([Type.String(), Type.Null()]),
  /** Why it was skipped (status skipped only). */
  skip_reason: Type.Union([Type.Enum([...DIGEST_SKIP_REASONS]), Type.Null()]),
  /** When a deferred delivery is tried again. */
  next_attempt_at: Type.Union([Timestamp, Type.Null()]),
  sent_at: Type.Union([Timestamp, Type.Null()]),
});

/** GET /newsletter/digests/{id}/deliveries?status&page&limit */
export const DigestDeliveriesQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum([...DIGEST_DELIVERY_STATUSES])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);

/**
 * A lead as staff list it, with its address's bounce: when a mail to it was refused for good (SMTP 5xx) and the
 * server's answer; both null when it is not bounced.
 */
export const LeadWithBounceSchema = Type.Object({
  ...LeadSchema.properties,
  bounced_at: Type.Union([Timestamp, Type.Null()]),
  bounce_reason: Type.Union([Type.String(), Type.Null()]),
});
