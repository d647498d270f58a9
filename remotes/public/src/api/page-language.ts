import { LANGUAGE_QUERY_PARAM } from '@vitrine/contracts';
import { i18n } from '@vitrine/core';

/**
 * The request config of a form whose mails the visitor will read (contact, newsletter): `?lang=` with the page's
 * language, which the API keeps with the message or the subscription (docs/decisions/mail-languages.md). The
 * vt_lang cookie says the same to an API on the site's own origin; the parameter reaches one on another origin too.
 */
export function pageLanguage(): { params: Record<string, string> } {
  const language = i18n.language;
  return { params: language ? { [LANGUAGE_QUERY_PARAM]: language } : {} };
}
