import { readingTime } from '@vitrine/utils';
import { useTranslation } from '@vitrine/core';

/** Dates on the public site are the company's (Brazil's), wherever the page is rendered or read. */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';

const longDates = new Map<string, Intl.DateTimeFormat>();

/**
 * One long-date formatter per language, made once: `toLocaleDateString` builds a new one per call, which
 * cost a home page's hydration about 50 ms of a throttled phone's main thread (a dozen cards) and the
 * server the same per render.
 */
function longDate(lang: string): Intl.DateTimeFormat {
  let format = longDates.get(lang);
  if (!format) {
    // In the site's time zone, not the reader's: the server's HTML and the browser's hydration show the same day.
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: SITE_TIME_ZONE });
    longDates.set(lang, format);
  }
  return format;
}

// A page's first Intl date formatter loads the engine's date data (about 20 ms, 80 on a throttled phone),
// whatever its language: done in a task of its own when this module arrives, not inside the first render
// (hydration) that shows a date.
if (typeof window !== 'undefined') setTimeout(() => longDate('pt-BR').format(0), 0);

/** Locale-aware labels for dates and reading time (pt-BR wording of SPEC §9 by default). */
export function useFormat() {
  const { t, i18n } = useTranslation('public');
  const lang = i18n.language;
  const minutes = (m: number) => (m < 1 ? t('post.readingUnder') : t('post.readingMinutes', { count: Math.round(m) }));
  return {
    /** Long date: '22 de novembro de 2026' in pt-BR, 'November 22, 2026' in en-US. */
    date(value: string | null | undefined): string {
      if (!value) return '';
      const d = new Date(value);
      if (Number.isNaN(d.getTime())) return '';
      return longDate(lang || 'pt-BR').format(d);
    },
    /** Reading time of stored whole minutes (a card): 0 reads as 'less than a minute'. */
    minutes,
    /** Reading time of an article body, 200 words a minute. */
    readingTime: (html: string) => readingTime(html, minutes),
  };
}
