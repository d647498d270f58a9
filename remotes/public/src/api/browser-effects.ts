import { takeSentBeacon, type ContactMessageInput } from '@vitrine/contracts';
import { getRuntimeConfig, http } from '@vitrine/core';
import { pageLanguage } from './page-language';
import { readPath } from './public-content';

// The public pages' browser-only effects (no loaders): apart from ./public-content, whose reads every page's first
// load holds; these go with the one page that does them (a post, the contact page).

/**
 * Counts a read (a browser-only effect, not a loader); failures are ignored (a read that is not counted must not disturb the reader).
 * A beacon when the browser has one: it needs no API client and survives leaving the page.
 */
export async function countRead(id: number): Promise<void> {
  const path = readPath(id);
  // The server-rendered page this is the hydration of had its read sent by the shell's starter.
  if (takeSentBeacon(path)) return;
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    if (navigator.sendBeacon(`${getRuntimeConfig().apiBaseUrl}${path}`)) return;
  }
  try {
    await http.post(path);
  } catch {
    // not counted
  }
}

/** Sends a visitor's message (POST /public/contact, 201; replies come in the page's language); a browser-only effect, like countRead. */
export async function sendContactMessage(input: ContactMessageInput): Promise<void> {
  await http.post('/public/contact', input, pageLanguage());
}
