import type { AuditEntry, AuditLogInput } from '@vitrine/contracts';
import type { Queryable } from '../db';

/** The audit log, newest first, filtered by person, record type and record, and period (UTC days, inclusive). */
export async function list(db: Queryable, input: AuditLogInput & { page: number; limit: number }): Promise<{ items: AuditEntry[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (input.actor_id !== undefined) add('actor_id = ?', input.actor_id);
  if (input.record_type !== undefined) add('record_type = ?', input.record_type);
  if (input.record_id !== undefined) add('record_id = ?', input.record_id);
  if (input.from !== undefined) add(`at >= (?::date AT TIME ZONE 'UTC')`, input.from);
  if (input.to !== undefined) add(`at < ((?::date + 1) AT TIME ZONE 'UTC')`, input.to);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [items, [count]] = await Promise.all([
    db.query<AuditEntry>(
      `SELECT id::int AS id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, actor_id, actor_name, record_type, record_id, action, changes
       FROM audit_log ${filter} ORDER BY at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, input.limit, (input.page - 1) * input.limit],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log ${filter}`, params),
  ]);
  return { items, total: count?.n ?? 0 };
}
