import type { RouteData } from './federation';
import type { SiteIdentity } from './schemas/types';

/**
 * Where a public route's data carries the site's identity for the shell's chrome (docs/decisions/site-identity.md):
 * the public remote puts the name and logo of its every-page site answer under this key of `RouteData.entries`
 * (plain JSON, `SiteIdentity`); the shell's header, footer and head read it with `identityOf`. No loader entry
 * has this key (theirs are `<loader>:<key>`). A page without it (the shell's own pages, an older remote) shows the
 * default mark and DEFAULT_SITE_NAME.
 */
export const IDENTITY_ENTRY = 'identity';

/**
 * The site's identity in a route's data, or undefined (none there, or without a name). The public remote writes it
 * from the API's answer; nothing deeper is checked, to keep the public pages' code small.
 */
export function identityOf(data: RouteData | null | undefined): SiteIdentity | undefined {
  const value = data?.entries[IDENTITY_ENTRY] as SiteIdentity | undefined;
  return value?.name ? value : undefined;
}

/** The box the public header draws a logo in (CSS px): this high at most, and at most this wide. */
export const LOGO_BOX = { height: 40, width: 200 } as const;

/**
 * A logo's drawn size in a box, keeping its proportions and never enlarged (the header's width and height
 * attributes, so nothing shifts when it arrives).
 */
export function logoSize(logo: { width: number; height: number }, box: { width: number; height: number } = LOGO_BOX): { width: number; height: number } {
  const scale = Math.min(1, box.height / logo.height, box.width / logo.width);
  return { width: Math.max(1, Math.round(logo.width * scale)), height: Math.max(1, Math.round(logo.height * scale)) };
}
