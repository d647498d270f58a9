import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { LOCALE_CODES, type Locale } from '@vitrine/contracts';
import { i18n, setLanguage } from '@vitrine/core';
import { loadPageTexts } from '../../page-texts';
import { ReplyPromise } from './reply-promise';

/** The visitor's clock when the message left: five past one in the afternoon, and twenty to ten at night. */
const AFTERNOON = new Date(2026, 10, 23, 13, 5);
const NIGHT = new Date(2026, 10, 23, 21, 40);

/** Each language writes the time as its readers do: a 12-hour clock in en-US only; ht-HT as Haiti writes it (as French does), not English's. */
const TIMES: Record<Locale, [string, string]> = {
  'pt-BR': ['13:05', '21:40'],
  'en-US': ['1:05 PM', '9:40 PM'],
  'es-ES': ['13:05', '21:40'],
  'fr-FR': ['13:05', '21:40'],
  'ht-HT': ['13:05', '21:40'],
};

const promise = (at: Date) => {
  render(
    <I18nextProvider i18n={i18n}>
      <ReplyPromise at={at} />
    </I18nextProvider>,
  );
  return screen.getByRole('paragraph').textContent ?? '';
};

afterAll(() => act(() => setLanguage('pt-BR')));

describe("the contact page's reply promise", () => {
  it.each(LOCALE_CODES.map((locale) => [locale]))("says the visitor's time as %s writes it", async (locale: Locale) => {
    await act(async () => {
      await setLanguage(locale);
      await loadPageTexts();
    });
    const [day, night] = TIMES[locale];
    expect(promise(AFTERNOON).replace(/\u202f/g, ' ')).toContain(day);
    cleanup();
    expect(promise(NIGHT).replace(/\u202f/g, ' ')).toContain(night);
  });

  it('reads "Li 13:05" in Haitian Creole, not an English clock', async () => {
    await act(async () => {
      await setLanguage('ht-HT');
      await loadPageTexts();
    });
    expect(promise(AFTERNOON)).toBe('Li 13:05 kote ou ye a: n ap reponn ou pa pita pase demen.');
  });
});
