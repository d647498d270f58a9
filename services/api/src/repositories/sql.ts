import { DEFAULT_LOCALE, isLocale, type Locale } from '@vitrine/contracts';

/** A value for LIKE/ILIKE patterns: %, _ and \ match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The next free key: base, then base-2, base-3... among the keys already taken. */
export function nextFreeKey(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * The SQL of a translated text in `lang` with the pt-BR fallback (docs/decisions/i18n.md, "Translated content"): the
 * pt-BR text is `<alias>.<column>`, the others are in the jsonb `<alias>.<translations>` ({ "en-US": …, … }). pt-BR
 * reads the column itself; another language `COALESCE(NULLIF(<alias>.<translations>->>'<lang>', ''), <alias>.<column>)`.
 * `lang` is one of the five codes (checked: it is written into the statement, so no parameter numbering changes and
 * each language keeps one statement text); `column`, `translations` and `alias` are the caller's identifiers.
 */
export function localized(lang: Locale, column: string, translations: string, alias: string): string {
  if (!isLocale(lang)) throw new Error(`not a locale: ${String(lang)}`);
  return lang === DEFAULT_LOCALE ? `${alias}.${column}` : `COALESCE(NULLIF(${alias}.${translations}->>'${lang}', ''), ${alias}.${column})`;
}
