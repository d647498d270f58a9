import { readingTime } from '@vitrine/utils';
import { useTranslation } from '@vitrine/core';

/** Dates on the public site are the company's (Brazil's), wherever the page is rendered or read. */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';

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
      // In the site's time zone, not the reader's: the server's HTML and the browser's hydration show the same day.
      return d.toLocaleDateString(lang || 'pt-BR', { dateStyle: 'long', timeZone: SITE_TIME_ZONE });
    },
    /** Reading time of stored whole minutes (a card): 0 reads as 'less than a minute'. */
    minutes,
    /** Reading time of an article body, 200 words a minute. */
    readingTime: (html: string) => readingTime(html, minutes),
  };
}
