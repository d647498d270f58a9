import '@vitrine/core'; // the app's instance registers first, so this English one wins
import { initReactI18next } from 'react-i18next';
import { createI18n } from '@vitrine/i18n';

/**
 * Test helper: an English i18next instance registered with react-i18next the
 * way @vitrine/core registers the app's one (imported after core, it wins).
 */
export const testI18n = createI18n('en-US', [initReactI18next]);
