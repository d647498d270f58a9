/** The namespaces this package holds (the shell's own texts). A remote registers its own (registerTexts). */
export const NAMESPACES = ['common', 'errors', 'auth', 'chrome'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE: Namespace = 'common';

/** What the first page of a visit needs; the rest is fetched (see locales/load.ts). */
export const INITIAL_NAMESPACES: readonly Namespace[] = ['common', 'chrome'];
