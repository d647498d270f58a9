import { useMemo } from 'react';
import { useTranslation } from '@vitrine/core';
import { DATE_LOCALE, formatDate, formatDateTime, formatRelative, formatTime, parseDate, type DateInput } from '@vitrine/utils';
import { intlLocale, longDate } from './intl-locale';

type Value = DateInput | null | undefined;
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The date helpers of @vitrine/utils in one language (date, date and time, time, relative and long; the numbers and words are the language's). */
export interface Dates {
  /** The Intl tag they format with (fr-HT for ht-HT: lib/intl-locale.ts). */
  locale: string;
  /** 22/11/2026 (pt-BR), 11/22/2026 (en-US). */
  date(value: Value): string;
  /** 22/11/2026 14:05, 11/22/2026 2:05 PM. */
  dateTime(value: Value): string;
  /** 14:05, 2:05 PM. */
  time(value: Value): string;
  /** Lists: the time under 24 hours from `now`, else day and month ('22 de nov.', 'Nov 22'). */
  relative(value: Value, now?: DateInput): string;
  /** In words, from the texts (date.long, date.months: Kreyòl months in ht-HT, as the public site writes them). */
  long(value: Value): string;
  /** The date pickers' dayjs format of a day as `date` writes it ('DD/MM/YYYY'; 'MM/DD/YYYY' in en-US). */
  pickerDate: string;
  /** The date pickers' dayjs format of a time as `time` writes it ('HH:mm'; 'h:mm A' in en-US). */
  pickerTime: string;
}

const DAYJS_PART: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { day: 'DD', month: 'MM', year: 'YYYY' };
const pickerFormats = new Map<string, { pickerDate: string; pickerTime: string }>();

/** The dayjs formats matching @vitrine/utils' numeric date and time in `locale` (made once per locale). */
function pickerFormatsOf(locale: string): { pickerDate: string; pickerTime: string } {
  let found = pickerFormats.get(locale);
  if (!found) {
    const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(2000, 0, 2));
    const pickerDate = parts.map((p) => DAYJS_PART[p.type] ?? (/[a-z]/i.test(p.value) ? `[${p.value}]` : p.value)).join('');
    const twelve = locale !== DATE_LOCALE && new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).resolvedOptions().hour12 === true;
    pickerFormats.set(locale, (found = { pickerDate, pickerTime: twelve ? 'h:mm A' : 'HH:mm' }));
  }
  return found;
}

/** The helpers for an interface language (i18n.language), outside a component; `t` reads the admin texts for `long`. */
export function datesFor(language: string, t: Translate): Dates {
  const locale = intlLocale(language);
  return {
    locale,
    ...pickerFormatsOf(locale),
    date: (value) => formatDate(value, locale),
    dateTime: (value) => formatDateTime(value, locale),
    time: (value) => formatTime(value, locale),
    relative: (value, now) => formatRelative(value, now, locale),
    long: (value) => {
      const d = parseDate(value);
      return d ? longDate(t, d) : '';
    },
  };
}

/** The date helpers in the interface language; a component using them renders again when the language changes. */
export function useDates(): Dates {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  return useMemo(() => datesFor(language, t as Translate), [language, t]);
}
