import { DASHBOARD_MAX_DAYS, DASHBOARD_PERIODS, DASHBOARD_TOP_ARTICLES, type DashboardPeriod, type DashboardReport } from '@vitrine/contracts';
import { dayRangeLength } from '../lib/day-range';
import * as reports from '../repositories/reports';
import type { ServiceDeps } from './context';

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** How many authors the dashboard lists. */
const AUTHORS_LISTED = 12;

/**
 * The dashboard's reports (route dashboard; docs/decisions/dashboard.md): a period of UTC days and the one
 * of the same length before it, from daily rollups of the closed days plus today's rows, never from events.
 */
export class ReportsService {
  /**
   * The day this process last saw the rollups made for (skips asking the database on every request), and how many
   * days of per-day rows weigh as much as a kept day then (reports.readsSource).
   */
  private rolledUp: { day: string; snapshotDays: number } | undefined;

  constructor(private readonly deps: ServiceDeps) {}

  /**
   * The daily rollups (closed days, the preset periods' per-article reads) for `today`: made by the first request
   * or the nightly job of a new UTC day, once across replicas.
   */
  async rollUp(today: string = dayOf(Date.now())): Promise<void> {
    if (this.rolledUp?.day === today) return;
    if ((await reports.rolledUpFor(this.deps.db)) !== today && (await reports.rollUp(this.deps.db, today))) {
      this.deps.log.info({ dashboard: { rolledUpFor: today } }, 'dashboard rollups made');
    }
    this.rolledUp = { day: today, snapshotDays: await reports.snapshotDays(this.deps.db) };
  }

  async dashboard(from: string, to: string): Promise<DashboardReport> {
    const length = dayRangeLength(from, to, DASHBOARD_MAX_DAYS);
    const first = Date.parse(`${from}T00:00:00Z`);
    const last = Date.parse(`${to}T00:00:00Z`);
    const span: reports.Span = {
      prevStart: new Date(first - length * DAY_MS),
      start: new Date(first),
      end: new Date(last + DAY_MS),
      prevDay: dayOf(first - length * DAY_MS),
      firstDay: from,
      lastDay: to,
    };
    const { db } = this.deps;
    const today = dayOf(Date.now());
    await this.rollUp(today);
    // A preset period ends today: its articles' reads come from the rolled-up windows; any other range from the kept
    // "reads before" of the days around it and the per-day rows in between, or from its per-day rows when it is short.
    const preset = to === today && (DASHBOARD_PERIODS as readonly number[]).includes(length) ? (length as DashboardPeriod) : undefined;
    const yesterday = dayOf(Date.parse(`${today}T00:00:00Z`) - DAY_MS);
    const articles = preset
      ? Promise.all([reports.presetTopArticles(db, today, preset, DASHBOARD_TOP_ARTICLES), reports.presetReadPublished(db, today, preset, span.end)])
      : reports
          .rangeReads(db, span, reports.readsSource(from, to, today, this.rolledUp?.snapshotDays ?? 0), DASHBOARD_TOP_ARTICLES)
          .then(({ top, readPublished }) => [top, readPublished] as const);
    const [closed, live, standing, [top, readPublished], authors] = await Promise.all([
      span.prevDay <= yesterday ? reports.closedDays(db, span.prevDay, to < yesterday ? to : yesterday) : Promise.resolve([]),
      span.prevDay <= today && today <= to ? reports.liveDay(db, today) : Promise.resolve(undefined),
      reports.standing(db, span),
      articles,
      reports.authors(db, span, AUTHORS_LISTED),
    ]);
    const daily = await reports.dailyReadsOf(
      db,
      span,
      top.map((a) => a.id),
    );

    const figures = new Map<string, reports.DayFigures>(closed.map((d) => [d.day, d]));
    if (live) figures.set(live.day, live);
    const periodDays = Array.from({ length }, (_, i) => dayOf(first + i * DAY_MS));
    /** A figure summed over the period, and over the period before. */
    const compared = (key: 'reads' | 'created' | 'leads' | 'subscribers') => {
      let current = 0;
      let previous = 0;
      for (const [day, row] of figures) {
        if (day >= from && day <= to) current += row[key];
        else if (day < from) previous += row[key];
      }
      return { current, previous };
    };
    const dailyOf = new Map<number, number[]>();
    for (const row of daily) {
      const series = new Array<number>(length).fill(0);
      row.days.forEach((offset, i) => (series[offset] = row.reads[i] ?? 0));
      dailyOf.set(row.article_id, series);
    }

    return {
      from,
      to,
      totals: {
        reads: compared('reads'),
        created: compared('created'),
        unread: Math.max(0, standing.published - readPublished),
        published: standing.published,
        publishers: { current: standing.publishers, previous: standing.previous_publishers },
        categories: { active: standing.active_categories, in_use: standing.categories_in_use },
        leads: compared('leads'),
        subscribers: compared('subscribers'),
      },
      days: periodDays.map((day) => {
        const row = figures.get(day);
        return { day, reads: row?.reads ?? 0, created: row?.created ?? 0, leads: row?.leads ?? 0, subscribers: row?.subscribers ?? 0 };
      }),
      top_articles: top.map((a) => ({ ...a, daily: dailyOf.get(a.id) ?? new Array<number>(length).fill(0) })),
      authors,
    };
  }
}
