import { datesFor } from './use-dates';

const t = (key: string, options: Record<string, unknown> = {}) =>
  key === 'admin:date.long' ? `${String(options.day)} ${String(options.month)} ${String(options.year)}` : key.replace('admin:date.months.', '');

describe('datesFor', () => {
  const d = new Date(2026, 10, 22, 14, 5);

  it('formats in the Intl tag of the interface language (ht-HT as fr-HT)', () => {
    expect(datesFor('pt-BR', t).locale).toBe('pt-BR');
    expect(datesFor('ht-HT', t).locale).toBe('fr-HT');
    expect(datesFor('pt-BR', t).date(d)).toBe('22/11/2026');
    expect(datesFor('en-US', t).date(d)).toBe('11/22/2026');
    expect(datesFor('pt-BR', t).dateTime(d)).toBe('22/11/2026 14:05');
    expect(datesFor('fr-FR', t).dateTime(d)).toBe('22/11/2026 14:05');
    expect(datesFor('pt-BR', t).time(d)).toBe('14:05');
    expect(datesFor('en-US', t).time(d)).toMatch(/^2:05\sPM$/);
    expect(datesFor('en-US', t).relative(new Date(2026, 10, 20), d)).toBe('Nov 20');
    expect(datesFor('es-ES', t).relative(new Date(2026, 10, 20), d)).toBe('20 nov');
  });

  it('writes the long date from the texts (the public site does too)', () => {
    expect(datesFor('ht-HT', t).long(d)).toBe('22 november 2026');
    expect(datesFor('pt-BR', t).long('2026-03-01')).toBe('1 march 2026');
    expect(datesFor('pt-BR', t).long(null)).toBe('');
  });

  it("gives the date pickers the same day order and clock as the lists'", () => {
    expect(datesFor('pt-BR', t)).toMatchObject({ pickerDate: 'DD/MM/YYYY', pickerTime: 'HH:mm' });
    expect(datesFor('en-US', t)).toMatchObject({ pickerDate: 'MM/DD/YYYY', pickerTime: 'h:mm A' });
    expect(datesFor('es-ES', t)).toMatchObject({ pickerDate: 'DD/MM/YYYY', pickerTime: 'HH:mm' });
    expect(datesFor('fr-FR', t)).toMatchObject({ pickerDate: 'DD/MM/YYYY', pickerTime: 'HH:mm' });
    expect(datesFor('ht-HT', t)).toMatchObject({ pickerDate: 'DD/MM/YYYY', pickerTime: 'HH:mm' });
  });
});
