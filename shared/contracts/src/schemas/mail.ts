import { Type } from 'typebox';
import { Timestamp } from './common';

/** queued: waiting for (another) delivery try; sent; failed: refused for good or retries exhausted; stored: no SMTP configured. */
export const OUTBOX_STATUSES = ['queued', 'sent', 'failed', 'stored'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** One mail of the outbox as staff see it (the bodies, which carry codes and links, are left out). */
export const OutboxMailSchema = Type.Object({
  id: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  status: Type.Enum([...OUTBOX_STATUSES]),
  attempts: Type.Integer({ minimum: 0 }),
  last_error: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  sent_at: Type.Union([Timestamp, Type.Null()]),
  failed_at: Type.Union([Timestamp, Type.Null()]),
});

/** GET /api/mail/outbox?status&page&limit */
export const OutboxListQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum([...OUTBOX_STATUSES])),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);
