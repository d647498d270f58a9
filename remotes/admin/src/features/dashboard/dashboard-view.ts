import { DASHBOARD_DEFAULT_PERIOD, DASHBOARD_MAX_DAYS, DASHBOARD_PERIODS, type DashboardPeriod } from '@vitrine/contracts';
import { isDay } from '../../lib/days';

/**
 * The dashboard's period, kept in the URL: `?period=7|30|90` (30 when absent) or a custom `?from=…&to=…` (UTC
 * days, as the reports count them). Anything else falls back to the default, so a shared link never breaks.
 */
export type PeriodChoice = { kind: 'preset'; days: DashboardPeriod } | { kind: 'custom'; from: string; to: string };

export interface Range {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** Today as a UTC day (YYYY-MM-DD). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Days in an inclusive range. */
export function rangeLength(range: Range): number {
  return Math.round((dayTime(range.to) - dayTime(range.from)) / DAY_MS) + 1;
}

export function choiceFromParams(params: URLSearchParams): PeriodChoice {
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to) && from <= to && rangeLength({ from, to }) <= DASHBOARD_MAX_DAYS) return { kind: 'custom', from, to };
  const days = Number(params.get('period'));
  return { kind: 'preset', days: (DASHBOARD_PERIODS as readonly number[]).includes(days) ? (days as DashboardPeriod) : DASHBOARD_DEFAULT_PERIOD };
}

/** Why a range typed in the dashboard's date fields cannot be asked for (null: it can). */
export type RangeProblem = 'incomplete' | 'future' | 'order' | 'tooLong';

/** The custom range's rules: two real days, none after today, the start on or before the end, at most DASHBOARD_MAX_DAYS days. */
export function rangeProblem(range: Range, today: string = todayUtc()): RangeProblem | null {
  if (!isDay(range.from) || !isDay(range.to)) return 'incomplete';
  if (range.from > today || range.to > today) return 'future';
  if (range.from > range.to) return 'order';
  if (rangeLength(range) > DASHBOARD_MAX_DAYS) return 'tooLong';
  return null;
}

/** The search parameters of a choice (the default period leaves the URL clean). */
export function paramsOfChoice(choice: PeriodChoice): Record<string, string> {
  if (choice.kind === 'custom') return { from: choice.from, to: choice.to };
  return choice.days === DASHBOARD_DEFAULT_PERIOD ? {} : { period: String(choice.days) };
}

/** The UTC days a choice covers: a preset ends today. */
export function rangeOfChoice(choice: PeriodChoice, today: string = todayUtc()): Range {
  if (choice.kind === 'custom') return { from: choice.from, to: choice.to };
  return { from: todayUtc(new Date(dayTime(today) - (choice.days - 1) * DAY_MS)), to: today };
}

/** Change against the previous period, in percent (rounded); null when there was nothing before to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

const shortDays = new Map<string, Intl.DateTimeFormat>();

/** A UTC day as a short label in the reader's language ('12 de nov.', 'Nov 12'); one formatter per language. */
export function shortDay(day: string, locale: string): string {
  let format = shortDays.get(locale);
  if (!format) shortDays.set(locale, (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })));
  return format.format(new Date(dayTime(day)));
}

/** A UTC day at 00:00 UTC, in seconds (the charts' x values). */
export function daySeconds(day: string): number {
  return dayTime(day) / 1000;
}

/** The UTC day of a chart's x value (daySeconds' inverse). */
export function dayOfSeconds(seconds: number): string {
  return todayUtc(new Date(seconds * 1000));
}
