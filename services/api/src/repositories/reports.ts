import type { Db, Queryable } from '../db';

/**
 * The dashboard's sums (issue 9; docs/decisions/dashboard.md): closed days from the daily rollups, today from the
 * rows themselves, each article's reads in a preset period from the rolled-up windows; a custom range's articles
 * from the per-day reads (article_reads_daily, through an index that holds the reads).
 * `prevStart` ≤ `start` < `end` are UTC instants (end exclusive); `prevDay`, `firstDay`, `lastDay` the same days.
 */
export interface Span {
  prevStart: Date;
  start: Date;
  end: Date;
  prevDay: string;
  firstDay: string;
  lastDay: string;
}

const ROLLUP_LOCK = 727_012;

export interface DayFigures {
  day: string;
  reads: number;
  created: number;
  leads: number;
  subscribers: number;
}

/** The day the rollups were made for ('YYYY-MM-DD'), or undefined before the first. */
export async function rolledUpFor(db: Queryable): Promise<string | undefined> {
  const rows = await db.query<{ as_of: string }>(`SELECT to_char(as_of, 'YYYY-MM-DD') AS as_of FROM dashboard_rollup`);
  return rows[0]?.as_of;
}

/**
 * Makes the rollups for `today` (a UTC day) unless they exist: the days closed since the last rollup into
 * dashboard_days (a closed day never changes: reads, articles, leads and confirmations are all counted on the day
 * they happen), and every article's reads in the preset periods into dashboard_windows. Once across replicas (an
 * advisory lock; whoever comes second finds it done). True when it made them.
 */
export function rollUp(db: Db, today: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [ROLLUP_LOCK]);
    const since = await rolledUpFor(tx);
    if (since !== undefined && since >= today) return false;
    // Events of the closed days not rolled up yet: [since, today), or everything before today the first time.
    const after = (column: string) => `${column} < ($2::date AT TIME ZONE 'UTC') AND ($1::date IS NULL OR ${column} >= ($1::date AT TIME ZONE 'UTC'))`;
    await tx.query(
      `INSERT INTO dashboard_days (day, reads, created, leads, subscribers)
       SELECT day, sum(reads)::int, sum(created)::int, sum(leads)::int, sum(subscribers)::int FROM (
         SELECT day, reads, 0 AS created, 0 AS leads, 0 AS subscribers FROM article_reads_daily
           WHERE day < $2::date AND ($1::date IS NULL OR day >= $1::date)
         UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 1, 0, 0 FROM articles WHERE ${after('created_at')}
         UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 1, 0 FROM leads WHERE module = 'contact' AND ${after('created_at')}
         UNION ALL SELECT (confirmed_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 1 FROM leads
           WHERE module = 'newsletter' AND confirmed_at IS NOT NULL AND ${after('confirmed_at')}
       ) events GROUP BY day
       ON CONFLICT (day) DO UPDATE SET reads = EXCLUDED.reads, created = EXCLUDED.created, leads = EXCLUDED.leads, subscribers = EXCLUDED.subscribers`,
      [since ?? null, today],
    );
    const windows = [7, 30, 90]
      .map(
        (n) => `COALESCE(sum(reads) FILTER (WHERE day > $1::date - ${n}), 0)::int,
                COALESCE(sum(reads) FILTER (WHERE day > $1::date - ${2 * n} AND day <= $1::date - ${n}), 0)::int`,
      )
      .join(', ');
    await tx.query('DELETE FROM dashboard_windows');
    await tx.query(
      `INSERT INTO dashboard_windows (article_id, cur_7, prev_7, cur_30, prev_30, cur_90, prev_90)
       SELECT article_id, ${windows} FROM article_reads_daily WHERE day > $1::date - 180 AND day < $1::date GROUP BY article_id`,
      [today],
    );
    // Fresh statistics for the planner: the windows are rewritten whole once a day.
    await tx.exec('ANALYZE dashboard_windows');
    await tx.query('INSERT INTO dashboard_rollup (id, as_of) VALUES (true, $1) ON CONFLICT (id) DO UPDATE SET as_of = EXCLUDED.as_of', [today]);
    return true;
  });
}

/** The rolled-up closed days of a range (days without activity are absent). */
export function closedDays(db: Queryable, from: string, to: string): Promise<DayFigures[]> {
  return db.query<DayFigures>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, reads, created, leads, subscribers FROM dashboard_days WHERE day BETWEEN $1::date AND $2::date`,
    [from, to],
  );
}

/** Today's figures so far, from the rows themselves (a day's worth: the indexes find them). */
export async function liveDay(db: Queryable, today: string): Promise<DayFigures> {
  const since = `($1::date AT TIME ZONE 'UTC')`;
  const [row] = await db.query<DayFigures>(
    `SELECT $1::text AS day,
       (SELECT COALESCE(sum(reads), 0) FROM article_reads_daily WHERE day = $1::date)::int AS reads,
       (SELECT count(*) FROM articles WHERE created_at >= ${since})::int AS created,
       (SELECT count(*) FROM leads WHERE module = 'contact' AND created_at >= ${since})::int AS leads,
       (SELECT count(*) FROM leads WHERE module = 'newsletter' AND confirmed_at IS NOT NULL AND confirmed_at >= ${since})::int AS subscribers`,
    [today],
  );
  return row as DayFigures;
}

/** A preset period ending today (7, 30 or 90 days): each article's reads, the rolled-up closed days plus today's. */
const presetTotals = (days: 7 | 30 | 90) => `
  SELECT article_id, sum(cur)::int AS reads, sum(prev)::int AS previous_reads FROM (
    SELECT article_id, cur_${days} AS cur, prev_${days} AS prev FROM dashboard_windows
    UNION ALL SELECT article_id, reads, 0 FROM article_reads_daily WHERE day = $1::date) rows
  GROUP BY article_id`;

export function presetTopArticles(db: Queryable, today: string, days: 7 | 30 | 90, limit: number): Promise<TopArticleRow[]> {
  // Ranked and cut first, then joined: ten thousand totals, eight titles.
  return db.query<TopArticleRow>(
    `SELECT a.id, a.unique_key, a.title, a.status, t.reads, t.previous_reads FROM (
       SELECT * FROM (${presetTotals(days)}) totals WHERE reads > 0 ORDER BY reads DESC, article_id DESC LIMIT $2) t
     JOIN articles a ON a.id = t.article_id ORDER BY t.reads DESC, a.id DESC`,
    [today, limit],
  );
}

/** Published articles (public by `end`) read in a preset period ending today. */
export async function presetReadPublished(db: Queryable, today: string, days: 7 | 30 | 90, end: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT article_id FROM dashboard_windows WHERE cur_${days} > 0 UNION SELECT article_id FROM article_reads_daily WHERE day = $1::date) r
     JOIN articles a ON a.id = r.article_id WHERE a.status = 'published' AND a.public_at < $2`,
    [today, end],
  );
  return row?.n ?? 0;
}

