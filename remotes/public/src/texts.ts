import { loadTexts, registerTexts, useTranslation } from '@vitrine/core';
import { publicSite } from './locales/pt-BR';

/** The public remote's own namespace: its texts ship with this remote, never with the shell. */
export const PUBLIC_NS = 'public';

/**
 * Registers the public texts with the shared i18n instance. pt-BR (the first page's language) is part
 * of this module, so a visitor's first page needs no extra request for it; each other language is a
 * chunk fetched when it is in use.
 */
export function registerPublicTexts(): void {
  registerTexts(
    PUBLIC_NS,
    {
      'en-US': () => import('./locales/en-US').then((m) => m.publicSite),
      'es-ES': () => import('./locales/es-ES').then((m) => m.publicSite),
      'fr-FR': () => import('./locales/fr-FR').then((m) => m.publicSite),
      'ht-HT': () => import('./locales/ht-HT').then((m) => m.publicSite),
    },
    { 'pt-BR': publicSite },
  );
}

/** Registers and fetches the public texts in the current language (nothing to fetch in pt-BR). */
export function loadPublicTexts(): Promise<void> {
  registerPublicTexts();
  return loadTexts([PUBLIC_NS]);
}

/**
 * The contact, newsletter-leaving and FAQ pages' texts: a namespace of their own (about 1.8 KiB gzip in pt-BR)
 * fetched with those pages, so every other public page's first load does without them. Their components read
 * it after the public namespace (usePageTexts), so their keys stay `contact.*`, `unsubscribe.*`, `faq.*` (usePageTexts).
 */
export const PAGES_NS = 'public-pages';

/** What those pages' components translate with: a key is looked up in the public texts, then in their own. */
export function usePageTexts() {
  return useTranslation([PUBLIC_NS, PAGES_NS], { nsMode: 'fallback' });
}
