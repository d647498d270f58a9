import { DEFAULT_LOCALE, normalizeLocale, type Locale } from '@vitrine/contracts';
import { mail as enUS } from './en-US';
import { mail as esES } from './es-ES';
import { mail as frFR } from './fr-FR';
import { mail as htHT } from './ht-HT';
import { mail as ptBR } from './pt-BR';
import type { MailTextsOf } from './types';

/** One language's mail texts (the pt-BR source's keys). */
export type MailTexts = MailTextsOf<typeof ptBR>;

/** Every mail's texts in the five languages (docs/decisions/mail-languages.md). */
export const MAIL_TEXTS: Readonly<Record<Locale, MailTexts>> = {
  'pt-BR': ptBR,
  'en-US': enUS,
  'es-ES': esES,
  'fr-FR': frFR,
  'ht-HT': htHT,
};

/**
 * The language a mail is written in, from what is stored or was asked for: one of the five (a tag such as
 * 'en' or 'pt_br' is mapped to its locale), anything else (null, unknown, unsupported) pt-BR.
 */
export function mailLocale(value: unknown): Locale {
  return normalizeLocale(value) ?? DEFAULT_LOCALE;
}

export function mailTexts(locale: Locale): MailTexts {
  return MAIL_TEXTS[locale] ?? MAIL_TEXTS[DEFAULT_LOCALE];
}

/** The `{{name}}` placeholders, as @vitrine/i18n's parity check reads them. */
export const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

export type TextValues = Readonly<Record<string, string | number>>;

/** A text with its placeholders filled (plain text: nothing escaped). A placeholder without a value stays as it is. */
export function fill(text: string, values: TextValues = {}): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The same for the HTML part: the text and every value are escaped, except the values named in `markup`
 * (markup the template built itself, its own parts escaped already).
 */
export function fillHtml(text: string, values: TextValues = {}, markup: Readonly<Record<string, string>> = {}): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const key = match[1] as string;
    out += escapeHtml(text.slice(last, match.index));
    if (key in markup) out += markup[key];
    else if (key in values) out += escapeHtml(String(values[key]));
    else out += escapeHtml(match[0]);
    last = (match.index ?? 0) + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}
