import { loadTexts, registerTexts } from '@vitrine/core';
import { PAGES_NS, PUBLIC_NS, registerPublicTexts } from './texts';

// How the contact, newsletter-leaving and FAQ pages' own namespace (PAGES_NS, texts.ts) is fetched: a chunk of its
// own, fetched with those pages (pages.ts), so no other page's first load holds its loaders.

export function registerPageTexts(): void {
  registerTexts(PAGES_NS, {
    'pt-BR': () => import('./locales/pages-pt-BR').then((m) => m.publicPages),
    'en-US': () => import('./locales/en-US').then((m) => m.publicPages),
    'es-ES': () => import('./locales/es-ES').then((m) => m.publicPages),
    'fr-FR': () => import('./locales/fr-FR').then((m) => m.publicPages),
    'ht-HT': () => import('./locales/ht-HT').then((m) => m.publicPages),
  });
}

/** Registers and fetches the public texts and those pages' own, in the current language. */
export function loadPageTexts(): Promise<void> {
  registerPublicTexts();
  registerPageTexts();
  return loadTexts([PUBLIC_NS, PAGES_NS]);
}
