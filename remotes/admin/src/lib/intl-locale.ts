/**
 * The tag Intl writes a language's numbers and dates with: @vitrine/utils' rule, shared with the public pages (fr-HT
 * for ht-HT, which ICU lacks). Month names in words come from the texts (`date.months`), in Kreyòl, as the mails and
 * the public site write them.
 */
export { intlLocale } from '@vitrine/utils';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;

/** A local date in words in the interface's language ('24 de novembro de 2026', 'November 24, 2026', '24 novanm 2026'). */
export function longDate(t: (key: string, options?: Record<string, unknown>) => string, date: Date): string {
  return t('admin:date.long', { day: date.getDate(), month: t(`admin:date.months.${MONTHS[date.getMonth()]}`), year: date.getFullYear() });
}
