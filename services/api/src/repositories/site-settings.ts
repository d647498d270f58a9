import type { SiteContact } from '@vitrine/contracts';
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
