import dayjs from 'dayjs';
import { formatDate, formatDateLong, formatDateTime, formatRelative, monthName } from './dates';

describe('dates', () => {
  const d = new Date(2026, 10, 22, 14, 5, 9);

  it('formats DD/MM/YYYY from a Date, a timestamp, a string and a Dayjs', () => {
    expect(formatDate(d)).toBe('22/11/2026');
    expect(formatDate(d.getTime())).toBe('22/11/2026');
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(formatDate(dayjs(d))).toBe('22/11/2026');
  });

  it('gives empty for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateLong('nope')).toBe('');
    expect(formatRelative('nope')).toBe('');
  });

  it('formats date and time', () => {
    expect(formatDateTime(d)).toBe('22/11/2026 14:05');
  });

  it('formats the long pt-BR form', () => {
    expect(formatDateLong(d)).toBe('22 de novembro de 2026');
    expect(formatDateLong(new Date(2026, 2, 1))).toBe('1 de março de 2026');
  });


  describe('formatRelative', () => {
    const now = new Date(2026, 10, 22, 18, 0, 0);

    it('shows the time for items under 24 hours old', () => {
      expect(formatRelative(new Date(2026, 10, 22, 14, 5), now)).toBe('14:05');
      expect(formatRelative(new Date(2026, 10, 21, 18, 0, 1), now)).toBe('18:00');
    });

    it('shows day and month (pt-BR) for older items', () => {
      expect(formatRelative(new Date(2026, 10, 21, 18, 0, 0), now)).toBe('21 de nov.');
      expect(formatRelative(new Date(2026, 1, 3, 9, 0), now)).toBe('3 de fev.');
    });

    it('counts a date slightly in the future as recent', () => {
      expect(formatRelative(new Date(2026, 10, 22, 18, 1), now)).toBe('18:01');
    });

    it('defaults now to the current time', () => {
      expect(formatRelative(new Date())).toMatch(/^\d{2}:\d{2}$/);
    });
  });

  it('names months from a 0-based index', () => {
    expect(monthName(0)).toBe('janeiro');
    expect(monthName(2)).toBe('março');
    expect(monthName(11)).toBe('dezembro');
    expect(monthName(1, 'short')).toBe('fev');
    expect(monthName(12)).toBe('');
    expect(monthName(-1)).toBe('');
    expect(monthName(1.5)).toBe('');
  });
});
