/**
 * The interface languages and how a language tag maps to one of them: the same rule for the browser
 * (@vitrine/i18n picks the language to start in) and the server (which renders pages in it).
 */
/** The five interface languages with their native names. */
export const LOCALES = [
  { code: 'pt-BR', nativeName: 'Português (Brasil)' },
  { code: 'en-US', nativeName: 'English (US)' },
  { code: 'es-ES', nativeName: 'Español' },
  { code: 'fr-FR', nativeName: 'Français' },
  { code: 'ht-HT', nativeName: 'Kreyòl ayisyen' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((locale) => locale.code);

/** The product default, used for anything unknown or unsupported. */
export const DEFAULT_LOCALE: Locale = 'pt-BR';

/** The four languages besides the default: the ones content is translated into (a category's `names`). */
export const TRANSLATED_LOCALES = LOCALE_CODES.filter((code) => code !== DEFAULT_LOCALE) as readonly Exclude<Locale, 'pt-BR'>[];

/** The URL parameter that picks a language (`?lang=en-US`, `?lang=en`). */
export const LANGUAGE_QUERY_PARAM = 'lang';

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
