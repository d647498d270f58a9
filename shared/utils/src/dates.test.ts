import dayjs from 'dayjs';
import { formatDate, formatDateLong, formatDateTime, formatRelative, formatTime, intlLocale, monthName, parseDate } from './dates';

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

  describe('in another locale', () => {
    const morning = new Date(2026, 10, 22, 9, 5);
    const now = new Date(2026, 10, 22, 18, 0, 0);
    const older = new Date(2026, 10, 21, 18, 0, 0);

    it('keeps pt-BR as the default and as an explicit locale', () => {
      expect(formatDate(d, 'pt-BR')).toBe(formatDate(d));
      expect(formatDateTime(d, 'pt-BR')).toBe('22/11/2026 14:05');
      expect(formatDateLong(d, 'pt-BR')).toBe('22 de novembro de 2026');
      expect(formatRelative(older, now, 'pt-BR')).toBe('21 de nov.');
      expect(formatTime(morning)).toBe('09:05');
      expect(monthName(1, 'short', 'pt-BR')).toBe('fev');
    });

    it('writes en-US month first, with its 12-hour clock', () => {
      expect(formatDate(d, 'en-US')).toBe('11/22/2026');
      expect(formatDateTime(d, 'en-US')).toMatch(/^11\/22\/2026 2:05\sPM$/);
      expect(formatTime(morning, 'en-US')).toMatch(/^9:05\sAM$/);
      expect(formatDateLong(d, 'en-US')).toBe('November 22, 2026');
      expect(formatRelative(morning, now, 'en-US')).toMatch(/^9:05\sAM$/);
      expect(formatRelative(older, now, 'en-US')).toBe('Nov 21');
      expect(monthName(0, 'long', 'en-US')).toBe('January');
    });

    it('writes es-ES, fr-FR and fr-HT (the admin\'s ht-HT) day first, on a 24-hour clock, with no pt-BR "de"', () => {
      for (const locale of ['es-ES', 'fr-FR', 'fr-HT']) {
        expect(formatDate(d, locale)).toBe('22/11/2026');
        expect(formatDateTime(d, locale)).toBe('22/11/2026 14:05');
        expect(formatRelative(new Date(2026, 10, 22, 14, 5), now, locale)).toBe('14:05');
        expect(formatRelative(new Date(2026, 10, 21, 18, 0, 1), now, locale)).toBe('18:00');
      }
      expect(formatDateLong(d, 'es-ES')).toBe('22 de noviembre de 2026');
      expect(formatRelative(older, now, 'es-ES')).toBe('21 nov');
      expect(formatDateLong(d, 'fr-FR')).toBe('22 novembre 2026');
      expect(formatDateLong(d, 'fr-HT')).toBe('22 novembre 2026');
      expect(formatRelative(older, now, 'fr-FR')).toBe('21 nov.');
      expect(formatRelative(older, now, 'fr-HT')).toBe('21 nov.');
      expect(formatRelative(new Date(2026, 1, 3, 9, 0), now, 'fr-FR')).toBe('3 févr.');
    });

    it("writes Haitian Creole's dates and times as Haiti does (intlLocale: fr-HT, which ICU has), not in English", () => {
      expect(intlLocale('ht-HT')).toBe('fr-HT');
      expect(['pt-BR', 'en-US', 'es-ES', 'fr-FR'].map(intlLocale)).toEqual(['pt-BR', 'en-US', 'es-ES', 'fr-FR']);
      const afternoon = new Date(2026, 10, 22, 13, 5);
      expect(formatTime(afternoon, intlLocale('ht-HT'))).toBe('13:05');
      expect(formatDate(afternoon, intlLocale('ht-HT'))).toBe('22/11/2026');
      expect(formatTime(afternoon, intlLocale('en-US'))).toMatch(/^1:05\sPM$/);
    });

    it('gives empty for a missing or invalid date in any locale', () => {
      expect(formatDate(null, 'en-US')).toBe('');
      expect(formatDateTime('nope', 'fr-FR')).toBe('');
      expect(formatDateLong(undefined, 'es-ES')).toBe('');
      expect(formatRelative('nope', now, 'en-US')).toBe('');
      expect(formatTime('', 'en-US')).toBe('');
    });
  });

  it('parses what the helpers accept', () => {
    expect(parseDate('2026-01-05')).toEqual(new Date(2026, 0, 5));
    expect(parseDate(dayjs(d))).toEqual(d);
    expect(parseDate('nope')).toBeNull();
    expect(parseDate(null)).toBeNull();
  });
});
