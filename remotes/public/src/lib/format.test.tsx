import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@vitrine/core';
import { loadPublicTexts } from '../texts';
import { useFormat } from './format';

const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
const longDate = (day: string | null) => renderHook(() => useFormat(), { wrapper }).result.current.date(day);

describe('public dates', () => {
  afterEach(() => i18n.changeLanguage('pt-BR'));

  it.each([
    ['pt-BR', '21 de novembro de 2026', '1 de março de 2025'],
    ['en-US', 'November 21, 2026', 'March 1, 2025'],
    ['es-ES', '21 de noviembre de 2026', '1 de marzo de 2025'],
    ['fr-FR', '21 novembre 2026', '1 mars 2025'],
    ['ht-HT', '21 novanm 2026', '1 mas 2025'],
  ])("write the site's calendar day (the API's published_on) in %s from the texts, as Intl writes a long date", async (lang, november, march) => {
    await i18n.changeLanguage(lang);
    await loadPublicTexts();
    expect(longDate('2026-11-21')).toBe(november);
    expect(longDate('2025-03-01')).toBe(march);
  });

  it('are empty for no day or anything that is not a calendar day', () => {
    for (const day of [null, '', 'not a date', '2026-13-01', '2026-11-22T01:00:00Z']) expect(longDate(day)).toBe('');
  });
});
