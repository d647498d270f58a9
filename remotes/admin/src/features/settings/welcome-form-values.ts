import { DEFAULT_LOCALE, LOCALE_CODES, unknownWelcomePlaceholders, type Locale, type WelcomeSettings, type WelcomeTexts } from '@vitrine/contracts';

/** The form's shape: on or off, and a subject and a body for each of the five languages (blank: none of its own). */
export interface WelcomeFormValues {
  enabled: boolean;
  texts: Record<Locale, { subject: string; body: string }>;
}

export function toFormValues(settings: WelcomeSettings): WelcomeFormValues {
  const texts = Object.fromEntries(LOCALE_CODES.map((locale) => [locale, { subject: settings.texts[locale]?.subject ?? '', body: settings.texts[locale]?.body ?? '' }]));
  return { enabled: settings.enabled, texts: texts as WelcomeFormValues['texts'] };
}

/** The texts to send: trimmed, a language left blank left out (it gets the pt-BR mail). */
export function toTexts(texts: Partial<WelcomeFormValues['texts']> | undefined): WelcomeTexts {
  const out: WelcomeTexts = {};
  for (const locale of LOCALE_CODES) {
    const subject = (texts?.[locale]?.subject ?? '').trim();
    const body = (texts?.[locale]?.body ?? '').trim();
    if (subject || body) out[locale] = { subject, body };
  }
  return out;
}

export function toSettings(values: WelcomeFormValues): WelcomeSettings {
  return { enabled: values.enabled, texts: toTexts(values.texts) };
}

/** Whether what is on screen differs from what was saved (blank and spaces count as the same). */
export function hasChanges(values: WelcomeFormValues, saved: WelcomeSettings): boolean {
  return JSON.stringify(toSettings(values)) !== JSON.stringify(toSettings(toFormValues(saved)));
}

/** Whether a language has a text of its own (a subject or a body); pt-BR always counts as having one. */
export function hasOwnText(values: Partial<WelcomeFormValues['texts']> | undefined, locale: Locale): boolean {
  return locale === DEFAULT_LOCALE || Boolean(toTexts(values)[locale]);
}

export type WelcomeProblem = 'required' | 'paired' | 'placeholder';

/**
 * What the API would refuse in one field, checked before sending: pt-BR's subject and body are required, another
 * language has both or neither, `{site}` is the one placeholder. Answers the problem and, for a placeholder, the braces.
 */
export function fieldProblem(texts: Partial<WelcomeFormValues['texts']> | undefined, locale: Locale, field: 'subject' | 'body'): { problem: WelcomeProblem; names?: string } | null {
  const own = (texts?.[locale]?.[field] ?? '').trim();
  const other = (texts?.[locale]?.[field === 'subject' ? 'body' : 'subject'] ?? '').trim();
  if (!own && locale === DEFAULT_LOCALE) return { problem: 'required' };
  if (!own && other) return { problem: 'paired' };
  const unknown = unknownWelcomePlaceholders(own);
  if (unknown.length) return { problem: 'placeholder', names: unknown.join(', ') };
  return null;
}
