/** The one database surface the repositories use; PGlite and node-postgres both implement it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements (migrations), no parameters; resolves with the rows of every statement, in order. */
  exec(sql: string): Promise<Record<string, unknown>[]>;
}

/** What a LISTEN subscription reports: each notification's payload, and whether it is listening now. */
export interface ListenHandlers {
  notify(payload: string): void;
  /** true once LISTEN is in place (again, after a lost connection), false when its connection is lost. */
  state(listening: boolean): void;
}

export interface Db extends Queryable {
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (a dedicated connection on PostgreSQL, reconnected when lost; in-process on PGlite).
   * Resolves after the first attempt, listening or not; the returned function stops it.
   * Optional: a Db without it (a test wrapper) leaves callers to poll.
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  readonly kind: 'pglite' | 'postgres';
}
