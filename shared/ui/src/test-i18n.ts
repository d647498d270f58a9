import { createI18n } from '@vitrine/i18n';

/**
 * Test helper: the app always has an i18next instance (made by @vitrine/core);
 * createI18n registers one with react-i18next the same way. English texts.
 */
export const testI18n = createI18n('en-US');
