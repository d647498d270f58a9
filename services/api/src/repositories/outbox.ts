import type { Queryable } from '../db';

export interface OutboxMail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
  sent_at: Date | null;
}

export async function insert(
  db: Queryable,
  mail: { to: string; subject: string; text: string; html: string },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    'INSERT INTO outbox (to_address, subject, text_body, html_body) VALUES ($1, $2, $3, $4) RETURNING id::text AS id',
    [mail.to, mail.subject, mail.text, mail.html],
  );
  return rows[0]?.id ?? '';
}

export async function markSent(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE outbox SET sent_at = now() WHERE id = $1::bigint', [id]);
}

/** Mail stored for a recipient, newest first. Tests read codes and links here; no endpoint exposes it. */
export async function readOutbox(db: Queryable, to?: string): Promise<OutboxMail[]> {
  return db.query<OutboxMail>(
    `SELECT id::text AS id, to_address, subject, text_body, html_body, created_at, sent_at FROM outbox
     WHERE ($1::text IS NULL OR lower(to_address) = lower($1)) ORDER BY id DESC`,
    [to ?? null],
  );
}
