import { BadRequestError } from '../errors';

const DAY_MS = 86_400_000;

/**
 * An inclusive range of calendar days (YYYY-MM-DD, already valid dates): its length in days. 400
 * VALIDATION_ERROR on `to` when it comes before `from`, or when the range is longer than `maxDays`.
 */
export function dayRangeLength(from: string, to: string, maxDays = Infinity): number {
  const length = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  if (length < 1) throw new BadRequestError('VALIDATION_ERROR', [{ property: 'to', message: { isAfterFrom: 'to must not be before from' } }]);
  if (length > maxDays) throw new BadRequestError('VALIDATION_ERROR', [{ property: 'to', message: { maxDays: `the period spans at most ${maxDays} days` } }]);
  return length;
}
