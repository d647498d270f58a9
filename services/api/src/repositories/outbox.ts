import type { OutboxStatus } from '@vitrine/contracts/schemas';
import type { Queryable } from '../db';

export type { OutboxStatus };

export interface OutboxMail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
  sent_at: Date | null;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  failed_at: Date | null;
  headers: Record<string, string> | null;
}

const COLUMNS = 'id::text AS id, to_address, subject, text_body, html_body, created_at, sent_at, status, attempts, last_error, failed_at, headers';

export async function insert(
  db: Queryable,
  mail: { to: string; subject: string; text: string; html: string; headers?: Record<string, string> | undefined },
  status: 'queued' | 'stored',
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    'INSERT INTO outbox (to_address, subject, text_body, html_body, status, headers) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id',
    [mail.to, mail.subject, mail.text, mail.html, status, mail.headers ? JSON.stringify(mail.headers) : null],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into outbox returned no id');
  return id;
}

export async function findById(db: Queryable, id: string): Promise<OutboxMail | undefined> {
  const rows = await db.query<OutboxMail>(`SELECT ${COLUMNS} FROM outbox WHERE id = $1::bigint`, [id]);
  return rows[0];
}

export async function markSent(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE id = $1::bigint", [id]);
}

/** Queued mail that can no longer be sent (SMTP_URL removed while it waited): kept as stored. */
export async function markStored(db: Queryable, id: string): Promise<void> {
  await db.query("UPDATE outbox SET status = 'stored' WHERE id = $1::bigint", [id]);
}

export async function recordAttemptFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query('UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1::bigint', [id, error]);
}

export async function markFailed(db: Queryable, id: string, error: string): Promise<void> {
  await db.query(
    "UPDATE outbox SET status = 'failed', failed_at = now(), attempts = attempts + 1, last_error = $2 WHERE id = $1::bigint",
    [id, error],
  );
}

/** Mail stored for a recipient, newest first. Tests read codes and links here. */
export async function readOutbox(db: Queryable, to?: string): Promise<OutboxMail[]> {
  return db.query<OutboxMail>(
    `SELECT ${COLUMNS} FROM outbox WHERE ($1::text IS NULL OR lower(to_address) = lower($1)) ORDER BY outbox.id DESC`,
    [to ?? null],
  );
}

export interface OutboxPage {
  rows: Omit<OutboxMail, 'text_body' | 'html_body'>[];
  total: number;
}

/** Staff view of deliveries, newest first, optionally one status; bodies left out (they hold codes and links). */
export async function list(db: Queryable, filter: { status?: OutboxStatus | undefined; limit: number; offset: number }): Promise<OutboxPage> {
  const [rows, total] = await Promise.all([
    db.query<OutboxPage['rows'][number]>(
      `SELECT id::text AS id, to_address, subject, created_at, sent_at, status, attempts, last_error, failed_at FROM outbox
       WHERE ($1::text IS NULL OR status = $1) ORDER BY outbox.id DESC LIMIT $2 OFFSET $3`,
      [filter.status ?? null, filter.limit, filter.offset],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE ($1::text IS NULL OR status = $1)', [filter.status ?? null]),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/**
 * Mail still queued long after its last retry was due had its delivery job lost to a crash on the last attempt
 * (the engine failed the expired run without the handler recording it): recorded as failed so staff see it.
 */
export async function abandonStale(db: Queryable, olderThanHours: number): Promise<number> {
  const rows = await db.query(
    `UPDATE outbox SET status = 'failed', failed_at = now(), last_error = COALESCE(last_error || ' — ', '') || $2
     WHERE status = 'queued' AND created_at < now() - make_interval(hours => $1) RETURNING 1`,
    [olderThanHours, `not delivered within ${olderThanHours} h`],
  );
  return rows.length;
}

/** Delivered (or stored) mail past its retention, and failed mail past a longer one. */
export async function purgeOld(db: Queryable, days: { delivered: number; failed: number }): Promise<number> {
  const rows = await db.query(
    `DELETE FROM outbox WHERE (status IN ('sent', 'stored') AND created_at < now() - make_interval(days => $1))
        OR (status = 'failed' AND created_at < now() - make_interval(days => $2)) RETURNING 1`,
    [days.delivered, days.failed],
  );
  return rows.length;
}
