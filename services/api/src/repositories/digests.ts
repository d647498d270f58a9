import type { Queryable } from '../db';

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
  public_at: Date;
  image_id: string | null;
  image_widths: number[] | null;
}

/** Articles made public in (start, end], newest first. */
export async function articlesBetween(db: Queryable, start: Date, end: Date, limit: number): Promise<DigestArticle[]> {
  return db.query<DigestArticle>(
    `SELECT a.id, a.unique_key, a.title, a.excerpt, a.public_at, a.image_id,
            (SELECT array_agg((v->>'width')::int ORDER BY (v->>'width')::int) FROM jsonb_array_elements(i.variants) v) AS image_widths
     FROM articles a LEFT JOIN images i ON i.id = a.image_id
     WHERE a.status = 'published' AND a.public_at > $1 AND a.public_at <= $2
     ORDER BY a.public_at DESC, a.id DESC LIMIT $3`,
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

/** One delivery per active, confirmed subscriber not suppressed; answers how many. */
export async function queueRecipients(db: Queryable, sendId: number): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO digest_deliveries (send_id, lead_id, email)
     SELECT $1, l.id, l.email FROM leads l
     WHERE l.module = 'newsletter' AND l.newsletter_status = 'active' AND l.status = 'active' AND l.confirmed_at IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = lower(l.email))
     ORDER BY l.id
     ON CONFLICT (send_id, lead_id) DO NOTHING RETURNING id::text AS id`,
    [sendId],
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

/** A send run is alive: recorded at its start and at every batch (see stalledSends). */
export async function markRunning(db: Queryable, sendId: number): Promise<void> {
  await db.query('UPDATE digest_sends SET run_at = now() WHERE id = $1', [sendId]);
}

/** Sends still 'sending' with no run seen for `olderThanSeconds` (never run: counted from when the week was taken). */
export async function stalledSends(db: Queryable, olderThanSeconds: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id::int AS id FROM digest_sends
     WHERE status = 'sending' AND COALESCE(run_at, created_at) < now() - make_interval(secs => $1) ORDER BY id`,
    [olderThanSeconds],
  );
  return rows.map((r) => r.id);
}

/** Claims left by a worker that died (still 'sending' long after): back in the queue. */
export async function releaseStale(db: Queryable, sendId: number, olderThanSeconds: number): Promise<number> {
  const rows = await db.query(
    `UPDATE digest_deliveries SET status = 'queued', claimed_at = NULL
     WHERE send_id = $1 AND status = 'sending' AND claimed_at < now() - make_interval(secs => $2) RETURNING 1`,
    [sendId, olderThanSeconds],
  );
  return rows.length;
}

export interface ClaimedDelivery {
  id: number;
  lead_id: number | null;
  email: string;
  attempts: number;
  lead_key: string | null;
  /** The subscriber's language (null when the lead is gone). */
  locale: string | null;
}

/** Claims up to `limit` due deliveries for this worker (others skip the rows it locked). */
export async function claim(db: Queryable, sendId: number, limit: number): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `WITH due AS (
       SELECT id FROM digest_deliveries
       WHERE send_id = $1 AND status = 'queued' AND next_attempt_at <= now()
       ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE digest_deliveries d SET status = 'sending', claimed_at = now()
     FROM due WHERE d.id = due.id
     RETURNING d.id::int AS id, d.lead_id::int AS lead_id, d.email, d.attempts,
       (SELECT unique_key FROM leads WHERE id = d.lead_id) AS lead_key, (SELECT locale FROM leads WHERE id = d.lead_id) AS locale`,
    [sendId, limit],
  );
}

export async function markDelivered(db: Queryable, id: number, status: 'sent' | 'stored'): Promise<void> {
  await db.query('UPDATE digest_deliveries SET status = $2, sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1', [id, status]);
}

export async function markFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db.query("UPDATE digest_deliveries SET status = 'failed', attempts = attempts + 1, last_error = $2 WHERE id = $1", [id, error]);
}

export async function retryLater(db: Queryable, id: number, error: string, delaySeconds: number): Promise<void> {
  await db.query(
    `UPDATE digest_deliveries SET status = 'queued', claimed_at = NULL, attempts = attempts + 1, last_error = $2,
       next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1`,
    [id, error, delaySeconds],
  );
}

/** What is left of a send: deliveries not yet final, and when the earliest queued one is due. */
export async function remaining(db: Queryable, sendId: number): Promise<{ open: number; nextDueInSeconds: number | null }> {
  const rows = await db.query<{ open: number; next_due: number | null }>(
    `SELECT count(*) FILTER (WHERE status IN ('queued', 'sending'))::int AS open,
            greatest(0, extract(epoch FROM min(next_attempt_at) FILTER (WHERE status = 'queued') - now()))::float8 AS next_due
     FROM digest_deliveries WHERE send_id = $1`,
    [sendId],
  );
  return { open: rows[0]?.open ?? 0, nextDueInSeconds: rows[0]?.next_due ?? null };
}

export async function finish(db: Queryable, sendId: number): Promise<void> {
  await db.query("UPDATE digest_sends SET status = 'done', finished_at = now() WHERE id = $1 AND status = 'sending'", [sendId]);
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
}

/** The weekly sends, newest first, with their delivery counts (the admin's view). */
export async function listSends(db: Queryable, limit: number): Promise<SendSummary[]> {
  return db.query<SendSummary>(
    `SELECT s.id::int AS id, s.week, s.status, s.subject, s.total, cardinality(s.article_ids) AS articles, s.created_at, s.finished_at,
            count(d.id) FILTER (WHERE d.status IN ('sent', 'stored'))::int AS sent,
            count(d.id) FILTER (WHERE d.status = 'failed')::int AS failed,
            count(d.id) FILTER (WHERE d.status IN ('queued', 'sending'))::int AS queued
     FROM digest_sends s LEFT JOIN digest_deliveries d ON d.send_id = s.id
     GROUP BY s.id ORDER BY s.id DESC LIMIT $1`,
    [limit],
  );
}

export async function failures(db: Queryable, sendId: number): Promise<{ email: string; attempts: number; last_error: string | null }[]> {
  return db.query('SELECT email, attempts, last_error FROM digest_deliveries WHERE send_id = $1 AND status = $2 ORDER BY id', [sendId, 'failed']);
}

/** Who the digest would go to now. */
export async function recipientCount(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM leads l
     WHERE l.module = 'newsletter' AND l.newsletter_status = 'active' AND l.status = 'active' AND l.confirmed_at IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = lower(l.email))`,
  );
  return rows[0]?.n ?? 0;
}
