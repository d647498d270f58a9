import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@vitrine/core';
import { useFormat } from './format';

const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

describe('public dates', () => {
  afterEach(() => i18n.changeLanguage('pt-BR'));

  it("are the site's (Brazil's) day whatever the process's time zone: server HTML and hydration agree", async () => {
    // 01:00 UTC on the 22nd is still the 21st in São Paulo.
    await i18n.changeLanguage('pt-BR');
    expect(renderHook(() => useFormat(), { wrapper }).result.current.date('2026-11-22T01:00:00Z')).toBe('21 de novembro de 2026');
    await i18n.changeLanguage('en-US');
    expect(renderHook(() => useFormat(), { wrapper }).result.current.date('2026-11-22T01:00:00Z')).toBe('November 21, 2026');
    expect(renderHook(() => useFormat(), { wrapper }).result.current.date('not a date')).toBe('');
  });
});
