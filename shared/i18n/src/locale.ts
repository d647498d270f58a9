/** The five interface languages (SPEC §1) with their native names. */
export const LOCALES = [
  { code: 'pt-BR', nativeName: 'Português (Brasil)' },
  { code: 'en-US', nativeName: 'English (US)' },
  { code: 'es-ES', nativeName: 'Español' },
  { code: 'fr-FR', nativeName: 'Français' },
  { code: 'ht-HT', nativeName: 'Kreyòl ayisyen' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((locale) => locale.code);

/** The product default (SPEC §1, §9). */
export const DEFAULT_LOCALE: Locale = 'pt-BR';

/** localStorage key holding the visitor's explicit language choice. */
export const LANGUAGE_STORAGE_KEY = 'vitrine.lang';

/** The URL parameter that picks a language (`?lang=en-US`, `?lang=en`). */
export const LANGUAGE_QUERY_PARAM = 'lang';

/**
 * i18next fallbacks: es-ES, fr-FR and ht-HT hold only the action texts and fall
 * back to en-US (then pt-BR); en-US falls back to pt-BR, the fullest set.
 */
export const FALLBACK_LNG = {
  'es-ES': ['en-US'],
  'fr-FR': ['en-US'],
  'ht-HT': ['en-US'],
  default: ['pt-BR'],
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

/**
 * One of the five codes for a language tag, case-insensitive: 'EN-us' → 'en-US',
 * 'pt_br' → 'pt-BR'; a bare or other-region language maps to its one locale
 * ('en', 'en-GB' → 'en-US'; 'pt', 'pt-PT' → 'pt-BR'). Null when not supported.
 */
export function normalizeLocale(value: unknown): Locale | null {
  if (typeof value !== 'string') return null;
  const tag = value.trim().replace(/_/g, '-').toLowerCase();
  if (!tag) return null;
  const exact = LOCALE_CODES.find((code) => code.toLowerCase() === tag);
  if (exact) return exact;
  const language = tag.split('-')[0];
  return LOCALE_CODES.find((code) => code.slice(0, 2).toLowerCase() === language) ?? null;
}

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
