import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { DatabaseUnavailableError } from '../errors';
import { isDatabaseUnavailable } from './faults';
import type { PgliteCall, PgliteNotification, PgliteResponse, PgliteWorkerData, SerializedError } from './pglite-protocol';
import type { Db, ListenHandlers, Queryable } from './types';

/**
 * PostgreSQL settings of the embedded database (docs/performance.md, "Embedded database"). initdb
 * writes PostgreSQL's server defaults, sized for a machine of its own: 128 MB of shared_buffers,
 * zeroed at start inside the WASM heap, alone ~120 MiB of resident memory. The data of a 10 000-article
 * site is read through the operating system's file cache anyway; 16 MB measured as fast.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB', 'temp_buffers=1MB'];

/**
 * dist/pglite-worker.js next to the bundle; from source (tests, tsx), the TypeScript file required
 * through tsx's CommonJS hook (synchronous: `--import tsx` in a worker's execArgv raced its first import).
 */
function workerScript(): { script: string; eval: boolean } {
  const built = path.join(__dirname, 'pglite-worker.js');
  if (fs.existsSync(built)) return { script: built, eval: false };
  return { script: `require('tsx/cjs'); require(${JSON.stringify(path.join(__dirname, 'pglite-worker.ts'))});`, eval: true };
}

/** The worker's error as an Error again, with its fields (code, constraint…); "not answering" ones become 503s. */
function revive(serialized: SerializedError): unknown {
  const { message, ...fields } = serialized;
  const err = Object.assign(new Error(message), fields);
  return isDatabaseUnavailable(err) ? new DatabaseUnavailableError(err) : err;
}

/**
 * Dates arrive from the worker built by the thread's main context; where code runs in a context of its
 * own (jest's sandbox) that is another realm, and `value instanceof Date` would fail. Rebuilt here,
 * so a row's dates are this realm's Dates wherever the Db is used (a type check per column otherwise).
 */
function ownDates<T>(rows: T[]): T[] {
  for (const row of rows as Record<string, unknown>[]) {
    for (const [key, value] of Object.entries(row)) {
      if (typeof value === 'object' && value !== null && !(value instanceof Date) && Object.prototype.toString.call(value) === '[object Date]') {
        row[key] = new Date((value as Date).getTime());
      }
    }
  }
  return rows;
}

/** The embedded database's Db, and a copy of its data that another can start from. */
export interface PgliteDb extends Db {
  /** Writes the whole database to `file` (an archive of its data folder), for createPgliteDb's `from`. */
  dump(file: string): Promise<void>;
}

/**
 * Embedded PostgreSQL (WASM) in a worker thread of its own (db/pglite-worker.ts): statements run
 * there, so the HTTP thread stays free while the database works. `dataDir` is a folder, or
 * `memory://` for a throw-away database; `from`, a file written by dump(), starts it as that database
 * was (a new one otherwise: initdb, seconds of CPU). PGlite has one connection: a transaction holds it until it
 * ends, and other statements wait for it (PGlite's own lock, in the worker).
 */
export async function createPgliteDb(dataDir: string, options: { from?: string } = {}): Promise<PgliteDb> {
  const { script, eval: isCode } = workerScript();
  const workerData: PgliteWorkerData = { dataDir, settings: PGLITE_SETTINGS, from: options.from };
  const worker = new Worker(script, { eval: isCode, workerData, execArgv: [] });
  const pending = new Map<number, { resolve: (res: PgliteResponse & { ok: true }) => void; reject: (err: unknown) => void }>();
  const listeners = new Map<number, ListenHandlers>();
  let nextId = 1;
  let stopped: Error | undefined;

  const stop = (err: Error) => {
    stopped ??= err;
    for (const waiter of pending.values()) waiter.reject(new DatabaseUnavailableError(stopped));
    pending.clear();
    for (const handlers of listeners.values()) handlers.state(false);
    listeners.clear();
  };
  worker.on('message', (res: PgliteResponse | PgliteNotification) => {
    if ('notify' in res) {
      listeners.get(res.notify)?.notify(res.payload);
      return;
    }
    const waiter = pending.get(res.id);
    if (!waiter) return;
    pending.delete(res.id);
    if (res.ok) waiter.resolve(res);
    else waiter.reject(revive(res.error));
  });
  worker.on('error', (err) => stop(new Error(`PGlite is closed: its worker failed (${err.message})`, { cause: err })));
  worker.on('exit', (code) => stop(new Error(`PGlite is closed: its worker exited with code ${code}`)));

  const call = (message: PgliteCall): Promise<PgliteResponse & { ok: true }> => {
    if (stopped) return Promise.reject(new DatabaseUnavailableError(stopped));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  };

  await new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  }).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });

  const on = (tx?: number): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      return ownDates(((await call({ op: 'query', sql, params, tx })).rows ?? []) as T[]);
    },
    async exec(sql: string): Promise<Record<string, unknown>[]> {
      return ownDates(((await call({ op: 'exec', sql, tx })).rows ?? []) as Record<string, unknown>[]);
    },
  });
  const base = on();
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const { tx } = await call({ op: 'begin' });
      if (tx === undefined) throw new Error('PGlite worker opened no transaction');
      let result: T;
      try {
        result = await fn(on(tx));
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async dump(file: string): Promise<void> {
      await call({ op: 'dump', file });
    },
    async close(): Promise<void> {
      if (stopped) return;
      await call({ op: 'close' });
      await worker.terminate();
    },
    // One connection, in the worker: a NOTIFY reaches the listeners when its transaction commits.
    async listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
      const { sub } = await call({ op: 'listen', channel });
      if (sub === undefined) throw new Error('PGlite worker opened no subscription');
      listeners.set(sub, handlers);
      handlers.state(true);
      return async () => {
        listeners.delete(sub);
        if (!stopped) await call({ op: 'unlisten', sub });
      };
    },
  };
}
