import type { Locale } from '@vitrine/contracts';
import { SITE_TIME_ZONE } from '../lib/site-day';

/**
 * Dates and numbers in mails, in the mail's language (docs/decisions/mail-languages.md). Intl knows pt-BR,
 * en-US, es-ES and fr-FR; it has no Haitian Creole (ICU falls back to English), so ht-HT is written here:
 * day, month name, year ('23 novanm 2026'), 24-hour time.
 */

const KREYOL_MONTHS = ['janvye', 'fevriye', 'mas', 'avril', 'me', 'jen', 'jiyè', 'out', 'septanm', 'oktòb', 'novanm', 'desanm'] as const;

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = formatters.get(key) as T | undefined;
  if (!found) formatters.set(key, (found = make()));
  return found;
}

/** Year, month (1–12), day, hour and minute of an instant in a time zone. */
function parts(date: Date, timeZone: string): { year: number; month: number; day: number; hour: string; minute: string } {
  const format = cached(`parts|${timeZone}`, () =>
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ) as Intl.DateTimeFormat;
  const p = Object.fromEntries(format.formatToParts(date).map((x) => [x.type, x.value]));
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day), hour: p.hour ?? '00', minute: p.minute ?? '00' };
}

const kreyolDate = (p: { year: number; month: number; day: number }) => `${p.day} ${KREYOL_MONTHS[p.month - 1] ?? ''} ${p.year}`;

/** A whole number as the language writes it (1.234 in pt-BR, 1,234 in en-US). */
export function formatNumber(locale: Locale, value: number): string {
  return (cached(`number|${locale}`, () => new Intl.NumberFormat(locale === 'ht-HT' ? 'fr-FR' : locale)) as Intl.NumberFormat).format(value);
}

/** '23 de novembro de 2026', 'November 23, 2026', '23 novanm 2026'. */
export function formatLongDate(locale: Locale, date: Date, timeZone = SITE_TIME_ZONE): string {
  if (locale === 'ht-HT') return kreyolDate(parts(date, timeZone));
  return (cached(`date|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone })) as Intl.DateTimeFormat).format(date);
}

/** '23 de novembro de 2026 às 14:30', 'November 23, 2026 at 2:30 PM', '23 novanm 2026 a 14:30'. */
export function formatDateTime(locale: Locale, date: Date, timeZone = SITE_TIME_ZONE): string {
  if (locale === 'ht-HT') {
    const p = parts(date, timeZone);
    return `${kreyolDate(p)} a ${p.hour}:${p.minute}`;
  }
  return (
    cached(`datetime|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone })) as Intl.DateTimeFormat
  ).format(date);
}

/** A span of calendar days: '23 – 29 de novembro de 2026', 'November 23 – 29, 2026', '23–29 novanm 2026'. */
export function formatDayRange(locale: Locale, start: Date, end: Date, timeZone = SITE_TIME_ZONE): string {
  if (locale === 'ht-HT') {
    const a = parts(start, timeZone);
    const b = parts(end, timeZone);
    if (a.year !== b.year) return `${kreyolDate(a)} – ${kreyolDate(b)}`;
    if (a.month !== b.month) return `${a.day} ${KREYOL_MONTHS[a.month - 1]} – ${kreyolDate(b)}`;
    return `${a.day}–${kreyolDate(b)}`;
  }
  return (cached(`date|${locale}|${timeZone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone })) as Intl.DateTimeFormat).formatRange(start, end);
}

/** Monday and Sunday (UTC midnights) of an ISO week key ('2026-W48'); undefined for anything else. */
export function isoWeekDays(week: string): { start: Date; end: Date } | undefined {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) return undefined;
  const year = Number(match[1]);
  const number = Number(match[2]);
  if (number < 1 || number > 53) return undefined;
  // Week 1 holds 4 January; its Monday is that day minus its weekday (Monday = 1 … Sunday = 7).
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const start = new Date(jan4.getTime() + ((number - 1) * 7 - ((jan4.getUTCDay() || 7) - 1)) * 86_400_000);
  return { start, end: new Date(start.getTime() + 6 * 86_400_000) };
}

/** The digest's week as the language writes its days ('23 – 29 de novembro de 2026'); the key itself if it is not one. */
export function formatWeek(locale: Locale, week: string): string {
  const days = isoWeekDays(week);
  return days ? formatDayRange(locale, days.start, days.end, 'UTC') : week;
}
