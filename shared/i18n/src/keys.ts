import type { VitrineResources } from './locales';

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** A key without its i18next plural or context suffix ('total_one' → 'total', 'greeting_female' → 'greeting'). */
type BaseKey<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other' | 'female' | 'male'}`
  ? Base
  : K;

/**
 * Every translation key, namespaced ('auth:login.title', 'errors:INVALID_CODE').
 * Opt-in typing for helpers that take a key (menus, column definitions); the
 * global i18next CustomTypeOptions are not declared (docs/decisions/i18n.md).
 */
export type TranslationKey = {
  [N in keyof VitrineResources & string]: `${N}:${BaseKey<Leaves<VitrineResources[N]>>}`;
}[keyof VitrineResources & string];

/** Identity at run time; checks at compile time that a key exists. */
export function tk<K extends TranslationKey>(key: K): K {
  return key;
}
