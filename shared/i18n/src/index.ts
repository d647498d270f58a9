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
export { createI18n, NAMESPACES, DEFAULT_NAMESPACE, type Namespace } from './create-i18n';
export { resources, type VitrineResources } from './locales';
export { tk, type TranslationKey } from './keys';
export type { Messages, NotificationMessages } from './types';
