import type { DashboardReport } from '@vitrine/contracts';
import type { Queryable } from '../../src/db';
import * as reports from '../../src/repositories/reports';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { BACKENDS, setupApp, withClockAhead, type TestContext } from '../helpers';

const DAY = 86_400_000;
const dayAt = (time: number) => new Date(time).toISOString().slice(0, 10);
const shift = (day: string, n: number) => dayAt(Date.parse(`${day}T00:00:00Z`) + n * DAY);
const lengthOf = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;
/** The first of the month `n` months from `day`'s. */
const monthStart = (day: string, n = 0) => {
  const d = new Date(`${day}T00:00:00Z`);
  return dayAt(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
};

function spanOf(from: string, to: string): reports.Span {
  const length = lengthOf(from, to);
  const first = Date.parse(`${from}T00:00:00Z`);
  return {
    prevStart: new Date(first - length * DAY),
    start: new Date(first),
    end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY),
    prevDay: dayAt(first - length * DAY),
    firstDay: from,
    lastDay: to,
  };
}

interface Expected {
  top: { id: number; reads: number; previous_reads: number }[];
  readPublished: number;
  published: number;
  daily: Map<number, number[]>;
  authors: { id: number; created: number; published: number }[];
}

/** The figures straight from the per-day rows and the articles, as the dashboard summed them before the kept days. */
async function fromRawData(db: Queryable, from: string, to: string): Promise<Expected> {
  const s = spanOf(from, to);
  const top = await db.query<{ id: number; reads: number; previous_reads: number }>(
    `SELECT article_id AS id, sum(reads) FILTER (WHERE day >= $2::date)::int AS reads, COALESCE(sum(reads) FILTER (WHERE day < $2::date), 0)::int AS previous_reads
     FROM article_reads_daily WHERE day BETWEEN $1::date AND $3::date GROUP BY article_id
     HAVING sum(reads) FILTER (WHERE day >= $2::date) > 0 ORDER BY 2 DESC, article_id DESC LIMIT 8`,
    [s.prevDay, s.firstDay, s.lastDay],
  );
  const [counts] = await db.query<{ read: number; published: number }>(
    `SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM article_reads_daily r WHERE r.article_id = a.id AND r.day BETWEEN $2::date AND $3::date))::int AS read,
            count(*)::int AS published
     FROM articles a WHERE a.status = 'published' AND a.public_at < $1`,
    [s.end, s.firstDay, s.lastDay],
  );
  const days = Array.from({ length: lengthOf(from, to) }, (_, i) => shift(from, i));
  const daily = new Map<number, number[]>();
  for (const { id } of top) {
    const rows = await db.query<{ day: string; reads: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, reads FROM article_reads_daily WHERE article_id = $1 AND day BETWEEN $2::date AND $3::date`,
      [id, from, to],
    );
    const byDay = new Map(rows.map((r) => [r.day, r.reads]));
    daily.set(
      id,
      days.map((day) => byDay.get(day) ?? 0),
    );
  }
  const authors = await db.query<{ id: number; created: number; published: number }>(
    `SELECT author_id AS id,
            count(*) FILTER (WHERE created_at >= $1 AND created_at < $2)::int AS created,
            count(*) FILTER (WHERE status = 'published' AND public_at >= $1 AND public_at < $2)::int AS published
     FROM articles
     WHERE author_id IS NOT NULL AND ((created_at >= $1 AND created_at < $2) OR (status = 'published' AND public_at >= $1 AND public_at < $2))
     GROUP BY author_id ORDER BY 2 DESC, 3 DESC`,
    [s.start, s.end],
  );
  return { top, readPublished: counts?.read ?? 0, published: counts?.published ?? 0, daily, authors };
}

function expectSame(report: DashboardReport, expected: Expected, label: string) {
  const top = report.top_articles.map((a) => ({ id: a.id, reads: a.reads, previous_reads: a.previous_reads }));
  expect({ label, top }).toEqual({ label, top: expected.top });
  for (const article of report.top_articles) expect({ label, id: article.id, daily: article.daily }).toEqual({ label, id: article.id, daily: expected.daily.get(article.id) });
  expect({ label, unread: report.totals.unread, published: report.totals.published }).toEqual({
    label,
    unread: expected.published - expected.readPublished,
    published: expected.published,
  });
  // Authors tie on their counts here and then go by name: compared as sets.
  const authors = (list: { id: number; created: number; published: number }[]) =>
    list.map((a) => `${a.id}:${a.created}:${a.published}`).sort();
  expect({ label, authors: authors(report.authors) }).toEqual({ label, authors: authors(expected.authors) });
}

/**
 * Custom ranges: each article's reads summed from the kept "reads before" of the days around a range and
 * the per-day rows between them, or from its per-day rows, give the figures of the per-day rows themselves.
 */
describe.each(BACKENDS)('the dashboard for any range (%s)', (backend) => {
  let ctx: TestContext;
  const today = dayAt(Date.now());
  const ids: number[] = [];

  /** The ranges compared, by what they exercise. */
  const ranges = (): [string, string, string][] => {
    const thisMonth = monthStart(today);
    return [
      ['across a month boundary', shift(monthStart(today, -2), 14), shift(monthStart(today, -1), 9)],
      ['across two month boundaries, ends mid-month', shift(monthStart(today, -4), 20), shift(monthStart(today, -2), 3)],
      ['a whole month', monthStart(today, -1), shift(thisMonth, -1)],
      ['from a first of the month to today', monthStart(today, -3), today],
      ['45 days ending today', shift(today, -44), today],
      ['60 days ending yesterday', shift(today, -60), shift(today, -1)],
      ['365 days ending today', shift(today, -364), today],
      ['366 days ending 100 days ago', shift(today, -465), shift(today, -100)],
      ['today alone', today, today],
      ['yesterday alone', shift(today, -1), shift(today, -1)],
      ['the first of last month alone', monthStart(today, -1), monthStart(today, -1)],
      ['a day mid-month, 100 days ago', shift(monthStart(today, -3), 15), shift(monthStart(today, -3), 15)],
      ['the last day of a month alone', shift(monthStart(today, -5), -1), shift(monthStart(today, -5), -1)],
      ['ten days around the first of this month', shift(thisMonth, -5), shift(thisMonth, 4) < today ? shift(thisMonth, 4) : today],
      ['before any data', shift(today, -800), shift(today, -771)],
      ['starting before the data', shift(today, -500), shift(today, -380)],
      ['ending after today', shift(today, -10), shift(today, 5)],
      ['wholly after today', shift(today, 3), shift(today, 9)],
    ];
  };

  beforeAll(async () => {
    ctx = await setupApp(backend);
    const image = await imageId(ctx);
    const category = await createCategory(ctx);
    const base = { image_id: image, category_ids: [category.id] };
    const writer = await ctx.staff(['dashboard', 'article_management']);
    // Twelve articles (more than the eight listed): published at different times, two drafts, two authors.
    for (let i = 0; i < 12; i += 1) {
      const article = await createArticle(ctx, base, { title: `Artigo lido ${i}`, status: i % 6 === 5 ? 'draft' : 'published' }, i % 2 ? writer.token : ctx.admin.token);
      ids.push(article.id);
      await ctx.db.query(`UPDATE articles SET created_at = now() - make_interval(days => $2), published_at = now() - make_interval(days => $3), publish_at = NULL WHERE id = $1`, [
        article.id,
        30 * i + 5,
        30 * i,
      ]);
    }
    // Reads over the last 430 days: each article on most days, some days of none, ties between articles.
    await ctx.db.query(
      `INSERT INTO article_reads_daily (article_id, day, reads)
       SELECT a.id, (now() AT TIME ZONE 'UTC')::date - d, 1 + (a.id * 31 + d * 17) % 7
       FROM unnest($1::int[]) AS a(id) CROSS JOIN generate_series(0, 430) AS d
       WHERE (a.id * 7 + d * 3) % 5 <> 0 AND NOT (a.id % 4 = 0 AND d BETWEEN 40 AND 70)`,
      [ids],
    );
  }, 60_000);
  afterAll(() => ctx.close());

  it('answers every range with the figures of the per-day rows', async () => {
    for (const [label, from, to] of ranges()) {
      const res = await ctx.call('GET', `/api/reports/dashboard?from=${from}&to=${to}`, { token: ctx.admin.token });
      expect({ label, status: res.statusCode }).toEqual({ label, status: 200 });
      expectSame(res.json().data, await fromRawData(ctx.db, from, to), `${label} (${from}…${to})`);
    }
    expect(await ctx.count('dashboard_reads_before')).toBeGreaterThan(0);
  });

  it('sums the same from the per-day rows alone and from the kept days, whichever it picks', async () => {
    for (const [label, from, to] of ranges()) {
      const expected = await fromRawData(ctx.db, from, to);
      const end = reports.readsBefore(shift(to, 1), today);
      const start = reports.readsBefore(from, today);
      for (const source of [{ kind: 'days' }, { kind: 'kept', end, start }] as reports.RangeSource[]) {
        const { top, readPublished } = await reports.rangeReads(ctx.db, spanOf(from, to), source, 8);
        expect({ label, source: source.kind, top: top.map((a) => ({ id: a.id, reads: a.reads, previous_reads: a.previous_reads })), readPublished }).toEqual({
          label,
          source: source.kind,
          top: expected.top,
          readPublished: expected.readPublished,
        });
      }
    }
  });

  it('picks the nearest kept day: a first of the month, or today', () => {
    const thisMonth = monthStart(today);
    expect(reports.readsBefore(thisMonth, today)).toEqual({ snapshot: thisMonth, sign: 1, from: thisMonth, to: thisMonth });
    expect(reports.readsBefore(today, today)).toEqual({ snapshot: today, sign: 1, from: today, to: today });
    expect(reports.readsBefore(shift(today, 1), today)).toEqual({ snapshot: today, sign: 1, from: today, to: shift(today, 1) });
    const second = shift(monthStart(today, -2), 1);
    expect(reports.readsBefore(second, today)).toEqual({ snapshot: monthStart(today, -2), sign: 1, from: monthStart(today, -2), to: second });
    const last = shift(monthStart(today, -1), -1);
    expect(reports.readsBefore(last, today)).toEqual({ snapshot: monthStart(today, -1), sign: -1, from: last, to: monthStart(today, -1) });
    // A short range reads its days; a long one the kept days.
    expect(reports.readsSource(shift(today, -6), shift(today, -3), today, 10).kind).toBe('days');
    expect(reports.readsSource(shift(today, -300), shift(today, -3), today, 10).kind).toBe('kept');
  });

  it('keeps the first of every month since the first read, and today', async () => {
    const kept = await ctx.db.query<{ day: string }>(`SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM dashboard_reads_before ORDER BY 1`);
    const days = kept.map((r) => r.day);
    expect(days.at(-1)).toBe(today);
    expect(days.filter((d) => d !== today).every((d) => d.endsWith('-01'))).toBe(true);
    expect(days[0]).toBe(monthStart(shift(today, -430), 1));
    expect(days.filter((d) => d.endsWith('-01'))).toHaveLength(lengthOfMonths(days[0] as string, today));
  });

  it('an article deleted leaves every range at once', async () => {
    // The most read article of the year goes: its kept reads go with it (ON DELETE CASCADE).
    const [first] = (await fromRawData(ctx.db, shift(today, -364), today)).top;
    await ctx.db.query('DELETE FROM articles WHERE id = $1', [first?.id]);
    for (const [label, from, to] of ranges()) {
      const report = await ctx.app.services.reports.dashboard(from, to);
      expectSame(report, await fromRawData(ctx.db, from, to), `${label}, after a deletion`);
    }
  });

  it('the days after: the rollups keep the new first of the month and the new today, the ranges still add up', async () => {
    // Reads of today go on arriving after its rollups; then the first request of each later day makes that day's
    // (the clock skips; the service itself, as a session does not outlive the skip).
    await ctx.db.query('UPDATE article_reads_daily SET reads = reads + 2 WHERE day = $1::date', [today]);
    const toNextMonth = lengthOf(today, monthStart(today, 1)) - 1;
    for (const ahead of [1, toNextMonth, toNextMonth + 3]) {
      await withClockAhead(ahead * DAY, async () => {
        const now = dayAt(Date.now());
        const ranges: [string, string, string][] = [
          ['60 days ending yesterday', shift(now, -60), shift(now, -1)],
          ['across the last first of the month', shift(monthStart(now), -20), shift(monthStart(now), 3) < now ? shift(monthStart(now), 3) : now],
          ['200 days ending today', shift(now, -199), now],
          ['the day that was today', today, today],
        ];
        for (const [label, from, to] of ranges) {
          const report = await ctx.app.services.reports.dashboard(from, to);
          expectSame(report, await fromRawData(ctx.db, from, to), `${label}, ${ahead} days on`);
        }
        // Kept: the firsts of the month, the day of the rollups and the day before it if it was made.
        const kept = (await ctx.db.query<{ day: string }>(`SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM dashboard_reads_before`)).map((r) => r.day);
        expect(kept).toContain(now);
        expect(kept.filter((d) => !d.endsWith('-01') && d !== now && d !== shift(now, -1))).toEqual([]);
      });
    }
  });
});

function lengthOfMonths(from: string, to: string): number {
  let n = 0;
  for (let day = from; day <= to; day = monthStart(day, 1)) n += 1;
  return n;
}
