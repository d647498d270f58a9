/**
 * Dates as the screens show them (pt-BR month names, DD/MM/YYYY, the time for items
 * under 24 hours old), with the platform's Intl: no date library on the public
 * pages (docs/decisions/public-weight.md). Local time, like the screens.
 *
 * Every helper takes an optional last `locale` (an Intl tag, 'pt-BR' by default): the
 * same shapes in another language are Intl's (11/22/2026 2:05 PM and 'Nov 22' in en-US,
 * 22/11/2026 and '22 nov.' in fr-FR). ICU has no Haitian Creole: the screens pass
 * `intlLocale(language)`, fr-HT for ht-HT. Formatters are made on first use and kept per
 * locale (the first one loads the engine's date data).
 */

/** What the date helpers accept: an ISO string, a timestamp, a Date, or a date object such as dayjs' (toDate()). */
export type DateInput = string | number | Date | { toDate(): Date };

/** The default locale, the product's. */
export const DATE_LOCALE = 'pt-BR';

/**
 * The Intl tag an interface language's dates, times and numbers are written with, the one rule of the admin and the
 * public pages. ICU has no Haitian Creole: for ht-HT it falls back to English (11/23, 1:05 PM, 14,921), which is
 * not how Haiti writes them. Haiti writes day-first dates, a 24-hour clock and numbers as French does (23/11, 13:05,
 * 14 921), so ht-HT formats as fr-HT; month names in words come from each app's texts, in Kreyòl.
 */
export function intlLocale(language: string): string {
  return language === 'ht-HT' ? 'fr-HT' : language;
}
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

type Shape = 'numeric' | 'time' | 'monthLong' | 'monthShort' | 'dayMonth' | 'long';

const SHAPES: Record<Shape, Intl.DateTimeFormatOptions> = {
  numeric: { day: '2-digit', month: '2-digit', year: 'numeric' },
  // The language's own clock (2:05 PM in en-US); pt-BR's is fixed to 24 hours below.
  time: { timeStyle: 'short' },
  monthLong: { month: 'long' },
  monthShort: { month: 'short' },
  dayMonth: { day: 'numeric', month: 'short' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
};
const PT_BR_TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, shape: Shape): Intl.DateTimeFormat {
  const key = `${locale}|${shape}`;
  let found = formatters.get(key);
  if (!found) {
    const options = shape === 'time' && locale === DATE_LOCALE ? PT_BR_TIME : SHAPES[shape];
    formatters.set(key, (found = new Intl.DateTimeFormat(locale, options)));
  }
  return found;
}

/** A Date from what the helpers accept ('YYYY-MM-DD' is that day, local); null for a missing or invalid date. */
export function parseDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let d: Date;
  if (value instanceof Date) d = new Date(value.getTime());
  else if (typeof value === 'object') d = value.toDate();
  else if (typeof value === 'string' && DATE_ONLY.test(value)) {
    // A calendar date is a day where the reader is, not midnight UTC.
    const [, y, m, day] = DATE_ONLY.exec(value) as RegExpExecArray;
    d = new Date(Number(y), Number(m) - 1, Number(day));
  } else d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'nov' from 'nov.' (pt-BR's short month). */
const shortMonth = (d: Date, locale: string) => formatter(locale, 'monthShort').format(d).replace(/\.$/, '');

const time = (d: Date, locale: string) => formatter(locale, 'time').format(d);

/** The time alone: 'HH:mm' (14:05; 2:05 PM in en-US); '' for a missing or invalid date. */
export function formatTime(value: DateInput | null | undefined, locale: string = DATE_LOCALE): string {
  const d = parseDate(value);
  return d ? time(d, locale) : '';
}

/** 'DD/MM/YYYY' (22/11/2026; 11/22/2026 in en-US); '' for a missing or invalid date. */
export function formatDate(value: DateInput | null | undefined, locale: string = DATE_LOCALE): string {
  const d = parseDate(value);
  return d ? formatter(locale, 'numeric').format(d) : '';
}

/** 'DD/MM/YYYY HH:mm' (22/11/2026 14:05; 11/22/2026 2:05 PM in en-US); '' for a missing or invalid date. */
export function formatDateTime(value: DateInput | null | undefined, locale: string = DATE_LOCALE): string {
  const d = parseDate(value);
  return d ? `${formatter(locale, 'numeric').format(d)} ${time(d, locale)}` : '';
}

/**
 * Long form: '22 de novembro de 2026' (pt-BR), 'November 22, 2026' (en-US), '22 novembre 2026' (fr-FR);
 * '' for a missing or invalid date.
 */
export function formatDateLong(value: DateInput | null | undefined, locale: string = DATE_LOCALE): string {
  const d = parseDate(value);
  if (!d) return '';
  if (locale !== DATE_LOCALE) return formatter(locale, 'long').format(d);
  return `${d.getDate()} de ${formatter(locale, 'monthLong').format(d)} de ${d.getFullYear()}`;
}

/**
 * For lists: an item less than 24 hours away from `now` shows its time
 * ('14:05'), an older one its day and month ('22 de nov.'; 'Nov 22' in en-US). A date
 * slightly in the future (clock skew) counts as recent. '' for a missing or invalid date.
 */
export function formatRelative(value: DateInput | null | undefined, now: DateInput = new Date(), locale: string = DATE_LOCALE): string {
  const d = parseDate(value);
  const ref = parseDate(now);
  if (!d || !ref) return '';
  if (Math.abs(ref.getTime() - d.getTime()) < DAY_MS) return time(d, locale);
  if (locale !== DATE_LOCALE) return formatter(locale, 'dayMonth').format(d);
  return `${d.getDate()} de ${shortMonth(d, locale)}.`;
}

/** Month name for a 0-based month index (0 → 'janeiro'); 'short' gives 'jan'. '' when out of range. */
export function monthName(index: number, form: 'long' | 'short' = 'long', locale: string = DATE_LOCALE): string {
  if (!Number.isInteger(index) || index < 0 || index > 11) return '';
  const d = new Date(2000, index, 1);
  return form === 'long' ? formatter(locale, 'monthLong').format(d) : shortMonth(d, locale);
}
