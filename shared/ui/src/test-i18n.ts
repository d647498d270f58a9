import '@vitrine/core'; // the app's instance registers first, so this English one wins
import { initReactI18next } from 'react-i18next';
import { createI18n } from '@vitrine/i18n';
import { resources } from '@vitrine/i18n/all';

/**
 * Test helper: an English i18next instance with every text, registered with
 * react-i18next the way @vitrine/core registers the app's one.
 */
export const testI18n = createI18n('en-US', [initReactI18next], resources);
