/**
 * The tag Intl writes a language's numbers and dates with. ICU has no Haitian Creole: for ht-HT it falls back
 * to English (14,921 and 11/23). Haiti writes numbers and day-first dates as French does, so ht-HT formats as
 * fr-HT (14 921, 23/11); month names in words come from the texts (`date.months`), in Kreyòl, as the mails and
 * the public site write them.
 */
export function intlLocale(language: string): string {
  return language === 'ht-HT' ? 'fr-HT' : language;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;

/** A local date in words in the interface's language ('24 de novembro de 2026', 'November 24, 2026', '24 novanm 2026'). */
export function longDate(t: (key: string, options?: Record<string, unknown>) => string, date: Date): string {
  return t('admin:date.long', { day: date.getDate(), month: t(`admin:date.months.${MONTHS[date.getMonth()]}`), year: date.getFullYear() });
}
