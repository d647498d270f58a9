import type { Db, Queryable } from '../db';

/**
 * The dashboard's sums (docs/decisions/dashboard.md): closed days from the daily rollups, today from the
 * rows themselves, each article's reads in a preset period from the rolled-up windows; a custom range's articles
 * from the kept "reads before" of the days around it (dashboard_reads_before) and the per-day rows between them
 * (article_reads_daily), or from the per-day rows alone when the range is short.
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
 * they happen), every article's reads in the preset periods into dashboard_windows, and every article's reads
 * before the days kept for custom ranges into dashboard_reads_before. Once across replicas (an advisory lock;
 * whoever comes second finds it done). True when it made them.
 */
export async function rollUp(db: Db, today: string): Promise<boolean> {
  const made = await db.transaction(async (tx) => {
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
    const snapshotDays = await keepReadsBefore(tx, today);
    await tx.query(
      `INSERT INTO dashboard_rollup (id, as_of, snapshot_days) VALUES (true, $1, $2)
       ON CONFLICT (id) DO UPDATE SET as_of = EXCLUDED.as_of, snapshot_days = EXCLUDED.snapshot_days`,
      [today, snapshotDays],
    );
    return true;
  });
  // PGlite has no autovacuum: the rows the rollups replace each day would stay, and no page of the per-day reads
  // would ever be all-visible (every index-only scan of them would read the table too). Once a day, outside the
  // transaction (VACUUM cannot run in one), by whoever made the rollups: the pages changed since the last time.
  if (made && db.kind === 'pglite') {
    for (const table of ['dashboard_days', 'dashboard_windows', 'dashboard_reads_before', 'article_reads_daily']) await db.exec(`VACUUM ${table}`);
  }
  return made;
}

