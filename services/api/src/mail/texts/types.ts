/**
 * Another language's mail texts: the same tree of keys as the pt-BR source, every leaf a string (what
 * `Messages<T>` of @vitrine/i18n is for the interface; the API imports only contracts and utils, so it keeps
 * its own copy of the three lines).
 */
export type MailTextsOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : MailTextsOf<T[K]> };
