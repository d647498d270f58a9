/**
 * The part of react-i18next the apps use, re-exported from the shared core for
 * the same reason as ./router: one instance at run time, a fraction of the weight.
 */
export { I18nextProvider, useTranslation } from 'react-i18next';
