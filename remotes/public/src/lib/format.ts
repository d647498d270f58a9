import { readingTime } from '@vitrine/utils';
import { useTranslation } from '@vitrine/core';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;

/**
 * The `lang` attribute content written in `contentLang` needs on a page in `pageLang`: the content's language when
 * it differs (an article not translated into the page's language shows its original), else nothing.
 */
export function foreignLang(contentLang: string | undefined, pageLang: string): string | undefined {
  return contentLang && contentLang !== pageLang ? contentLang : undefined;
}

/** Locale-aware labels for dates and reading time (pt-BR wording by default). */
export function useFormat() {
  const { t, i18n } = useTranslation('public');
  const minutes = (m: number) => (m < 1 ? t('post.readingUnder') : t('post.readingMinutes', { count: Math.round(m) }));
  return {
    /** The page's language. */
    lang: i18n.language,
    /**
     * Long date of a calendar day ('YYYY-MM-DD', the company's day that the API gives as `published_on`):
     * '22 de novembro de 2026' in pt-BR, 'November 22, 2026' in en-US, '22 novanm 2026' in ht-HT. Written from
     * the texts, not by Intl: a page's first Intl date formatter loads the engine's date data, a 40–50 ms task
     * (200 ms on a throttled phone) in the middle of hydration (docs/performance.md); and ICU has no Haitian Creole.
     */
    date(day: string | null | undefined): string {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
      const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
      if (!match || !month) return '';
      return t('date.long', { day: Number(match[3]), month: t(`date.months.${month}`), year: match[1] });
    },
    /** Reading time of stored whole minutes (a card): 0 reads as 'less than a minute'. */
    minutes,
    /** Reading time of an article body, 200 words a minute. */
    readingTime: (html: string) => readingTime(html, minutes),
  };
}
