import { Type } from 'typebox';
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from '../audit-log';
import { Id, Timestamp } from './common';

/** GET /audit/audit-log: filters by person, record type and period (days, inclusive), paged (newest first). */
export const AuditLogQuery = Type.Object(
  {
    actor_id: Type.Optional(Id),
    record_type: Type.Optional(Type.Enum([...AUDIT_RECORD_TYPES])),
    record_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    from: Type.Optional(Type.String({ format: 'date' })),
    to: Type.Optional(Type.String({ format: 'date' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);

export const AuditEntrySchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  at: Timestamp,
  actor_id: Type.Union([Id, Type.Null()]),
  /** The actor's name when they acted. */
  actor_name: Type.String(),
  record_type: Type.Enum([...AUDIT_RECORD_TYPES]),
  record_id: Type.String(),
  action: Type.Enum([...AUDIT_ACTIONS]),
  /** create / delete: the row; update: { column: [before, after] } per changed column ("…" for a long text). */
  changes: Type.Record(Type.String(), Type.Unknown()),
});
