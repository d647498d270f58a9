import { initReactI18next } from 'react-i18next';
import { createI18n, DEFAULT_LOCALE, LOCALES, resolveInitialLocale, type Locale } from '@vitrine/i18n';

export const LANGUAGE_STORAGE_KEY = 'vitrine.lang';

function storedLocale(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

const initial: Locale =
  typeof window === 'undefined'
    ? DEFAULT_LOCALE
    : resolveInitialLocale({ search: window.location.search, stored: storedLocale() });

/** The one i18next instance (shared as a singleton through @vitrine/core). */
export const i18n = createI18n(initial, [initReactI18next]);

/** Switches the language and remembers the choice. */
export async function setLanguage(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

/** `?lang=` in a URL switches the language and is remembered. */
export function applyLanguageFromUrl(search: string): void {
  if (!new URLSearchParams(search).has('lang')) return;
  const locale = resolveInitialLocale({ search, stored: null });
  if (locale !== i18n.language) void setLanguage(locale);
  else window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
}

export { LOCALES, DEFAULT_LOCALE };
export type { Locale };
