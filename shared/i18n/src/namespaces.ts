export const NAMESPACES = ['common', 'errors', 'auth', 'admin', 'public'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const DEFAULT_NAMESPACE: Namespace = 'common';

/** What the first page of a visit needs; the rest is fetched (see locales/load.ts). */
export const INITIAL_NAMESPACES: readonly Namespace[] = ['common', 'public'];
