import i18next, { type i18n as I18n, type Module } from 'i18next';
import { resources } from './locales';
import { DEFAULT_LOCALE, FALLBACK_LNG, LOCALE_CODES, type Locale } from './locale';

export const NAMESPACES = ['common', 'errors', 'auth', 'admin', 'public'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE: Namespace = 'common';

/**
 * A new i18next instance with every locale bundled, initialised synchronously
 * (ready when this returns). The app makes one in @vitrine/core, which passes
 * react-i18next's plugin (react-i18next is imported only there, so it stays a
 * single instance at run time); tests may make their own.
 */
export function createI18n(lng: Locale = DEFAULT_LOCALE, plugins: readonly Module[] = []): I18n {
  const instance = i18next.createInstance();
  for (const plugin of plugins) instance.use(plugin);
  void instance.init({
    lng,
    resources,
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
