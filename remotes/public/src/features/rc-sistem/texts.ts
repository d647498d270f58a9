import { loadTexts, registerTexts } from '@vitrine/core';

/**
 * The landing page's own namespace: its content is its texts (about 1 KiB gzip a language), so they are a
 * chunk per language fetched with the page, not part of every other public page's first load.
 */
export const LANDING_NS = 'landing';

export function registerLandingTexts(): void {
  registerTexts(LANDING_NS, {
    'pt-BR': () => import('./locales/pt-BR').then((m) => m.landing),
    'en-US': () => import('./locales/en-US').then((m) => m.landing),
    'es-ES': () => import('./locales/es-ES').then((m) => m.landing),
    'fr-FR': () => import('./locales/fr-FR').then((m) => m.landing),
    'ht-HT': () => import('./locales/ht-HT').then((m) => m.landing),
  });
}

/** Registers and fetches the landing page's texts in the current language. */
export function loadLandingTexts(): Promise<void> {
  registerLandingTexts();
  return loadTexts([LANDING_NS]);
}
