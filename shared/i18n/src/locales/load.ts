import type { i18n as I18n } from 'i18next';
import { FALLBACK_LNG, DEFAULT_LOCALE, type Locale } from '../locale';
import { INITIAL_NAMESPACES, type Namespace } from '../namespaces';
import { common } from './pt-BR/common';
import { publicSite } from './pt-BR/public';

type Bundle = object;

/**
 * What a visitor's first page needs in the default language ships with the code;
 * everything else (the admin texts, the other languages) is a chunk of its own,
 * fetched by ensureResources before it is shown. Keeps the public pages light.
 */
export const BUNDLED: Partial<Record<Locale, Partial<Record<Namespace, Bundle>>>> = {
  'pt-BR': { common, public: publicSite },
};


const LOADERS: Record<Locale, Partial<Record<Namespace, () => Promise<Bundle>>>> = {
  'pt-BR': {
    errors: () => import('./pt-BR/errors').then((m) => m.errors),
    auth: () => import('./pt-BR/auth').then((m) => m.auth),
    admin: () => import('./pt-BR/admin').then((m) => m.admin),
  },
  'en-US': {
    common: () => import('./en-US/common').then((m) => m.common),
    errors: () => import('./en-US/errors').then((m) => m.errors),
    auth: () => import('./en-US/auth').then((m) => m.auth),
    admin: () => import('./en-US/admin').then((m) => m.admin),
    public: () => import('./en-US/public').then((m) => m.publicSite),
  },
  'es-ES': { common: () => import('./es-ES/common').then((m) => m.common) },
  'fr-FR': { common: () => import('./fr-FR/common').then((m) => m.common) },
  'ht-HT': { common: () => import('./ht-HT/common').then((m) => m.common) },
};

/** The language itself and the ones i18next falls back to, as FALLBACK_LNG says. */
function chain(lng: Locale): Locale[] {
  const fallbacks = (FALLBACK_LNG as Record<string, Locale[]>)[lng] ?? FALLBACK_LNG.default;
  const out = [lng, ...fallbacks];
  if (!out.includes(DEFAULT_LOCALE)) out.push(DEFAULT_LOCALE);
  return [...new Set(out)] as Locale[];
}

const wanted = new WeakMap<I18n, Set<Namespace>>();

/**
 * Makes sure `lng` (and its fallbacks) have every namespace asked for so far,
 * plus `namespaces`; resolves when they are added to the instance. Switching
 * language later loads the same namespaces for the new one.
 */
export async function ensureResources(instance: I18n, lng: Locale, namespaces: readonly Namespace[] = []): Promise<void> {
  const set = wanted.get(instance) ?? new Set<Namespace>(INITIAL_NAMESPACES);
  for (const ns of namespaces) set.add(ns);
  wanted.set(instance, set);
  const jobs: Promise<void>[] = [];
  for (const locale of chain(lng)) {
    for (const ns of set) {
      if (instance.hasResourceBundle(locale, ns)) continue;
      const load = LOADERS[locale][ns];
      if (!load) continue;
      jobs.push(load().then((bundle) => void instance.addResourceBundle(locale, ns, bundle, true, true)));
    }
  }
  await Promise.all(jobs);
}
