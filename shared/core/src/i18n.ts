import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE, languageCookie } from '@vitrine/contracts';
import { createI18n, DEFAULT_LOCALE, ensureResources, LOCALES, registerTexts as register, resolveInitialLocale, type Locale, type TextLoaders } from '@vitrine/i18n';

export const LANGUAGE_STORAGE_KEY = 'vitrine.lang';

/** The language this browser chose before (local storage), if any. */
export function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Remembers the choice: local storage for the browser, a cookie so the server renders pages in it. */
function remember(locale: Locale): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
  document.cookie = languageCookie(locale);
}

/** The language the server remembers for this browser (the cookie a choice sets, with or without the page's code). */
function cookieLanguage(): string | null {
  try {
    const entry = document.cookie.split(/;\s*/).find((cookie) => cookie.startsWith(`${LANGUAGE_COOKIE}=`));
    return entry ? decodeURIComponent(entry.slice(LANGUAGE_COOKIE.length + 1)) : null;
  } catch {
    return null;
  }
}

const initial: Locale =
  typeof window === 'undefined'
    ? DEFAULT_LOCALE
    : resolveInitialLocale({ search: window.location.search, stored: cookieLanguage() ?? storedLanguage() });

/** The one i18next instance (shared as a singleton through @vitrine/core). */
export const i18n = createI18n(initial, [initReactI18next]);

/**
 * Fetches the texts the current language lacks (other languages, the sign-in
 * texts and every remote's own texts are not in the first page's code); call
 * before showing what needs them. A remote's namespace must be registered first.
 */
export function loadTexts(namespaces: readonly string[] = []): Promise<void> {
  return ensureResources(i18n, i18n.language as Locale, namespaces);
}

/**
 * A remote's own texts (shared surface 1.0.0): the remote names its namespace and how to fetch it in
 * each language, e.g. `registerTexts('admin', { 'pt-BR': () => import('./locales/pt-BR').then((m) => m.admin), … })`,
 * then `loadTexts(['admin'])` before showing a page; switching language fetches it too.
 * `bundled` texts are added at once (no request): the public remote's pt-BR for the first page.
 */
export function registerTexts(namespace: string, loaders: TextLoaders, bundled: Partial<Record<Locale, object>> = {}): void {
  register(i18n, namespace, loaders, bundled);
}

/** Switches the language (after its texts arrive) and remembers the choice. */
export async function setLanguage(locale: Locale): Promise<void> {
  await ensureResources(i18n, locale);
  remember(locale);
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

/** `?lang=` in a URL switches the language and is remembered. */
export function applyLanguageFromUrl(search: string): void {
  if (!new URLSearchParams(search).has('lang')) return;
  const locale = resolveInitialLocale({ search, stored: null });
  if (locale !== i18n.language) void setLanguage(locale);
  else remember(locale);
}

export { LOCALES, DEFAULT_LOCALE };
export type { Locale };
