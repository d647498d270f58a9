import { SOCIAL_NETWORKS, type Image, type SiteSettings, type SiteSettingsInput, type SocialNetwork } from '@vitrine/contracts';

/** The form's shape: the site's name and logo, the contact fields, and one profile address per network (blank for none). */
export interface SiteFormValues {
  identity: { name: string; logo: Image | null };
  contact: SiteSettings['contact'];
  social: Record<SocialNetwork, string>;
}

export function toFormValues(settings: SiteSettings): SiteFormValues {
  const social = Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, settings.social.find((link) => link.network === network)?.url ?? ''])) as Record<SocialNetwork, string>;
  return { identity: { name: settings.identity.name, logo: settings.identity.logo }, contact: { ...settings.contact }, social };
}

/** What is sent: trimmed, the logo by its image id, and only the networks with an address. */
export function toSettings(values: SiteFormValues): SiteSettingsInput {
  const contact = Object.fromEntries(Object.entries(values.contact).map(([key, value]) => [key, (value ?? '').trim()])) as SiteSettings['contact'];
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
