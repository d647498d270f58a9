import type { i18n as I18n } from 'i18next';
import { FALLBACK_LNG, DEFAULT_LOCALE, type Locale } from '../locale';
import { INITIAL_NAMESPACES, NAMESPACES, type Namespace } from '../namespaces';
import { chrome } from './pt-BR/chrome';
import { common } from './pt-BR/common';

type Bundle = object;

/** How a namespace's texts arrive in each language: a function that fetches them (a chunk of their own). */
export type TextLoaders = Partial<Record<Locale, () => Promise<Bundle>>>;

/**
 * What a visitor's first page needs in the default language ships with the code;
 * everything else (the sign-in and error texts, the other languages) is a chunk
 * of its own, fetched by ensureResources before it is shown. A remote's own
 * texts are registered by the remote (registerTexts) and loaded the same way.
 */
export const BUNDLED: Partial<Record<Locale, Partial<Record<Namespace, Bundle>>>> = {
  'pt-BR': { common, chrome },
};

/**
 * Another language than the default is one chunk holding the shell's four namespaces (a few KiB gzip): one
 * request when a visitor switches, and one loader per language in the shell's code instead of four.
 */
function whole(load: () => Promise<Record<Namespace, Bundle>>): Record<Namespace, () => Promise<Bundle>> {
  return Object.fromEntries(NAMESPACES.map((ns) => [ns, () => load().then((m) => m[ns])])) as Record<Namespace, () => Promise<Bundle>>;
}

const LOADERS: Record<Locale, Partial<Record<Namespace, () => Promise<Bundle>>>> = {
  'pt-BR': {
    errors: () => import('./pt-BR/errors').then((m) => m.errors),
    auth: () => import('./pt-BR/auth').then((m) => m.auth),
  },
  'en-US': whole(() => import('./en-US')),
  'es-ES': whole(() => import('./es-ES')),
  'fr-FR': whole(() => import('./fr-FR')),
  'ht-HT': whole(() => import('./ht-HT')),
};

/**
 * The same texts with `key_many` beside every `key_other` that has none. Plural rules give 'many' for large
 * numbers in pt-BR, es-ES and fr-FR (a million), where i18next would otherwise show the key itself; in these
 * languages such a number reads like any other plural.
 */
export function withPluralFallbacks<T extends object>(bundle: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bundle)) {
    out[key] = value !== null && typeof value === 'object' ? withPluralFallbacks(value as object) : value;
    if (key.endsWith('_other')) {
      const many = `${key.slice(0, -'_other'.length)}_many`;
      if (!(many in bundle)) out[many] = value;
    }
  }
  return out as T;
}

/** The language itself and the ones i18next falls back to, as FALLBACK_LNG says. */
function chain(lng: Locale): Locale[] {
  const fallbacks = (FALLBACK_LNG as Record<string, Locale[]>)[lng] ?? FALLBACK_LNG.default;
  const out = [lng, ...fallbacks];
  if (!out.includes(DEFAULT_LOCALE)) out.push(DEFAULT_LOCALE);
  return [...new Set(out)] as Locale[];
}

const wanted = new WeakMap<I18n, Set<string>>();
const registered = new WeakMap<I18n, Map<string, TextLoaders>>();

/**
 * A remote's own namespace (since 1.0.0 of this package): `loaders` fetch its texts per language;
 * `bundled` texts (e.g. the public remote's pt-BR, which its first page needs at once) are added now.
 * The namespace is then loaded like the shell's own: by ensureResources, and again on a language switch.
 * Registering the same namespace again replaces its loaders (a remote that is reloaded after Retry).
 */
export function registerTexts(
  instance: I18n,
  namespace: string,
  loaders: TextLoaders,
  bundled: Partial<Record<Locale, Bundle>> = {},
): void {
  if ((INITIAL_NAMESPACES as readonly string[]).includes(namespace) || (namespace in LOADERS['en-US'])) {
    throw new Error(`The namespace "${namespace}" belongs to the shell; a remote registers a name of its own.`);
  }
  const map = registered.get(instance) ?? new Map<string, TextLoaders>();
  map.set(namespace, loaders);
  registered.set(instance, map);
  for (const [locale, bundle] of Object.entries(bundled)) {
    if (!instance.hasResourceBundle(locale, namespace)) instance.addResourceBundle(locale, namespace, withPluralFallbacks(bundle), true, true);
  }
}

function loaderFor(instance: I18n, locale: Locale, ns: string): (() => Promise<Bundle>) | undefined {
  return (LOADERS[locale] as Record<string, () => Promise<Bundle>>)[ns] ?? registered.get(instance)?.get(ns)?.[locale];
}

/**
 * Makes sure `lng` (and its fallbacks) have every namespace asked for so far,
 * plus `namespaces`; resolves when they are added to the instance. Switching
 * language later loads the same namespaces for the new one.
 */
export async function ensureResources(instance: I18n, lng: Locale, namespaces: readonly string[] = []): Promise<void> {
  const set = wanted.get(instance) ?? new Set<string>(INITIAL_NAMESPACES);
  for (const ns of namespaces) set.add(ns);
  wanted.set(instance, set);
  const jobs: Promise<void>[] = [];
  for (const locale of chain(lng)) {
    for (const ns of set) {
      if (instance.hasResourceBundle(locale, ns)) continue;
      const load = loaderFor(instance, locale, ns);
      if (!load) continue;
      jobs.push(load().then((bundle) => void instance.addResourceBundle(locale, ns, withPluralFallbacks(bundle), true, true)));
    }
  }
  await Promise.all(jobs);
}
