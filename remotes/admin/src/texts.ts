import { loadTexts, registerTexts } from '@vitrine/core';

/** The admin remote's own namespace: its texts ship with this remote, never with the shell. */
export const ADMIN_NS = 'admin';

/**
 * Registers the admin texts with the shared i18n instance and fetches them (and the API error texts)
 * in the current language; every admin page waits for this before it renders.
 */
export function loadAdminTexts(): Promise<void> {
  registerTexts(ADMIN_NS, {
    'pt-BR': () => import('./locales/pt-BR').then((m) => m.admin),
    'en-US': () => import('./locales/en-US').then((m) => m.admin),
    'es-ES': () => import('./locales/es-ES').then((m) => m.admin),
    'fr-FR': () => import('./locales/fr-FR').then((m) => m.admin),
    'ht-HT': () => import('./locales/ht-HT').then((m) => m.admin),
  });
  return loadTexts([ADMIN_NS, 'errors']);
}
