import { loadTexts, registerTexts } from '@vitrine/core';

/**
 * The playground's own namespace. Unlike the public texts (whose pt-BR ships with the remote's first chunk,
 * for every page's first render), these are a chunk per language fetched with the playground's page: a page
 * for developers and designers costs the site's visitors nothing.
 */
export const PLAYGROUND_NS = 'playground';

export function registerPlaygroundTexts(): void {
  registerTexts(PLAYGROUND_NS, {
    'pt-BR': () => import('./locales/pt-BR').then((m) => m.playground),
    'en-US': () => import('./locales/en-US').then((m) => m.playground),
    'es-ES': () => import('./locales/es-ES').then((m) => m.playground),
    'fr-FR': () => import('./locales/fr-FR').then((m) => m.playground),
    'ht-HT': () => import('./locales/ht-HT').then((m) => m.playground),
  });
}

/** Registers and fetches the playground's texts in the current language. */
export function loadPlaygroundTexts(): Promise<void> {
  registerPlaygroundTexts();
  return loadTexts([PLAYGROUND_NS]);
}
