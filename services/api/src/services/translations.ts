import { TRANSLATED_LOCALES, type Locale } from '@vitrine/contracts';

/** A text in the four languages besides pt-BR (docs/decisions/i18n.md, "Translated content"). */
export type Translated = Partial<Record<Exclude<Locale, 'pt-BR'>, string>>;

/**
 * Translations as stored: each trimmed, a blank one left out (it falls back to the pt-BR text); only the four codes
 * (the route's schema already refuses any other). Undefined stays undefined: "not given", which keeps what is stored.
 */
export function cleanTranslations<T extends Translated>(values: T | undefined): T | undefined {
  if (values === undefined) return undefined;
  const clean: Translated = {};
  for (const lang of TRANSLATED_LOCALES) {
    const value = values[lang]?.trim();
    if (value) clean[lang] = value;
  }
  return clean as T;
}
