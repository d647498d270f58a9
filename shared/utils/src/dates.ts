/**
 * Dates as SPEC §9 shows them (pt-BR month names, DD/MM/YYYY, the time for items
 * under 24 hours old), with the platform's Intl: no date library on the public
 * pages (docs/decisions/public-weight.md). Local time, like the screens.
 */

/** What the date helpers accept: an ISO string, a timestamp, a Date, or a date object such as dayjs' (toDate()). */
export type DateInput = string | number | Date | { toDate(): Date };

const LOCALE = 'pt-BR';
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const numeric = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });
const time = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const monthLong = new Intl.DateTimeFormat(LOCALE, { month: 'long' });
const monthShort = new Intl.DateTimeFormat(LOCALE, { month: 'short' });

function toDate(value: DateInput | null | undefined): Date | null {
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
const shortMonth = (d: Date) => monthShort.format(d).replace(/\.$/, '');

/** 'DD/MM/YYYY' (22/11/2026); '' for a missing or invalid date. */
export function formatDate(value: DateInput | null | undefined): string {
  const d = toDate(value);
  return d ? numeric.format(d) : '';
}

/** 'DD/MM/YYYY HH:mm' (22/11/2026 14:05); '' for a missing or invalid date. */
export function formatDateTime(value: DateInput | null | undefined): string {
  const d = toDate(value);
  return d ? `${numeric.format(d)} ${time.format(d)}` : '';
}

/** Long pt-BR form: '22 de novembro de 2026'; '' for a missing or invalid date. */
export function formatDateLong(value: DateInput | null | undefined): string {
  const d = toDate(value);
  return d ? `${d.getDate()} de ${monthLong.format(d)} de ${d.getFullYear()}` : '';
}

/**
 * For lists (SPEC §9): an item less than 24 hours away from `now` shows its time
 * ('14:05'), an older one its day and month ('22 de nov.'). A date slightly in the
 * future (clock skew) counts as recent. '' for a missing or invalid date.
 */
export function formatRelative(value: DateInput | null | undefined, now: DateInput = new Date()): string {
  const d = toDate(value);
  const ref = toDate(now);
  if (!d || !ref) return '';
  if (Math.abs(ref.getTime() - d.getTime()) < DAY_MS) return time.format(d);
  return `${d.getDate()} de ${shortMonth(d)}.`;
}

/** pt-BR month name for a 0-based month index (0 → 'janeiro'); 'short' gives 'jan'. '' when out of range. */
export function monthName(index: number, form: 'long' | 'short' = 'long'): string {
  if (!Number.isInteger(index) || index < 0 || index > 11) return '';
  const d = new Date(2000, index, 1);
  return form === 'long' ? monthLong.format(d) : shortMonth(d);
}
