import { DIGEST_DELIVERY_STATUSES, type DigestDeliveryStatus, type DigestSkipReason } from '@vitrine/contracts';
import { DEFAULT_LOCALE, type Locale } from '@vitrine/contracts';
import type { Db, Queryable } from '../db';
import { shownTranslation } from './articles';

/** A digest in one language, as frozen with its week. */
export interface LocalizedDigest {
  subject: string;
  html: string;
  text: string;
}

/** The newsletter's settings (site_settings 'newsletter'): when the digest goes out and how fast. */
export interface DigestSettings {
  /** 0 = Sunday … 6 = Saturday (cron's numbering); Monday by default. */
  day: number;
  hour: number;
  timeZone: string;
  ratePerSecond: number;
}

export const DEFAULT_DIGEST_SETTINGS: DigestSettings = { day: 1, hour: 9, timeZone: 'America/Sao_Paulo', ratePerSecond: 10 };

export async function settings(db: Queryable): Promise<DigestSettings> {
  const rows = await db.query<{ value: Partial<DigestSettings> }>("SELECT value FROM site_settings WHERE key = 'newsletter'");
  return { ...DEFAULT_DIGEST_SETTINGS, ...(rows[0]?.value ?? {}) };
}

export async function saveSettings(db: Queryable, value: DigestSettings): Promise<void> {
  await db.query(
    `INSERT INTO site_settings (key, value) VALUES ('newsletter', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [JSON.stringify(value)],
  );
}

export interface DigestArticle {
  id: number;
  unique_key: string;
  title: string;
  excerpt: string;
  /** The language of title and excerpt (the reader's when translated, else the original's). */
  lang: Locale;
  public_at: Date;
  image_id: string | null;
  image_widths: number[] | null;
}

/**
 * Articles made public in (start, end] (first public in any language: listed_at), newest first, each as a page in
 * `lang` shows it: its translation in that language when published, else its original.
 */
export async function articlesBetween(db: Queryable, start: Date, end: Date, limit: number, lang: Locale = DEFAULT_LOCALE): Promise<DigestArticle[]> {
  return db.query<DigestArticle>(
    `SELECT a.id, a.unique_key, COALESCE(tr.title, a.title) AS title, COALESCE(tr.excerpt, a.excerpt) AS excerpt,
            COALESCE(tr.locale, 'pt-BR') AS lang, a.listed_at AS public_at, a.image_id,
            (SELECT array_agg((v->>'width')::int ORDER BY (v->>'width')::int) FROM jsonb_array_elements(i.variants) v) AS image_widths
     FROM articles a ${shownTranslation(lang)} LEFT JOIN images i ON i.id = a.image_id
     WHERE a.listed_at > $1 AND a.listed_at <= $2
     ORDER BY a.listed_at DESC, a.id DESC LIMIT $3`,
    [start, end, limit],
  );
}

/** Where the last digest's period ended (the next one starts there). */
export async function lastPeriodEnd(db: Queryable): Promise<Date | undefined> {
  const rows = await db.query<{ period_end: Date | null }>('SELECT max(period_end) AS period_end FROM digest_sends');
  return rows[0]?.period_end ?? undefined;
}

export async function weekTaken(db: Queryable, week: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM digest_sends WHERE week = $1', [week])).length > 0;
}

/** Takes the week: the unique week key makes every other taker (replica, repeated tick) get undefined. */
export async function takeWeek(
  db: Queryable,
  row: {
    week: string;
    status: 'sending' | 'empty';
    subject: string;
    html_body: string;
    text_body: string;
    /** The other languages than pt-BR (whose copy is subject / html_body / text_body). */
    localized: Partial<Record<string, LocalizedDigest>>;
    article_ids: number[];
    period_start: Date;
    period_end: Date;
  },
): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO digest_sends (week, status, subject, html_body, text_body, localized, article_ids, period_start, period_end, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, CASE WHEN $2 = 'empty' THEN now() END)
     ON CONFLICT (week) DO NOTHING RETURNING id::int AS id`,
    [row.week, row.status, row.subject, row.html_body, row.text_body, JSON.stringify(row.localized), row.article_ids, row.period_start, row.period_end],
  );
  return rows[0]?.id;
}

