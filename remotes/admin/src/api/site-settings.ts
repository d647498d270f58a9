import type { Envelope, SiteSettings, SiteSettingsInput } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** The site's name and logo, the company's contact details and social profiles (route settings, tab "site"). */
export async function getSiteSettings(): Promise<SiteSettings> {
  const { data } = await http.get<Envelope<SiteSettings>>('/settings/site');
  return data.data;
}

/**
 * Saves them; the public pages (header, footer, titles, contact page), the feeds and the mails show them at once.
 * 400 with field errors `identity.name` (blank), `identity.logo_id` (no such image, or larger than 2 MiB),
 * `contact.email` (not an email) and `social.<network>` (not an https address).
 */
export async function saveSiteSettings(settings: SiteSettingsInput): Promise<SiteSettings> {
  const { data } = await http.put<Envelope<SiteSettings>>('/settings/site', settings);
  return data.data;
}
