import { IDENTITY_FIELD_MESSAGES, IDENTITY_LIMITS, LOGO_BOX, logoSize, type FieldError, type SiteIdentity } from '@vitrine/contracts';
import type { Queryable } from '../db';
import type { ImageStorage } from '../lib/image-storage';
import * as images from '../repositories/images';
import * as siteSettings from '../repositories/site-settings';
import { toImage } from './content-presenters';

/**
 * The site's identity (docs/decisions/site-identity.md): its name and logo, read by the public answer every page
 * loads (GET /public/site, and so the header, the footer and every page's head), the feeds and the mails.
 */
export interface IdentityDeps {
  db: Queryable;
  storage: ImageStorage;
}

/** The stored identity with its logo as an image (its WebP variants); a logo whose image is gone reads as none. */
export async function readSiteIdentity({ db, storage }: IdentityDeps, stored?: siteSettings.IdentityValue): Promise<SiteIdentity> {
  const { identity } = stored ? { identity: stored } : await siteSettings.read(db, ['identity']);
  const row = identity.logo ? await images.findById(db, identity.logo) : undefined;
  return { name: identity.name, logo: row ? toImage(row, storage) : null };
}

/** The logo as a mail draws it: one absolute address (a variant twice its drawn width, for sharp screens) and its drawn size. */
export interface MailLogo {
  src: string;
  width: number;
  height: number;
}

/**
 * The identity for a mail (the weekly digest): the name, and the logo as one absolute image address with the size
 * to draw it at (the header's box, LOGO_BOX), or null for none. Mails are read on other hosts: the address is
 * `publicUrl` + the variant's path.
 */
export async function mailIdentity({ db, storage }: IdentityDeps, publicUrl: string): Promise<{ name: string; logo: MailLogo | null }> {
  const { identity } = await siteSettings.read(db, ['identity']);
  const row = identity.logo ? await images.findById(db, identity.logo) : undefined;
  if (!row) return { name: identity.name, logo: null };
  const size = logoSize(row, LOGO_BOX);
  const widths = row.variants.map((v) => v.width).sort((a, b) => a - b);
  const width = widths.find((w) => w >= size.width * 2) ?? widths[widths.length - 1];
  return { name: identity.name, logo: width ? { src: `${publicUrl}${storage.url(row.id, width)}`, ...size } : null };
}

/**
 * Checks an identity to save: the name is required once trimmed; the logo must be an uploaded image of at most
 * IDENTITY_LIMITS.logoBytes (what was sent, before the pipeline made its variants). Answers the value to store, or
 * pushes the field errors (`identity.name`, `identity.logo_id`).
 */
export async function checkIdentity(db: Queryable, input: { name: string; logo_id: string | null }, errors: FieldError[]): Promise<siteSettings.IdentityValue> {
  const name = input.name.trim();
  if (!name) errors.push({ property: 'identity.name', message: { isNotEmpty: IDENTITY_FIELD_MESSAGES.name } });
  if (input.logo_id !== null) {
    const row = await images.findById(db, input.logo_id);
    if (!row) errors.push({ property: 'identity.logo_id', message: { isValid: IDENTITY_FIELD_MESSAGES.logoMissing } });
    else if (row.bytes > IDENTITY_LIMITS.logoBytes) errors.push({ property: 'identity.logo_id', message: { maxSize: IDENTITY_FIELD_MESSAGES.logoTooLarge } });
  }
  return { name, logo: input.logo_id };
}

