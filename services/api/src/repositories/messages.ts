import type { Locale, MessageFilter, SpamReason } from '@vitrine/contracts';
import type { Queryable } from '../db';
import { escapeLike } from './sql';

export interface MessageRow {
  id: number;
  unique_key: string;
  name: string;
  email: string;
  company: string;
  telephone: string;
  subject: string;
  body: string;
  /** The language of the page it was sent from: the replies' (one of the five; pt-BR by default). */
  locale: string;
  read_at: Date | null;
  archived_at: Date | null;
  /** Why the spam guard held it for review; null for a message like any. */
  spam_reason: SpamReason | null;
  created_at: Date;
  replies: number;
}

export interface ReplyRow {
  id: number;
  body: string;
  author_id: number | null;
  author_name: string | null;
  delivery: string | null;
  created_at: Date;
}

const COLUMNS = `m.id::int AS id, m.unique_key, m.name, m.email, m.company, m.telephone, m.subject, m.body, m.locale, m.read_at, m.archived_at, m.spam_reason, m.created_at,
  (SELECT count(*)::int FROM message_replies r WHERE r.message_id = m.id) AS replies`;

export async function insert(
  db: Queryable,
  row: {
    unique_key: string;
    /** The contact lead; null for a message held as suspected spam (it makes no lead until staff say otherwise). */
    lead_id: string | null;
    name: string;
    email: string;
    company: string;
    telephone: string;
    subject: string;
    body: string;
    locale: Locale;
    spam_reason?: SpamReason | null;
  },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO messages (unique_key, lead_id, name, email, company, telephone, subject, body, locale, spam_reason)
     VALUES ($1, $2::bigint, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::int AS id`,
    [row.unique_key, row.lead_id, row.name, row.email, row.company, row.telephone, row.subject, row.body, row.locale, row.spam_reason ?? null],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('message insert returned no id');
  return id;
}

/** The inbox's filters: a message held as suspected spam is in 'suspected' alone (until staff say it is none, or archive it). */
const FILTERS: Record<MessageFilter, string> = {
  active: 'm.archived_at IS NULL AND m.spam_reason IS NULL',
  unread: 'm.archived_at IS NULL AND m.read_at IS NULL AND m.spam_reason IS NULL',
  read: 'm.archived_at IS NULL AND m.read_at IS NOT NULL AND m.spam_reason IS NULL',
  archived: 'm.archived_at IS NOT NULL',
  suspected: 'm.archived_at IS NULL AND m.spam_reason IS NOT NULL',
};

/** One page of the inbox, newest first, with the total of the filter. */
export async function list(
  db: Queryable,
  options: { filter: MessageFilter; search: string | undefined; limit: number; page: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = [FILTERS[options.filter]];
  const params: unknown[] = [];
  const search = options.search?.trim();
  if (search) {
    params.push(`%${escapeLike(search)}%`);
    where.push(`(m.name ILIKE $1 OR m.email ILIKE $1 OR m.company ILIKE $1 OR m.subject ILIKE $1 OR m.body ILIKE $1)`);
  }
  const clause = where.join(' AND ');
  const total = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM messages m WHERE ${clause}`, params);
  const rows = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages m WHERE ${clause} ORDER BY m.created_at DESC, m.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, options.limit, (options.page - 1) * options.limit],
  );
  return { rows, total: total[0]?.total ?? 0 };
}

export async function counts(db: Queryable): Promise<{ unread: number; active: number; archived: number; suspected: number }> {
  const rows = await db.query<{ unread: number; active: number; archived: number; suspected: number }>(
    `SELECT count(*) FILTER (WHERE archived_at IS NULL AND read_at IS NULL AND spam_reason IS NULL)::int AS unread,
            count(*) FILTER (WHERE archived_at IS NULL AND spam_reason IS NULL)::int AS active,
            count(*) FILTER (WHERE archived_at IS NOT NULL)::int AS archived,
            count(*) FILTER (WHERE archived_at IS NULL AND spam_reason IS NOT NULL)::int AS suspected
     FROM messages`,
  );
  return rows[0] ?? { unread: 0, active: 0, archived: 0, suspected: 0 };
}

