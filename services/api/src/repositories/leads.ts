import { createHash } from 'node:crypto';
import type { Locale } from '@vitrine/contracts';
import type { Queryable } from '../db';

export interface LeadContactFields {
  email: string;
  name: string;
  company: string;
  telephone: string;
  subject: string;
  message: string;
}

/**
 * The contact lead of an email, created or refreshed with what the person wrote last. A lead that staff
 * had deleted comes back active: the person reached out again. Answers the lead's id and whether it is new.
 */
export async function upsertContact(db: Queryable, uniqueKey: string, fields: LeadContactFields): Promise<{ id: string; created: boolean }> {
  const rows = await db.query<{ id: string; created: boolean }>(
    `INSERT INTO leads (unique_key, module, email, name, company, telephone, subject, message)
     VALUES ($1, 'contact', $2, $3, $4, $5, $6, $7)
     ON CONFLICT (module, lower(email)) DO UPDATE SET
       email = EXCLUDED.email, name = EXCLUDED.name, company = EXCLUDED.company, telephone = EXCLUDED.telephone,
       subject = EXCLUDED.subject, message = EXCLUDED.message,
       status = CASE WHEN leads.status = 'deleted' THEN 'active' ELSE leads.status END,
       updated_at = now()
     RETURNING id::text AS id, (xmax = 0) AS created`,
    [uniqueKey, fields.email, fields.name, fields.company, fields.telephone, fields.subject, fields.message],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('lead upsert returned no id');
  return row;
}

/** How an erased email is kept in the suppressions: its SHA-256, not the address. */
export function erasedKey(email: string): string {
  return `sha256:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
}

/** Is this email blacklisted or erased (never accepted nor mailed again)? */
export async function isSuppressed(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query<{ found: number }>('SELECT 1 AS found FROM email_suppressions WHERE email IN (lower($1), $2)', [email.trim(), erasedKey(email)]);
  return rows.length > 0;
}

export interface SubscriberRow {
  id: number;
  unique_key: string;
  email: string;
  name: string;
  status: string;
  newsletter_status: 'active' | 'cancelled' | null;
  confirmed_at: Date | null;
  /** The language of the page they subscribed from: their mails' (one of the five; pt-BR by default). */
  locale: string;
  /**
   * When a mail to the address was refused for good (SMTP 5xx; null: not bounced). A bounced subscriber gets no
   * digest nor welcome mail until they confirm a subscription again (confirmSubscription clears it).
   */
  bounced_at: Date | null;
}

const SUBSCRIBER = 'id::int AS id, unique_key, email, name, status, newsletter_status, confirmed_at, locale, bounced_at';

/** The newsletter lead of an email, locked for the caller's transaction. */
export async function findSubscriberByEmail(db: Queryable, email: string): Promise<SubscriberRow | undefined> {
  const rows = await db.query<SubscriberRow>(`SELECT ${SUBSCRIBER} FROM leads WHERE module = 'newsletter' AND lower(email) = lower($1) FOR UPDATE`, [email]);
  return rows[0];
}

export async function findSubscriber(db: Queryable, id: number, key: string): Promise<SubscriberRow | undefined> {
  const rows = await db.query<SubscriberRow>(`SELECT ${SUBSCRIBER} FROM leads WHERE module = 'newsletter' AND id = $1 AND unique_key = $2`, [id, key]);
  return rows[0];
}

/**
 * A subscription request: creates the newsletter lead or gives the existing one a new confirmation token.
 * Its newsletter status does not change until the link is opened (a cancelled subscriber stays cancelled).
 */
export async function requestSubscription(
  db: Queryable,
  fields: { unique_key: string; email: string; name: string; locale: Locale; token_hash: string; expires_at: Date },
): Promise<SubscriberRow> {
  const rows = await db.query<SubscriberRow>(
    `INSERT INTO leads (unique_key, module, email, name, locale, confirm_token_hash, confirm_expires_at)
     VALUES ($1, 'newsletter', $2, $3, $4, $5, $6)
     ON CONFLICT (module, lower(email)) DO UPDATE SET
       name = CASE WHEN EXCLUDED.name <> '' THEN EXCLUDED.name ELSE leads.name END,
       locale = EXCLUDED.locale,
       confirm_token_hash = EXCLUDED.confirm_token_hash, confirm_expires_at = EXCLUDED.confirm_expires_at, updated_at = now()
     RETURNING ${SUBSCRIBER}`,
    [fields.unique_key, fields.email, fields.name, fields.locale, fields.token_hash, fields.expires_at],
  );
  const row = rows[0];
  if (!row) throw new Error('subscription upsert returned no row');
  return row;
}

/**
 * Opens a confirmation link once: the token is spent, the subscriber active and confirmed, and a bounce mark
 * cleared (the address has just proved it receives mail). Answers the row as it was.
 */
export async function confirmSubscription(db: Queryable, id: number, tokenHash: string): Promise<SubscriberRow | undefined> {
  const rows = await db.query<SubscriberRow>(
    `WITH before AS (
       SELECT ${SUBSCRIBER} FROM leads
       WHERE module = 'newsletter' AND id = $1 AND confirm_token_hash = $2 AND confirm_expires_at > now() FOR UPDATE
     ), unbounced AS (
       UPDATE leads o SET bounced_at = NULL, bounce_reason = NULL, updated_at = now()
       FROM before WHERE lower(o.email) = lower(before.email) AND o.id <> before.id AND o.bounced_at IS NOT NULL
     )
     UPDATE leads l SET newsletter_status = 'active', status = 'active', confirmed_at = now(),
       confirm_token_hash = NULL, confirm_expires_at = NULL,
       unsubscribe_reason = NULL, unsubscribe_details = NULL, unsubscribed_at = NULL, bounced_at = NULL, bounce_reason = NULL, updated_at = now()
     FROM before WHERE l.id = before.id
     RETURNING before.id, before.unique_key, before.email, before.name, before.status, before.newsletter_status, before.confirmed_at, before.locale, before.bounced_at`,
    [id, tokenHash],
  );
  return rows[0];
}

export async function cancelSubscription(db: Queryable, id: number, key: string, reason: string, details: string | null): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE leads SET newsletter_status = 'cancelled', unsubscribe_reason = $3, unsubscribe_details = $4, unsubscribed_at = now(), updated_at = now()
     WHERE module = 'newsletter' AND id = $1 AND unique_key = $2 RETURNING id::int AS id`,
    [id, key, reason, details],
  );
  return rows.length > 0;
}

/**
 * A mail to this address was refused for good (SMTP 5xx): every lead of the address is marked bounced, with the
 * server's answer (the first mark's time is kept). Answers how many leads were marked.
 */
export async function markBounced(db: Queryable, email: string, reason: string, at: Date = new Date()): Promise<number> {
  const rows = await db.query(
    'UPDATE leads SET bounced_at = COALESCE(bounced_at, $2), bounce_reason = $3, updated_at = now() WHERE lower(email) = lower($1) RETURNING 1',
    [email.trim(), at, reason.slice(0, 500)],
  );
  return rows.length;
}

/** Is a mail to this address known to bounce (refused for good; cleared by a confirmation or by staff)? */
export async function isBounced(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM leads WHERE lower(email) = lower($1) AND bounced_at IS NOT NULL LIMIT 1', [email.trim()]);
  return rows.length > 0;
}
