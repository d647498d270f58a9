import { LOCALES, TRANSLATED_LOCALES, type Locale } from '@vitrine/contracts';

/** A text in the four languages besides pt-BR, as the API takes it (docs/decisions/i18n.md, "Translated content"). */
export type Translated = Partial<Record<Exclude<Locale, 'pt-BR'>, string>>;

/** A language as its speakers write it ('English (US)', 'Kreyòl ayisyen'): how a translation's field is labelled. */
export const nativeName = (code: string) => LOCALES.find((locale) => locale.code === code)?.nativeName ?? code;

/** The translations to send: each trimmed, blank ones left out (the API falls back to the pt-BR text). */
export function filledTranslations(values: Translated | undefined): Translated {
  const filled: Translated = {};
  for (const code of TRANSLATED_LOCALES) {
    const value = values?.[code]?.trim();
    if (value) filled[code] = value;
  }
  return filled;
}

/** Whether two sets of translations say the same once filled (an edit sends only what changed). */
export function sameTranslations(a: Translated | undefined, b: Translated | undefined): boolean {
  const left = filledTranslations(a);
  const right = filledTranslations(b);
  return TRANSLATED_LOCALES.every((code) => left[code] === right[code]);
}