/** Published articles (public by `end`) read between two days: the per-day rows (custom ranges). */
export async function readPublished(db: Queryable, s: Span): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM articles a WHERE a.status = 'published' AND a.public_at < $1
       AND EXISTS (SELECT 1 FROM article_reads_daily r WHERE r.article_id = a.id AND r.day BETWEEN $2::date AND $3::date)`,
    [s.end, s.firstDay, s.lastDay],
  );
  return row?.n ?? 0;
}

export interface Standing {
  published: number;
  publishers: number;
  previous_publishers: number;
  active_categories: number;
  categories_in_use: number;
}

/** Published articles (public by the period's end), publishers in the period and the one before, categories. */
export async function standing(db: Queryable, s: Span): Promise<Standing> {
  const [row] = await db.query<Standing>(
    `SELECT
       (SELECT count(*) FROM articles a WHERE a.status = 'published' AND a.public_at < $3)::int AS published,
       (SELECT count(DISTINCT author_id) FROM articles WHERE status = 'published' AND public_at >= $2 AND public_at < $3)::int AS publishers,
       (SELECT count(DISTINCT author_id) FROM articles WHERE status = 'published' AND public_at >= $1 AND public_at < $2)::int AS previous_publishers,
       (SELECT count(*) FROM categories WHERE active)::int AS active_categories,
       (SELECT count(*) FROM categories c WHERE c.active AND EXISTS (
          SELECT 1 FROM article_categories ac JOIN articles a ON a.id = ac.article_id WHERE ac.category_id = c.id AND a.status = 'published'))::int AS categories_in_use`,
    [s.prevStart, s.start, s.end],
  );
  return row as Standing;
}

export interface TopArticleRow {
  id: number;
  unique_key: string;
  title: string;
  status: string;
  reads: number;
  previous_reads: number;
}

/** The most read articles of a range, with their reads in the range before: the per-day rows (custom ranges). */
export function topArticles(db: Queryable, s: Span, limit: number): Promise<TopArticleRow[]> {
  return db.query<TopArticleRow>(
    `SELECT a.id, a.unique_key, a.title, a.status, counts.reads, counts.previous_reads FROM (
       SELECT article_id, sum(reads) FILTER (WHERE day >= $2::date)::int AS reads, COALESCE(sum(reads) FILTER (WHERE day < $2::date), 0)::int AS previous_reads
       FROM article_reads_daily WHERE day BETWEEN $1::date AND $3::date GROUP BY article_id
       HAVING sum(reads) FILTER (WHERE day >= $2::date) > 0
       ORDER BY 2 DESC, article_id DESC LIMIT $4) counts
     JOIN articles a ON a.id = counts.article_id ORDER BY counts.reads DESC, a.id DESC`,
    [s.prevDay, s.firstDay, s.lastDay, limit],
  );
}

/** Reads per day of the given articles in the period (days without reads left out). */
export function dailyReadsOf(db: Queryable, s: Span, ids: number[]): Promise<{ article_id: number; day: string; reads: number }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query(
    `SELECT article_id, to_char(day, 'YYYY-MM-DD') AS day, reads FROM article_reads_daily
     WHERE article_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date`,
    [ids, s.firstDay, s.lastDay],
  );
}

export interface AuthorRow {
  id: number;
  name: string;
  last_name: string;
  photo: string | null;
  created: number;
  published: number;
}

/** Per author, articles created and published in the period (authors with neither left out). */
export function authors(db: Queryable, s: Span, limit: number): Promise<AuthorRow[]> {
  return db.query<AuthorRow>(
    `SELECT u.id, u.name, u.last_name, u.photo, counts.created, counts.published FROM (
       SELECT author_id,
              count(*) FILTER (WHERE created_at >= $1 AND created_at < $2)::int AS created,
              count(*) FILTER (WHERE status = 'published' AND public_at >= $1 AND public_at < $2)::int AS published
       FROM articles
       WHERE author_id IS NOT NULL AND ((created_at >= $1 AND created_at < $2) OR (status = 'published' AND public_at >= $1 AND public_at < $2))
       GROUP BY author_id) counts
     JOIN users u ON u.id = counts.author_id
     ORDER BY counts.created DESC, counts.published DESC, u.name, u.id LIMIT $3`,
    [s.start, s.end, limit],
  );
}
