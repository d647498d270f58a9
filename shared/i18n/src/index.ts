export {
  LOCALES,
  LOCALE_CODES,
  DEFAULT_LOCALE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGE_QUERY_PARAM,
  FALLBACK_LNG,
  isLocale,
  normalizeLocale,
  resolveInitialLocale,
  type Locale,
  type InitialLocaleInput,
} from './locale';
export { createI18n } from './create-i18n';
export { NAMESPACES, DEFAULT_NAMESPACE, INITIAL_NAMESPACES, type Namespace } from './namespaces';
export { ensureResources, registerTexts, type TextLoaders } from './locales/load';
/** Every locale's texts, for tests: `import { resources } from '@vitrine/i18n/all'` (never in app code, it defeats the lazy loading). */
export type { VitrineResources } from './locales';
export { tk, type TranslationKey } from './keys';
export type { Messages } from './types';
