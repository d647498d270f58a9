import { initReactI18next } from 'react-i18next';
import { createI18n, DEFAULT_LOCALE, ensureResources, LOCALES, resolveInitialLocale, type Locale, type Namespace } from '@vitrine/i18n';

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

/**
 * Fetches the texts the current language lacks (other languages and the admin
 * texts are not in the first page's code); call before showing what needs them.
 */
export function loadTexts(namespaces: readonly Namespace[] = []): Promise<void> {
  return ensureResources(i18n, i18n.language as Locale, namespaces);
}

/** Switches the language (after its texts arrive) and remembers the choice. */
export async function setLanguage(locale: Locale): Promise<void> {
  await ensureResources(i18n, locale);
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
