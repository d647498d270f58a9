// Messages between db/pglite.ts (the HTTP thread) and db/pglite-worker.ts (the thread owning PGlite).

export interface PgliteWorkerData {
  dataDir: string;
  /** PostgreSQL settings given at start (`name=value`, as `-c` arguments). */
  settings: string[];
  /** An archive written by `dump`: the database starts as it was then instead of empty (tests start from a migrated one). */
  from?: string | undefined;
}

/** `tx` names a transaction opened by `begin`; without it the statement runs on its own. */
export type PgliteCall =
  | { op: 'query'; sql: string; params: readonly unknown[]; tx?: number | undefined }
  | { op: 'exec'; sql: string; tx?: number | undefined }
  | { op: 'begin'; tx?: undefined }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string; tx?: undefined }
  | { op: 'unlisten'; sub: number; tx?: undefined }
  | { op: 'dump'; file: string; tx?: undefined }
  | { op: 'close'; tx?: undefined };

export type PgliteRequest = PgliteCall & { id: number };

export interface SerializedError {
  message: string;
  name?: string;
  [field: string]: string | number | boolean | undefined;
}

/** id 0 is the worker's start: ok once PGlite is open. `sub` names a subscription opened by `listen`. */
export type PgliteResponse = { id: number; ok: true; rows?: unknown[]; tx?: number; sub?: number } | { id: number; ok: false; error: SerializedError };

/** A NOTIFY on the channel of subscription `notify`, sent by the worker as it happens. */
export interface PgliteNotification {
  notify: number;
  payload: string;
}