/**
 * Who gets the digest: the newsletter's active, confirmed subscribers whose address is neither suppressed
 * (blacklisted, erased) nor bounced. `l` is the leads row.
 */
const RECIPIENT = `l.module = 'newsletter' AND l.newsletter_status = 'active' AND l.status = 'active' AND l.confirmed_at IS NOT NULL
  AND l.bounced_at IS NULL AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = lower(l.email))`;

/** One delivery per recipient, due at `now`; answers how many. */
export async function queueRecipients(db: Queryable, sendId: number, now: Date): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO digest_deliveries (send_id, lead_id, email, next_attempt_at)
     SELECT $1, l.id, l.email, $2 FROM leads l WHERE ${RECIPIENT}
     ORDER BY l.id
     ON CONFLICT (send_id, lead_id) DO NOTHING RETURNING id::text AS id`,
    [sendId, now],
  );
  await db.query('UPDATE digest_sends SET total = (SELECT count(*) FROM digest_deliveries WHERE send_id = $1) WHERE id = $1', [sendId]);
  return rows.length;
}

export interface SendRow {
  id: number;
  week: string;
  status: string;
  subject: string;
  html_body: string;
  text_body: string;
  /** The same digest in the other languages, by locale (none for a send taken before they existed). */
  localized: Partial<Record<string, LocalizedDigest>>;
  total: number;
}

export async function findSend(db: Queryable, id: number): Promise<SendRow | undefined> {
  const rows = await db.query<SendRow>('SELECT id::int AS id, week, status, subject, html_body, text_body, localized, total FROM digest_sends WHERE id = $1', [id]);
  return rows[0];
}

/** The sends under way (status 'sending'), oldest first. */
export async function sendingSends(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ id: number }>("SELECT id::int AS id FROM digest_sends WHERE status = 'sending' ORDER BY id");
  return rows.map((r) => r.id);
}

/** A sender (one per process) says it is alive until `until`: its claims are its own until then. */
export async function lease(db: Queryable, senderId: string, until: Date): Promise<void> {
  await db.query(
    'INSERT INTO digest_senders (id, lease_until) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET lease_until = EXCLUDED.lease_until',
    [senderId, until],
  );
}

/** A sender that stopped cleanly gives its lease up: nothing of it is left to wait for. */
export async function dropLease(db: Queryable, senderId: string): Promise<void> {
  await db.query('DELETE FROM digest_senders WHERE id = $1', [senderId]);
}

/**
 * Claims left by a process that stopped go back in the queue: their sender's lease has run out (or it gave it
 * up), or, for a claim made before senders held leases, it is older than `legacySeconds`. Expired leases are
 * forgotten. Answers how many claims came back.
 */
export async function releaseDeadClaims(db: Queryable, sendId: number, now: Date, legacySeconds: number): Promise<number> {
  await db.query('DELETE FROM digest_senders WHERE lease_until <= $1', [now]);
  const rows = await db.query(
    `UPDATE digest_deliveries d SET status = 'queued', claimed_by = NULL, claimed_at = NULL
     WHERE d.send_id = $1 AND d.status = 'sending'
       AND CASE WHEN d.claimed_by IS NULL THEN d.claimed_at < $2::timestamptz - make_interval(secs => $3)
                ELSE NOT EXISTS (SELECT 1 FROM digest_senders s WHERE s.id = d.claimed_by) END
     RETURNING 1`,
    [sendId, now, legacySeconds],
  );
  return rows.length;
}

/** This sender's claims on a send, left by an earlier run of its own that ended before recording them: queued again. */
export async function releaseOwnClaims(db: Queryable, sendId: number, senderId: string): Promise<number> {
  const rows = await db.query(
    "UPDATE digest_deliveries SET status = 'queued', claimed_by = NULL, claimed_at = NULL WHERE send_id = $1 AND status = 'sending' AND claimed_by = $2 RETURNING 1",
    [sendId, senderId],
  );
  return rows.length;
}

export interface ClaimedDelivery {
  id: number;
  lead_id: number | null;
  email: string;
  /** Tries made before this one. */
  attempts: number;
  lead_key: string | null;
  /** The subscriber's language (null when the lead is gone). */
  locale: string | null;
}

export type ClaimResult =
  /** The sender's lease has run out: it claims nothing more until it holds one again. */
  | { kind: 'no-lease' }
  /** Not this mail's turn yet: the send's pace allows the next hand-over in `waitMs`. */
  | { kind: 'wait'; waitMs: number }
  /** No delivery is due now: the send is finished (here or by another sender), or waits for retries or other senders. */
  | { kind: 'none' }
  /** The next due delivery's subscriber left (or was blocked, or bounced) before their turn: recorded as skipped. */
  | { kind: 'skipped'; id: number; reason: DigestSkipReason }
  /** The delivery to hand to SMTP now. */
  | { kind: 'claimed'; delivery: ClaimedDelivery };

/**
 * A mail's turn, in one statement, immediately before it goes out:
 * 1. the sender's lease must be alive;
 * 2. the send's shared pace must allow a hand-over at `now`: its turn has come (`pace_at`, which it moves one interval,
 *    1 s / rate, on), and fewer than `rate` of the send's mails are being handed over now or were accepted by the SMTP
 *    server in the last second. The second rule holds the rate at the server whatever the time between a turn and
 *    the mail's arrival (a new connection, a slow answer): of the mails that arrive in any one second, the one whose
 *    turn came last saw every other one in flight or accepted within the second before its turn;
 * 3. the next due delivery is claimed (others skip the row it locks), and its subscriber is checked as they are
 *    at this moment: one who left, was blacklisted or erased, or bounced since the week was taken is recorded as
 *    skipped with the reason instead, and gets nothing.
 */
export async function claimNext(db: Db, claim: { sendId: number; senderId: string; now: Date; rate: number }): Promise<ClaimResult> {
  // The send's row is locked first, in a statement of its own: the turn's statement then counts, in a snapshot taken
  // after the lock, every turn taken before it (one statement's snapshot would predate a turn committed while it
  // waited for the lock, and a mail more than the rate could go out within a second).
  const rows = await db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM digest_sends WHERE id = $1 FOR UPDATE', [claim.sendId]);
    return tx.query<{
      leased: boolean;
      took: boolean;
      sending: boolean | null;
      wait_ms: number | null;
      id: number | null;
      lead_id: number | null;
      email: string | null;
      attempts: number | null;
      status: string | null;
      skip_reason: DigestSkipReason | null;
      lead_key: string | null;
      locale: string | null;
    }>(
      `WITH lease AS (
         SELECT 1 FROM digest_senders WHERE id = $3 AND lease_until > $2::timestamptz
       ), recent AS (
         SELECT count(*) FILTER (WHERE status = 'sending')::int AS flying,
                count(*) FILTER (WHERE status <> 'sending')::int AS done,
                min(sent_at) FILTER (WHERE status <> 'sending') AS oldest
         FROM digest_deliveries
         WHERE send_id = $1 AND (status = 'sending' OR (status IN ('sent', 'stored') AND sent_at > $2::timestamptz - interval '1 second'))
       ), pace AS (
         UPDATE digest_sends SET pace_at = $2::timestamptz + make_interval(secs => $4::float8 / 1000)
         WHERE id = $1 AND status = 'sending' AND (pace_at IS NULL OR pace_at <= $2::timestamptz) AND EXISTS (SELECT 1 FROM lease)
           AND (SELECT flying + done FROM recent) < $5
         RETURNING id
       ), due AS (
         SELECT d.id FROM digest_deliveries d
         WHERE d.send_id = $1 AND d.status IN ('queued', 'deferred') AND d.next_attempt_at <= $2::timestamptz AND EXISTS (SELECT 1 FROM pace)
         ORDER BY d.next_attempt_at, d.id LIMIT 1 FOR UPDATE SKIP LOCKED
       ), judged AS (
         SELECT d.id, l.unique_key AS lead_key, l.locale,
           CASE
             WHEN l.id IS NULL OR lower(l.email) <> lower(d.email) THEN 'erased'
             WHEN l.status = 'blackListed' OR EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = lower(d.email)) THEN 'blacklisted'
             WHEN l.bounced_at IS NOT NULL THEN 'bounced'
             WHEN l.newsletter_status IS DISTINCT FROM 'active' THEN 'unsubscribed'
             WHEN l.status <> 'active' OR l.confirmed_at IS NULL THEN 'inactive'
           END AS skip
         FROM due JOIN digest_deliveries d ON d.id = due.id LEFT JOIN leads l ON l.id = d.lead_id
       ), claimed AS (
         UPDATE digest_deliveries d
         SET status = CASE WHEN j.skip IS NULL THEN 'sending' ELSE 'skipped' END, skip_reason = j.skip,
             claimed_by = CASE WHEN j.skip IS NULL THEN $3 END, claimed_at = $2::timestamptz
         FROM judged j WHERE d.id = j.id
         RETURNING d.id::int AS id, d.lead_id::int AS lead_id, d.email, d.attempts, d.status, d.skip_reason, j.lead_key, j.locale
       )
       SELECT EXISTS (SELECT 1 FROM lease) AS leased, EXISTS (SELECT 1 FROM pace) AS took,
         (SELECT s.status = 'sending' FROM digest_sends s WHERE s.id = $1) AS sending,
         greatest(
           (SELECT extract(epoch FROM s.pace_at - $2::timestamptz) * 1000 FROM digest_sends s WHERE s.id = $1),
           (SELECT CASE WHEN r.flying + r.done < $5 THEN 0
                        WHEN r.oldest IS NULL THEN $4::float8
                        ELSE extract(epoch FROM r.oldest + interval '1 second' - $2::timestamptz) * 1000 END FROM recent r),
           0)::float8 AS wait_ms,
         c.id, c.lead_id, c.email, c.attempts, c.status, c.skip_reason, c.lead_key, c.locale
       FROM (SELECT 1) AS one LEFT JOIN claimed c ON true`,
      [claim.sendId, claim.now, claim.senderId, 1000 / claim.rate, claim.rate],
    );
  });
  const row = rows[0];
  // Finished (by another sender) or gone: nothing more to claim.
  if (!row?.sending) return { kind: 'none' };
  if (!row.leased) return { kind: 'no-lease' };
  if (!row.took) return { kind: 'wait', waitMs: row.wait_ms ?? 0 };
  if (row.id === null) return { kind: 'none' };
  if (row.status === 'skipped') return { kind: 'skipped', id: row.id, reason: row.skip_reason ?? 'inactive' };
  return {
    kind: 'claimed',
    delivery: { id: row.id, lead_id: row.lead_id, email: row.email ?? '', attempts: row.attempts ?? 0, lead_key: row.lead_key, locale: row.locale },
  };
}

/** This sender's claim, handed over: sent (or stored without SMTP). The final states keep who sent them (claimed_by). */
export async function markDelivered(db: Queryable, id: number, senderId: string, status: 'sent' | 'stored', now: Date): Promise<void> {
  await db.query(
    `UPDATE digest_deliveries SET status = $3, sent_at = $4, attempts = attempts + 1, last_error = NULL
     WHERE id = $1 AND claimed_by = $2 AND status = 'sending'`,
    [id, senderId, status, now],
  );
}

/** A transient refusal: tried again at `retryAt`; the server's answer stays visible meanwhile. */
export async function markDeferred(db: Queryable, id: number, senderId: string, error: string, retryAt: Date): Promise<void> {
  await db.query(
    `UPDATE digest_deliveries SET status = 'deferred', claimed_by = NULL, claimed_at = NULL, attempts = attempts + 1, last_error = $3, next_attempt_at = $4
     WHERE id = $1 AND claimed_by = $2 AND status = 'sending'`,
    [id, senderId, error, retryAt],
  );
}

/** The last try failed (transient failures to the end), or a permanent refusal ('bounced': the caller marks the address). */
export async function markFinalFailure(db: Queryable, id: number, senderId: string, status: 'failed' | 'bounced', error: string): Promise<void> {
  await db.query(
    `UPDATE digest_deliveries SET status = $3, attempts = attempts + 1, last_error = $4
     WHERE id = $1 AND claimed_by = $2 AND status = 'sending'`,
    [id, senderId, status, error],
  );
}

/** What is left of a send at `now`: deliveries not final, how many are due, and when the next waiting one is. */
export async function remaining(db: Queryable, sendId: number, now: Date): Promise<{ open: number; due: number; nextDueAt: Date | null }> {
  const rows = await db.query<{ open: number; due: number; next_due: Date | null }>(
    `SELECT count(*) FILTER (WHERE status IN ('queued', 'deferred', 'sending'))::int AS open,
            count(*) FILTER (WHERE status IN ('queued', 'deferred') AND next_attempt_at <= $2)::int AS due,
            min(next_attempt_at) FILTER (WHERE status IN ('queued', 'deferred')) AS next_due
     FROM digest_deliveries WHERE send_id = $1`,
    [sendId, now],
  );
  return { open: rows[0]?.open ?? 0, due: rows[0]?.due ?? 0, nextDueAt: rows[0]?.next_due ?? null };
}

export async function finish(db: Queryable, sendId: number, now: Date): Promise<boolean> {
  const rows = await db.query("UPDATE digest_sends SET status = 'done', finished_at = $2 WHERE id = $1 AND status = 'sending' RETURNING 1", [sendId, now]);
  return rows.length > 0;
}

export interface SendSummary {
  id: number;
  week: string;
  status: string;
  subject: string;
  total: number;
  sent: number;
  failed: number;
  queued: number;
  articles: number;
  created_at: Date;
  finished_at: Date | null;
  states: Record<DigestDeliveryStatus, number>;
}

/**
 * The weekly sends, newest first, with their delivery counts (the admin's view): each state's, and the three
 * older sums (sent with stored, failed with bounced, queued with sending and deferred).
 */
export async function listSends(db: Queryable, limit: number): Promise<SendSummary[]> {
  const rows = await db.query<Omit<SendSummary, 'states'> & { counts: Partial<Record<DigestDeliveryStatus, number>> | null }>(
    `SELECT s.id::int AS id, s.week, s.status, s.subject, s.total, cardinality(s.article_ids) AS articles, s.created_at, s.finished_at,
            coalesce(sum(c.n) FILTER (WHERE c.status IN ('sent', 'stored')), 0)::int AS sent,
            coalesce(sum(c.n) FILTER (WHERE c.status IN ('failed', 'bounced')), 0)::int AS failed,
            coalesce(sum(c.n) FILTER (WHERE c.status IN ('queued', 'sending', 'deferred')), 0)::int AS queued,
            jsonb_object_agg(c.status, c.n) FILTER (WHERE c.status IS NOT NULL) AS counts
     FROM digest_sends s
     LEFT JOIN LATERAL (SELECT status, count(*)::int AS n FROM digest_deliveries WHERE send_id = s.id GROUP BY status) c ON true
     GROUP BY s.id ORDER BY s.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(({ counts, ...row }) => ({
    ...row,
    states: Object.fromEntries(DIGEST_DELIVERY_STATUSES.map((status) => [status, counts?.[status] ?? 0])) as Record<DigestDeliveryStatus, number>,
  }));
}