/** A held message is no spam (staff's word): back in the inbox, with its contact lead. Answers whether it was held. */
export async function clearSuspicion(db: Queryable, id: number, key: string, leadId: string): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE messages SET spam_reason = NULL, lead_id = $3::bigint WHERE id = $1 AND unique_key = $2 AND spam_reason IS NOT NULL RETURNING id::int AS id',
    [id, key, leadId],
  );
  return rows.length > 0;
}

export async function findById(db: Queryable, id: number): Promise<MessageRow | undefined> {
  const rows = await db.query<MessageRow>(`SELECT ${COLUMNS} FROM messages m WHERE m.id = $1`, [id]);
  return rows[0];
}

export async function find(db: Queryable, id: number, key: string): Promise<MessageRow | undefined> {
  const rows = await db.query<MessageRow>(`SELECT ${COLUMNS} FROM messages m WHERE m.id = $1 AND m.unique_key = $2`, [id, key]);
  return rows[0];
}

/** Marks the message read by this user (the first reader is kept); answers whether it exists. */
export async function markRead(db: Queryable, id: number, key: string, userId: number, read: boolean): Promise<boolean> {
  const rows = read
    ? await db.query<{ id: number }>(
        'UPDATE messages SET read_at = COALESCE(read_at, now()), read_by = COALESCE(read_by, $3) WHERE id = $1 AND unique_key = $2 RETURNING id::int AS id',
        [id, key, userId],
      )
    : await db.query<{ id: number }>('UPDATE messages SET read_at = NULL, read_by = NULL WHERE id = $1 AND unique_key = $2 RETURNING id::int AS id', [id, key]);
  return rows.length > 0;
}

export async function setArchived(db: Queryable, id: number, key: string, archived: boolean): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE messages SET archived_at = ${archived ? 'COALESCE(archived_at, now())' : 'NULL'} WHERE id = $1 AND unique_key = $2 RETURNING id::int AS id`,
    [id, key],
  );
  return rows.length > 0;
}

export async function remove(db: Queryable, id: number, key: string): Promise<boolean> {
  const rows = await db.query<{ id: number }>('DELETE FROM messages WHERE id = $1 AND unique_key = $2 RETURNING id::int AS id', [id, key]);
  return rows.length > 0;
}

export async function replies(db: Queryable, messageId: number): Promise<ReplyRow[]> {
  return db.query<ReplyRow>(
    `SELECT r.id::int AS id, r.body, r.author_id, NULLIF(trim(concat_ws(' ', u.name, u.last_name)), '') AS author_name,
            o.status AS delivery, r.created_at
     FROM message_replies r
     LEFT JOIN users u ON u.id = r.author_id
     LEFT JOIN outbox o ON o.id = r.outbox_id
     WHERE r.message_id = $1 ORDER BY r.id`,
    [messageId],
  );
}

export async function insertReply(db: Queryable, row: { message_id: number; author_id: number; body: string; outbox_id: string }): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'INSERT INTO message_replies (message_id, author_id, body, outbox_id) VALUES ($1, $2, $3, $4::bigint) RETURNING id::int AS id',
    [row.message_id, row.author_id, row.body, row.outbox_id],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('reply insert returned no id');
  return id;
}

/** The active staff who hold an access (role), to be told of new messages. */
/** Active staff holding an access, with the language they last signed in with (null: never signed in). */
export async function staffWithAccess(db: Queryable, access: string): Promise<{ email: string; name: string; locale: string | null }[]> {
  return db.query<{ email: string; name: string; locale: string | null }>(
    `SELECT u.email, u.name, u.locale FROM users u JOIN user_roles r ON r.user_id = u.id
     WHERE r.role_name = $1 AND u.status = 'active' ORDER BY u.id`,
    [access],
  );
}

/** The message a notification job names, if it still exists and staff were not told of it yet. */
export async function findUnnotified(db: Queryable, id: number): Promise<MessageRow | undefined> {
  const rows = await db.query<MessageRow>(`SELECT ${COLUMNS} FROM messages m WHERE m.id = $1 AND m.notified_at IS NULL FOR UPDATE`, [id]);
  return rows[0];
}

export async function markNotified(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE messages SET notified_at = now() WHERE id = $1', [id]);
}
