import type { Envelope, SiteSettings } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** The company's contact details and social profiles (route settings, tab "site"). */
export async function getSiteSettings(): Promise<SiteSettings> {
  const { data } = await http.get<Envelope<SiteSettings>>('/settings/site');
  return data.data;
}

/**
 * Saves them; the public pages (footer, contact page) show them at once. 400 with field errors
 * `contact.email` (not an email) and `social.<network>` (not an https address).
 */
export async function saveSiteSettings(settings: SiteSettings): Promise<SiteSettings> {
  const { data } = await http.put<Envelope<SiteSettings>>('/settings/site', settings);
  return data.data;
}
