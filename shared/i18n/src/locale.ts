import { DEFAULT_LOCALE, LANGUAGE_QUERY_PARAM, normalizeLocale, type Locale } from '@vitrine/contracts';

// The languages and the tag rule are the contracts' (the server renders pages with the same rule).
export { DEFAULT_LOCALE, isLocale, LANGUAGE_QUERY_PARAM, LOCALE_CODES, LOCALES, normalizeLocale, type Locale } from '@vitrine/contracts';

/** localStorage key holding the visitor's explicit language choice. */
export const LANGUAGE_STORAGE_KEY = 'vitrine.lang';

/**
 * i18next fallbacks: every locale holds every text (a test fails otherwise); a text still missing in es-ES,
 * fr-FR or ht-HT (a remote deployed before its translation) falls back to en-US, then pt-BR.
 */
export const FALLBACK_LNG = {
  'es-ES': ['en-US'],
  'fr-FR': ['en-US'],
  'ht-HT': ['en-US'],
  default: ['pt-BR'],
};

export interface InitialLocaleInput {
  /** location.search (with or without '?'). */
  search?: string | null;
  /** The value stored under {@link LANGUAGE_STORAGE_KEY}. */
  stored?: string | null;
  /** navigator.languages; only read when `followBrowser` is true. */
  navigatorLanguages?: readonly string[] | null;
  /** Off by default: pt-BR is the product default, not the browser's language. */
  followBrowser?: boolean;
}

/**
 * The language to start in: a supported `?lang=` in the URL wins, then the
 * stored choice, then (only with `followBrowser`) the browser's languages,
 * then pt-BR. Unsupported values are skipped, never an error.
 */
export function resolveInitialLocale({ search, stored, navigatorLanguages, followBrowser = false }: InitialLocaleInput = {}): Locale {
  const fromUrl = search ? normalizeLocale(new URLSearchParams(search).get(LANGUAGE_QUERY_PARAM)) : null;
  if (fromUrl) return fromUrl;
  const fromStorage = normalizeLocale(stored);
  if (fromStorage) return fromStorage;
  if (followBrowser) {
    for (const language of navigatorLanguages ?? []) {
      const match = normalizeLocale(language);
      if (match) return match;
    }
  }
  return DEFAULT_LOCALE;
}
