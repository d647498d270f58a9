import { SOCIAL_NETWORKS, TRANSLATED_LOCALES, type Image, type SiteSettings, type SiteSettingsInput, type SocialNetwork } from '@vitrine/contracts';
import { filledTranslations, type Translated } from '../../lib/translations';

/** The contact fields the form edits as plain texts (the hours' translations are a text per language beside them). */
export const CONTACT_TEXTS = ['name', 'email', 'phone', 'address', 'hours'] as const;

/**
 * The form's shape: the site's name and logo, the contact fields with the opening hours in pt-BR and in each other
 * language (blank: pt-BR's), and one profile address per network (blank for none).
 */
export interface SiteFormValues {
  identity: { name: string; logo: Image | null };
  contact: Record<(typeof CONTACT_TEXTS)[number], string> & { hours_translations: Translated };
  social: Record<SocialNetwork, string>;
}

export function toFormValues(settings: SiteSettings): SiteFormValues {
  const social = Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, settings.social.find((link) => link.network === network)?.url ?? ''])) as Record<SocialNetwork, string>;
  // Every language has its field's value ('' where not translated, also from an API that predates the translations),
  // so putting what the server kept back in the form clears a field it dropped.
  const translations = settings.contact.hours_translations ?? {};
  const contact = { ...settings.contact, hours_translations: Object.fromEntries(TRANSLATED_LOCALES.map((code) => [code, translations[code] ?? ''])) as Translated };
  return { identity: { name: settings.identity.name, logo: settings.identity.logo }, contact, social };
}

/** What is sent: trimmed, the hours' translations that are filled in, the logo by its image id, and only the networks with an address. */
export function toSettings(values: SiteFormValues): SiteSettingsInput {
  const texts = Object.fromEntries(CONTACT_TEXTS.map((key) => [key, (values.contact[key] ?? '').trim()])) as Record<(typeof CONTACT_TEXTS)[number], string>;
  const contact: SiteSettingsInput['contact'] = { ...texts, hours_translations: filledTranslations(values.contact.hours_translations) };
  const social = SOCIAL_NETWORKS.flatMap((network) => {
    const url = (values.social[network] ?? '').trim();
    return url ? [{ network, url }] : [];
  });
  return { identity: { name: (values.identity.name ?? '').trim(), logo_id: values.identity.logo?.id ?? null }, contact, social };
}

/** Whether what is on screen differs from what was saved (blank and spaces count as the same). */
export function hasChanges(values: SiteFormValues, saved: SiteSettings): boolean {
  return JSON.stringify(toSettings(values)) !== JSON.stringify(toSettings(toFormValues(saved)));
}
