import { DEFAULT_SITE_NAME, isHttpsUrl, LOCALE_CODES, SOCIAL_NETWORKS, TRANSLATED_LOCALES, type SiteContact, type SocialLink, type WelcomeSettings, type WelcomeTexts } from '@vitrine/contracts';
import { WHATSAPP_DEFAULT_COLOR } from '@vitrine/utils';
import type { Queryable } from '../db';

/** The keys of `site_settings` and the shape each value is read as. */
export type SettingKey = 'identity' | 'contact' | 'social' | 'whatsapp' | 'welcome';

export interface WhatsappValue {
  enabled: boolean;
  description: string;
  phone: string;
  message: string;
  color: string;
}

/** Until staff set it: off, and WhatsApp green dark enough for white text (@vitrine/utils WHATSAPP_DEFAULT_COLOR). */
export const DEFAULT_WHATSAPP: WhatsappValue = { enabled: false, description: '', phone: '', message: '', color: WHATSAPP_DEFAULT_COLOR };

/** The site's name and logo as stored: the logo is an image id (table images), null for the default mark. */
export interface IdentityValue {
  name: string;
  logo: string | null;
}

/** The opening hours in the four languages besides pt-BR, only those given (blank ones are not kept). */
export type HoursTranslations = Partial<Record<(typeof TRANSLATED_LOCALES)[number], string>>;

/** The company's contact details as stored: the public ones, `hours` in pt-BR, and the hours' translations. */
export interface ContactValue extends SiteContact {
  hours_translations: HoursTranslations;
}

/** The translations kept of what is given: the four codes, each a text once trimmed. */
export function hoursTranslations(given: unknown): HoursTranslations {
  const value = (given ?? {}) as Record<string, unknown>;
  const kept: HoursTranslations = {};
  for (const code of TRANSLATED_LOCALES) {
    const text = value[code];
    if (typeof text === 'string' && text.trim()) kept[code] = text.trim();
  }
  return kept;
}

export interface SiteSettingsValues {
  /** The site's name and logo (migration 016 writes the name the company had given; the settings screen edits them). */
  identity: IdentityValue;
  /**
   * The company's public contact details (migration 006 writes the defaults, migration 027 the default hours'
   * translations; the settings screen edits them).
   */
  contact: ContactValue;
  /** The company's social profiles: the stored ones with an https address, one per network, in SOCIAL_NETWORKS order. */
  social: SocialLink[];
  whatsapp: WhatsappValue;
  /** The welcome mail of a confirmed subscriber: on or off, and its texts by language (migration 024 writes it off). */
  welcome: WelcomeSettings;
}

const readers: { [K in SettingKey]: (stored: unknown) => SiteSettingsValues[K] } = {
  identity: (stored) => {
    const value = (stored ?? {}) as Partial<IdentityValue>;
    const name = typeof value.name === 'string' ? value.name.trim() : '';
    return { name: name || DEFAULT_SITE_NAME, logo: typeof value.logo === 'string' && value.logo ? value.logo : null };
  },
  contact: (stored) => {
    const value = (stored ?? {}) as Partial<ContactValue>;
    return {
      name: value.name ?? '',
      email: value.email ?? '',
      phone: value.phone ?? '',
      address: value.address ?? '',
      hours: value.hours ?? '',
      hours_translations: hoursTranslations(value.hours_translations),
    };
  },
  social: (stored) => {
    const links = Array.isArray(stored) ? (stored as Partial<SocialLink>[]) : [];
    return SOCIAL_NETWORKS.flatMap((network) => {
      const url = links.find((link) => link.network === network)?.url;
      return typeof url === 'string' && isHttpsUrl(url) ? [{ network, url }] : [];
    });
  },
  whatsapp: (stored) => ({ ...DEFAULT_WHATSAPP, ...((stored ?? {}) as Partial<WhatsappValue>) }),
  welcome: (stored) => {
    const value = (stored ?? {}) as { enabled?: unknown; texts?: Record<string, { subject?: unknown; body?: unknown } | undefined> };
    const texts: WelcomeTexts = {};
    for (const locale of LOCALE_CODES) {
      const text = value.texts?.[locale];
      if (typeof text?.subject === 'string' && typeof text.body === 'string' && text.subject && text.body) texts[locale] = { subject: text.subject, body: text.body };
    }
    return { enabled: value.enabled === true, texts };
  },
};

/** The settings named, in one query; a key never saved reads as its default. */
export async function read<K extends SettingKey>(db: Queryable, keys: readonly K[]): Promise<Pick<SiteSettingsValues, K>> {
  const rows = await db.query<{ key: K; value: unknown }>('SELECT key, value FROM site_settings WHERE key = ANY($1::text[])', [keys]);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(keys.map((key) => [key, readers[key](stored.get(key))])) as Pick<SiteSettingsValues, K>;
}

export async function save<K extends SettingKey>(db: Queryable, key: K, value: SiteSettingsValues[K]): Promise<void> {
  await db.query(
    `INSERT INTO site_settings (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}
