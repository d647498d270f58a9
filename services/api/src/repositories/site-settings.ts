import { isHttpsUrl, SOCIAL_NETWORKS, type SiteContact, type SocialLink } from '@vitrine/contracts';
import type { Queryable } from '../db';

/** The company's public contact details (migration 006 writes the defaults; the settings screen edits them). */
export async function contact(db: Queryable): Promise<SiteContact> {
  const rows = await db.query<{ value: Partial<SiteContact> }>("SELECT value FROM site_settings WHERE key = 'contact'");
  const value = rows[0]?.value ?? {};
  return {
    name: value.name ?? '',
    email: value.email ?? '',
    phone: value.phone ?? '',
    address: value.address ?? '',
    hours: value.hours ?? '',
  };
}

export async function saveContact(db: Queryable, value: SiteContact): Promise<void> {
  await db.query(
    `INSERT INTO site_settings (key, value) VALUES ('contact', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [JSON.stringify(value)],
  );
}

/**
 * The company's social profiles (the public footer's links): the stored ones with an https address, one per
 * network, in SOCIAL_NETWORKS order. None until the settings set them (the demo seeds a few).
 */
export async function social(db: Queryable): Promise<SocialLink[]> {
  const rows = await db.query<{ value: unknown }>("SELECT value FROM site_settings WHERE key = 'social'");
  const stored = Array.isArray(rows[0]?.value) ? (rows[0].value as Partial<SocialLink>[]) : [];
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = stored.find((link) => link.network === network)?.url;
    return typeof url === 'string' && isHttpsUrl(url) ? [{ network, url }] : [];
  });
}

export async function saveSocial(db: Queryable, links: readonly SocialLink[]): Promise<void> {
  await db.query(
    `INSERT INTO site_settings (key, value) VALUES ('social', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [JSON.stringify(links)],
  );
}

export interface WhatsappValue {
  enabled: boolean;
  description: string;
  phone: string;
  message: string;
  color: string;
}

export const DEFAULT_WHATSAPP: WhatsappValue = { enabled: false, description: '', phone: '', message: '', color: '#25d366' };

export async function whatsapp(db: Queryable): Promise<WhatsappValue> {
  const rows = await db.query<{ value: Partial<WhatsappValue> }>("SELECT value FROM site_settings WHERE key = 'whatsapp'");
  return { ...DEFAULT_WHATSAPP, ...(rows[0]?.value ?? {}) };
}

export async function saveWhatsapp(db: Queryable, value: WhatsappValue): Promise<void> {
  await db.query(
    `INSERT INTO site_settings (key, value) VALUES ('whatsapp', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [JSON.stringify(value)],
  );
}
