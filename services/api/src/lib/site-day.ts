/** The company's time zone: an article's day and a message's time are the company's, on the site and in mails. */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';

/** 'YYYY-MM-DD' in the company's time zone (en-CA writes dates that way). */
const siteDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The company's calendar day of an instant, 'YYYY-MM-DD': the date the public pages show. Decided here, with
 * the server's time-zone data, so a page's first load needs no Intl date formatter in the browser (the first
 * one loads the engine's date data: a 40–50 ms task, 200 on a throttled phone; docs/performance.md).
 */
export function siteDay(value: Date | string | null): string | null {
  if (value === null) return null;
  const parts = siteDayFormat.formatToParts(value instanceof Date ? value : new Date(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
