import i18next, { type i18n as I18n, type Module, type Resource } from 'i18next';
import { BUNDLED, withPluralFallbacks } from './locales/load';
import { DEFAULT_LOCALE, FALLBACK_LNG, LOCALE_CODES, type Locale } from './locale';
import { DEFAULT_NAMESPACE, NAMESPACES } from './namespaces';

/**
 * A new i18next instance, initialised synchronously (ready when this returns)
 * with the bundled resources (the default language's first-page texts; the rest
 * comes through ensureResources) or the ones given (tests pass them all).
 * The app makes one in @vitrine/core, which passes react-i18next's plugin
 * (react-i18next is imported only there, so it stays a single instance at run
 * time); tests may make their own.
 */
export function createI18n(
  lng: Locale = DEFAULT_LOCALE,
  plugins: readonly Module[] = [],
  resources: Resource = BUNDLED as Resource,
): I18n {
  const instance = i18next.createInstance();
  for (const plugin of plugins) instance.use(plugin);
  void instance.init({
    lng,
    resources: withPluralFallbacks(resources),
    supportedLngs: [...LOCALE_CODES],
    fallbackLng: FALLBACK_LNG,
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    fallbackNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