const DAY_MS = 86_400_000;
const dayAt = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** `day` moved by `n` days. */
export const addDays = (day: string, n: number): string => dayAt(timeOf(day) + n * DAY_MS);
const daysBetween = (from: string, to: string) => Math.round((timeOf(to) - timeOf(from)) / DAY_MS);
const monthStart = (day: string) => `${day.slice(0, 8)}01`;
const nextMonthStart = (day: string) => {
  const d = new Date(timeOf(day));
  return dayAt(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
};

/**
 * Keeps each article's reads before the first of every month up to `today` and before `today` itself
 * (dashboard_reads_before), each made from the last kept day plus the per-day rows since; the kept `today` of two
 * days ago and before goes unless it is a first of the month (yesterday's stays for a request begun before
 * midnight). Returns how many days of per-day rows weigh as much as today's kept rows (for readsSource).
 */
async function keepReadsBefore(tx: Queryable, today: string): Promise<number> {
  const [state] = await tx.query<{ last: string | null; first: string | null }>(
    `SELECT to_char((SELECT max(day) FROM dashboard_reads_before WHERE day <= $1::date), 'YYYY-MM-DD') AS last,
            to_char((SELECT min(day) FROM article_reads_daily), 'YYYY-MM-DD') AS first`,
    [today],
  );
  let previous = state?.last ?? null;
  // Before the month of the first read every article's reads before are none: nothing to keep.
  const from = previous ?? (state?.first ? monthStart(state.first) : today);
  const days: string[] = [];
  for (let day = nextMonthStart(from); day <= today; day = nextMonthStart(day)) days.push(day);
  if (previous !== today && days.at(-1) !== today) days.push(today);
  for (const day of days) {
    await tx.query(
      `INSERT INTO dashboard_reads_before (day, article_id, reads)
       SELECT $1::date, article_id, sum(reads)::int FROM (
         SELECT article_id, reads FROM dashboard_reads_before WHERE day = $2::date
         UNION ALL SELECT article_id, reads FROM article_reads_daily WHERE day < $1::date AND ($2::date IS NULL OR day >= $2::date)
       ) r GROUP BY article_id HAVING sum(reads) > 0`,
      [day, previous],
    );
    previous = day;
  }
  await tx.query(`DELETE FROM dashboard_reads_before WHERE day < $1::date - 1 AND extract(day FROM day) <> 1`, [today]);
  await tx.exec('ANALYZE dashboard_reads_before');
  const [weight] = await tx.query<{ days: number }>(
    `SELECT ((SELECT count(*) FROM dashboard_reads_before WHERE day = $1::date)
             / GREATEST(1, (SELECT count(*) FROM article_reads_daily WHERE day >= $1::date - 28 AND day < $1::date) / 28.0))::float8 AS days`,
    [today],
  );
  return weight?.days ?? 0;
}

/** How many days of per-day rows weigh as much as one kept day, as of the last rollups (0 before the first). */
export async function snapshotDays(db: Queryable): Promise<number> {
  const rows = await db.query<{ snapshot_days: number }>('SELECT snapshot_days FROM dashboard_rollup');
  return rows[0]?.snapshot_days ?? 0;
}

/**
 * Each article's reads on the days before `day`: those kept for `snapshot` plus (sign 1) or minus (sign -1) the
 * per-day rows of [from, to).
 */
export interface ReadsBefore {
  snapshot: string;
  sign: 1 | -1;
  from: string;
  to: string;
}

/** Where a range's reads per article come from: the per-day rows, or two "reads before" (end − start). */
export type RangeSource = { kind: 'days' } | { kind: 'kept'; end: ReadsBefore; start: ReadsBefore };

/**
 * Each article's reads before `day`, from the nearest day kept as of the rollups for `today` (the first of every
 * month, and today) and the per-day rows in between. The per-day rows are read whatever their day, today's and
 * any later included, so the sums are those of the rows themselves.
 */
export function readsBefore(day: string, today: string): ReadsBefore {
  const before = day >= today ? today : monthStart(day);
  const fromBefore: ReadsBefore = { snapshot: before, sign: 1, from: before, to: day };
  if (before === day || day >= today) return fromBefore;
  const after = nextMonthStart(day) < today ? nextMonthStart(day) : today;
  return daysBetween(day, after) < daysBetween(before, day) ? { snapshot: after, sign: -1, from: day, to: after } : fromBefore;
}

/**
 * The cheaper way to sum [firstDay, lastDay] per article: its days of per-day rows, or two kept days (each weighing
 * `snapshotDays` days of rows) plus the days between them and the range's ends.
 */
export function readsSource(firstDay: string, lastDay: string, today: string, snapshotDays: number): RangeSource {
  const end = readsBefore(addDays(lastDay, 1), today);
  const start = readsBefore(firstDay, today);
  const kept = 2 * snapshotDays + daysBetween(end.from, end.to) + daysBetween(start.from, start.to);
  return daysBetween(firstDay, lastDay) + 1 <= kept ? { kind: 'days' } : { kind: 'kept', end, start };
}

/**
 * The rolled-up closed days of a range (days without activity are absent). Read as one row of arrays: two years of
 * days as rows cost PGlite several times more to hand over than the query itself.
 */
export async function closedDays(db: Queryable, from: string, to: string): Promise<DayFigures[]> {
  const [row] = await db.query<{ days: number[] | null; reads: number[]; created: number[]; leads: number[]; subscribers: number[] }>(
    `SELECT array_agg(day - $1::date ORDER BY day) AS days, array_agg(reads ORDER BY day) AS reads, array_agg(created ORDER BY day) AS created,
            array_agg(leads ORDER BY day) AS leads, array_agg(subscribers ORDER BY day) AS subscribers
     FROM dashboard_days WHERE day BETWEEN $1::date AND $2::date`,
    [from, to],
  );
  if (!row?.days) return [];
  return row.days.map((offset, i) => ({
    day: addDays(from, offset),
    reads: row.reads[i] ?? 0,
    created: row.created[i] ?? 0,
    leads: row.leads[i] ?? 0,
    subscribers: row.subscribers[i] ?? 0,
  }));
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

export interface Standing {
  published: number;
  publishers: number;
  previous_publishers: number;
  active_categories: number;
  categories_in_use: number;
}

/**
 * Published articles (public by the period's end), publishers in the period and the one before, categories: the
 * active ones, and those of them in use in the period, holding an article published in it (by publication date,
 * like the publishers): the period's published articles from articles_public_idx, their categories by
 * article_categories' key, each counted once.
 */
export async function standing(db: Queryable, s: Span): Promise<Standing> {
  const [row] = await db.query<Standing>(
    `SELECT
       (SELECT count(*) FROM articles a WHERE a.status = 'published' AND a.public_at < $3)::int AS published,
       (SELECT count(DISTINCT author_id) FROM articles WHERE status = 'published' AND public_at >= $2 AND public_at < $3)::int AS publishers,
       (SELECT count(DISTINCT author_id) FROM articles WHERE status = 'published' AND public_at >= $1 AND public_at < $2)::int AS previous_publishers,
       (SELECT count(*) FROM categories WHERE active)::int AS active_categories,
       (SELECT count(DISTINCT ac.category_id) FROM articles a
          JOIN article_categories ac ON ac.article_id = a.id
          JOIN categories c ON c.id = ac.category_id AND c.active
          WHERE a.status = 'published' AND a.public_at >= $2 AND a.public_at < $3)::int AS categories_in_use`,
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

/**
 * A custom range's most read articles (with their reads in the range before, from the per-day rows of those few)
 * and how many articles published by its end were read in it: each article's reads summed once, from `source`.
 */
export async function rangeReads(db: Db, s: Span, source: RangeSource, limit: number): Promise<{ top: TopArticleRow[]; readPublished: number }> {
  // $1 end, $2 prevDay, $3 firstDay, $4 limit; then the source's.
  const params: unknown[] = [s.end, s.prevDay, s.firstDay, limit];
  const param = (value: unknown) => `$${params.push(value)}`;
  const daily = (sign: 1 | -1, from: string, to: string) =>
    `SELECT article_id, ${sign === 1 ? '' : '-'}reads FROM article_reads_daily WHERE day >= ${param(from)}::date AND day < ${param(to)}::date`;
  const kept = (sign: 1 | -1, at: ReadsBefore) =>
    `SELECT article_id, ${sign === 1 ? '' : '-'}reads FROM dashboard_reads_before WHERE day = ${param(at.snapshot)}::date
     UNION ALL ${daily(at.sign === sign ? 1 : -1, at.from, at.to)}`;
  const parts = source.kind === 'days' ? daily(1, s.firstDay, addDays(s.lastDay, 1)) : `${kept(1, source.end)} UNION ALL ${kept(-1, source.start)}`;
  // Joined to the published articles before summing (the planner knows how many rows that is; it could not guess
  // how many sums there are), then ranked and cut before the titles are joined: eight, not ten thousand.
  const sql = `WITH totals AS MATERIALIZED (
       SELECT parts.article_id, sum(parts.reads)::int AS reads, bool_or(p.id IS NOT NULL) AS published
       FROM (${parts}) parts (article_id, reads)
       LEFT JOIN articles p ON p.id = parts.article_id AND p.status = 'published' AND p.public_at < $1
       GROUP BY parts.article_id HAVING sum(parts.reads) > 0)
     SELECT a.id, a.unique_key, a.title, a.status, t.reads,
       (SELECT COALESCE(sum(r.reads), 0) FROM article_reads_daily r WHERE r.article_id = a.id AND r.day >= $2::date AND r.day < $3::date)::int AS previous_reads,
       (SELECT count(*) FROM totals WHERE published)::int AS read_published
     FROM (SELECT article_id, reads FROM totals ORDER BY reads DESC, article_id DESC LIMIT $4) t
     JOIN articles a ON a.id = t.article_id ORDER BY t.reads DESC, a.id DESC`;
  type Row = TopArticleRow & { read_published: number };
  // PostgreSQL would share these few tens of thousands of rows with parallel workers, whose start costs more than
  // the sums (a 60-day range: 100 ms against 20); PGlite has none.
  const rows =
    db.kind === 'postgres'
      ? await db.transaction(async (tx) => {
          await tx.query('SET LOCAL max_parallel_workers_per_gather = 0');
          return tx.query<Row>(sql, params);
        })
      : await db.query<Row>(sql, params);
  return { top: rows.map(({ read_published: _, ...row }) => row), readPublished: rows[0]?.read_published ?? 0 };
}

/**
 * Reads per day of the given articles in the period: per article, the days with reads (as days after `firstDay`)
 * and their reads, from the primary key alone (it holds the reads).
 */
export function dailyReadsOf(db: Queryable, s: Span, ids: number[]): Promise<{ article_id: number; days: number[]; reads: number[] }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query(
    `SELECT article_id, array_agg(day - $2::date ORDER BY day) AS days, array_agg(reads ORDER BY day) AS reads FROM article_reads_daily
     WHERE article_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date GROUP BY article_id`,
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

/**
 * Per author, articles created and published in the period (authors with neither left out): the two counted apart,
 * each from an index that holds the author (articles_created_idx, articles_public_author_idx), so a long period does
 * not read the articles themselves.
 */
export function authors(db: Queryable, s: Span, limit: number): Promise<AuthorRow[]> {
  return db.query<AuthorRow>(
    `SELECT u.id, u.name, u.last_name, u.photo, counts.created, counts.published FROM (
       SELECT author_id, sum(created)::int AS created, sum(published)::int AS published FROM (
         SELECT author_id, 1 AS created, 0 AS published FROM articles WHERE created_at >= $1 AND created_at < $2 AND author_id IS NOT NULL
         UNION ALL SELECT author_id, 0, 1 FROM articles WHERE status = 'published' AND public_at >= $1 AND public_at < $2 AND author_id IS NOT NULL
       ) counted GROUP BY author_id) counts
     JOIN users u ON u.id = counts.author_id
     ORDER BY counts.created DESC, counts.published DESC, u.name, u.id LIMIT $3`,
    [s.start, s.end, limit],
  );
}