export interface DeliveryRow {
  id: number;
  email: string;
  status: DigestDeliveryStatus;
  attempts: number;
  last_error: string | null;
  skip_reason: DigestSkipReason | null;
  next_attempt_at: Date | null;
  sent_at: Date | null;
}

/** One send's deliveries, optionally of some states, in the order they were queued (the admin's filter); `limit` null: all. */
export async function deliveries(
  db: Queryable,
  sendId: number,
  filter: { statuses?: readonly DigestDeliveryStatus[] | undefined; limit: number | null; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const statuses = filter.statuses ? [...filter.statuses] : null;
  const [rows, total] = await Promise.all([
    db.query<DeliveryRow>(
      `SELECT id::int AS id, email, status, attempts, last_error, skip_reason,
              CASE WHEN status = 'deferred' THEN next_attempt_at END AS next_attempt_at, sent_at
       FROM digest_deliveries WHERE send_id = $1 AND ($2::text[] IS NULL OR status = ANY($2::text[]))
       ORDER BY id LIMIT $3 OFFSET $4`,
      [sendId, statuses, filter.limit, filter.offset],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM digest_deliveries WHERE send_id = $1 AND ($2::text[] IS NULL OR status = ANY($2::text[]))', [sendId, statuses]),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Who the digest would go to now. */
export async function recipientCount(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads l WHERE ${RECIPIENT}`);
  return rows[0]?.n ?? 0;
}
