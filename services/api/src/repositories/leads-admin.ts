import type { LeadSort, LeadsExportInput, LeadsListInput } from '@vitrine/contracts';
import type { Queryable } from '../db';
import { erasedKey } from './leads';
import { escapeLike } from './sql';

export interface LeadRow {
  id: number;
  unique_key: string;
  module: 'contact' | 'newsletter';
  name: string;
  email: string;
  company: string;
  telephone: string;
  subject: string;
  message: string;
  classification: 'none' | 'cold' | 'warm' | 'hot';
  status: 'active' | 'inactive' | 'deleted' | 'blackListed' | 'cancelled';
  newsletter_status: 'active' | 'cancelled' | null;
  confirmed_at: Date | null;
  is_lead: boolean;
  converted_at: Date | null;
  unsubscribe_reason: string | null;
  /** When a mail to the address was refused for good (SMTP 5xx), with the server's answer; null: not bounced. */
  bounced_at: Date | null;
  bounce_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id::int AS id, unique_key, module, name, email, company, telephone, subject, message, classification, status,
  newsletter_status, confirmed_at, is_lead, converted_at, unsubscribe_reason, bounced_at, bounce_reason, created_at, updated_at`;

const SORT_COLUMNS: Record<LeadSort, string> = { created_at: 'created_at', updated_at: 'updated_at', name: 'lower(name)', email: 'lower(email)' };

type Filters = Omit<LeadsListInput, 'sort' | 'order' | 'limit' | 'page'> | Omit<LeadsExportInput, 'base' | 'lang'>;

/** The WHERE clause of the list's filters; `deleted` leads only when asked for. */
function where(filters: Filters, params: unknown[]): string {
  const parts: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  if (filters.module) add((n) => `module = ${n}`, filters.module);
  if (filters.classification) add((n) => `classification = ${n}`, filters.classification);
  if (filters.status) add((n) => `status = ${n}`, filters.status);
  else parts.push(`status <> 'deleted'`);
  if (filters.newsletter_status) add((n) => `newsletter_status = ${n}`, filters.newsletter_status);
  if (filters.is_lead !== undefined) add((n) => `is_lead = ${n}`, filters.is_lead);
  // Days are the company's (São Paulo) days.
  if (filters.from) add((n) => `created_at >= (${n}::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'`, filters.from);
  if (filters.to) add((n) => `created_at < ((${n}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')`, filters.to);
  const search = filters.search?.trim();
  if (search) add((n) => `(name ILIKE ${n} OR email ILIKE ${n} OR company ILIKE ${n} OR subject ILIKE ${n})`, `%${escapeLike(search)}%`);
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

export async function list(db: Queryable, input: LeadsListInput): Promise<{ rows: LeadRow[]; total: number }> {
  const params: unknown[] = [];
  const clause = where(input, params);
  const limit = input.limit ?? 10;
  const page = input.page ?? 1;
  const order = input.order === 'asc' ? 'ASC' : 'DESC';
  const sort = SORT_COLUMNS[input.sort ?? 'created_at'];
  const [total, rows] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads ${clause}`, params),
    db.query<LeadRow>(`SELECT ${COLUMNS} FROM leads ${clause} ORDER BY ${sort} ${order}, id ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}`, params),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** The filtered set in pages of `size`, newest first, by keyset (flat memory whatever the size). */
export async function* exportRows(db: Queryable, filters: Filters, size = 1000): AsyncGenerator<LeadRow[]> {
  let last: number | null = null;
  for (;;) {
    const params: unknown[] = [];
    let clause = where(filters, params);
    if (last !== null) {
      params.push(last);
      clause = `${clause ? `${clause} AND` : 'WHERE'} id < $${params.length}`;
    }
    const rows = await db.query<LeadRow>(`SELECT ${COLUMNS} FROM leads ${clause} ORDER BY id DESC LIMIT ${size}`, params);
    if (!rows.length) return;
    yield rows;
    if (rows.length < size) return;
    last = rows[rows.length - 1]?.id ?? null;
  }
}

export async function find(db: Queryable, id: number, key: string): Promise<LeadRow | undefined> {
  const rows = await db.query<LeadRow>(`SELECT ${COLUMNS} FROM leads WHERE id = $1 AND unique_key = $2`, [id, key]);
  return rows[0];
}

export async function findById(db: Queryable, id: number): Promise<LeadRow | undefined> {
  const rows = await db.query<LeadRow>(`SELECT ${COLUMNS} FROM leads WHERE id = $1`, [id]);
  return rows[0];
}

export async function update(db: Queryable, id: number, key: string, set: string, values: unknown[]): Promise<boolean> {
  const rows = await db.query(`UPDATE leads SET ${set}, updated_at = now() WHERE id = $1 AND unique_key = $2 RETURNING 1`, [id, key, ...values]);
  return rows.length > 0;
}

export async function blacklist(db: Queryable, email: string): Promise<void> {
  await db.query("INSERT INTO email_suppressions (email, reason) VALUES (lower($1), 'blacklisted') ON CONFLICT (email) DO NOTHING", [email]);
}

/** An erased person: their address leaves the suppressions, its hash stays (never mailed nor accepted again). */
export async function suppressErased(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM email_suppressions WHERE email = lower($1)', [email]);
  await db.query("INSERT INTO email_suppressions (email, reason) VALUES ($1, 'erased') ON CONFLICT (email) DO NOTHING", [erasedKey(email)]);
}

/**
 * Staff clear an address's bounce (the mailbox works again, they were told): the mark leaves every lead of the
 * address, and a newsletter subscription it had stopped needs a new confirmation before anything is sent to it (the
 * clearing sends nothing). Answers how many leads changed.
 */
export async function clearBounce(db: Queryable, email: string): Promise<number> {
  const rows = await db.query(
    `UPDATE leads SET bounced_at = NULL, bounce_reason = NULL,
       confirmed_at = CASE WHEN module = 'newsletter' THEN NULL ELSE confirmed_at END, updated_at = now()
     WHERE lower(email) = lower($1) AND bounced_at IS NOT NULL RETURNING 1`,
    [email],
  );
  return rows.length;
}

export async function unsuppress(db: Queryable, email: string): Promise<void> {
  await db.query("DELETE FROM email_suppressions WHERE email = lower($1) AND reason = 'blacklisted'", [email]);
}

/** How many left, per reason, in a period (São Paulo days). */
export async function unsubscribeReasons(db: Queryable, from: string | undefined, to: string | undefined): Promise<{ reason: string; count: number }[]> {
  return db.query(
    `SELECT unsubscribe_reason AS reason, count(*)::int AS count FROM leads
     WHERE module = 'newsletter' AND unsubscribed_at IS NOT NULL
       AND ($1::date IS NULL OR unsubscribed_at >= ($1::date)::timestamp AT TIME ZONE 'America/Sao_Paulo')
       AND ($2::date IS NULL OR unsubscribed_at < (($2::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'))
     GROUP BY unsubscribe_reason ORDER BY count(*) DESC, unsubscribe_reason`,
    [from ?? null, to ?? null],
  );
}
