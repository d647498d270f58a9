import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from './locales';
import { DEFAULT_LOCALE, FALLBACK_LNG, LOCALE_CODES, type Locale } from './locale';

export const NAMESPACES = ['common', 'errors', 'auth', 'admin', 'public'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE: Namespace = 'common';

/**
 * A new i18next instance wired to react-i18next, with every locale bundled and
 * initialised synchronously (ready when this returns). The app makes one
 * (in @vitrine/core); tests may make their own.
 */
export function createI18n(lng: Locale = DEFAULT_LOCALE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
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
