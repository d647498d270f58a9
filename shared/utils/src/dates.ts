import dayjs, { type Dayjs } from 'dayjs';
// Only the one locale file (SPEC §9), registered without changing dayjs' global locale.
import 'dayjs/locale/pt-br';

/** What the date helpers accept: an ISO string, a timestamp, a Date or a Dayjs. */
export type DateInput = string | number | Date | Dayjs;

const LOCALE = 'pt-br';
const DAY_MS = 24 * 60 * 60 * 1000;

function toDayjs(value: DateInput | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d.locale(LOCALE) : null;
}

/** 'DD/MM/YYYY' (22/11/2026); '' for a missing or invalid date. */
export function formatDate(value: DateInput | null | undefined): string {
  return toDayjs(value)?.format('DD/MM/YYYY') ?? '';
}

/** 'DD/MM/YYYY HH:mm' (22/11/2026 14:05); '' for a missing or invalid date. */
export function formatDateTime(value: DateInput | null | undefined): string {
  return toDayjs(value)?.format('DD/MM/YYYY HH:mm') ?? '';
}

/** Long pt-BR form: '22 de novembro de 2026'; '' for a missing or invalid date. */
export function formatDateLong(value: DateInput | null | undefined): string {
  return toDayjs(value)?.format('D [de] MMMM [de] YYYY') ?? '';
}

/**
 * For lists (SPEC §9): an item less than 24 hours away from `now` shows its time
 * ('14:05'), an older one its day and month ('22 de nov.'). A date slightly in the
 * future (clock skew) counts as recent. '' for a missing or invalid date.
 */
export function formatRelative(value: DateInput | null | undefined, now: DateInput = new Date()): string {
  const d = toDayjs(value);
  const ref = toDayjs(now);
  if (!d || !ref) return '';
  if (Math.abs(ref.diff(d)) < DAY_MS) return d.format('HH:mm');
  return d.format('D [de] MMM[.]');
}

/** pt-BR month name for a 0-based month index (0 → 'janeiro'); 'short' gives 'jan'. '' when out of range. */
export function monthName(index: number, form: 'long' | 'short' = 'long'): string {
  if (!Number.isInteger(index) || index < 0 || index > 11) return '';
  return dayjs(new Date(2000, index, 1)).locale(LOCALE).format(form === 'long' ? 'MMMM' : 'MMM');
}
