/** The same tree of keys as `T`, every leaf a string: what another locale must provide. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
