import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { DatabaseUnavailableError } from '../errors';
import { isDatabaseUnavailable } from './faults';
import type { Db, Queryable } from './types';

/** In-process, PGlite can only be "down" once closed (shutdown) or when its WASM instance failed: those are 503s. */
function translate(err: unknown): unknown {
  return isDatabaseUnavailable(err) ? new DatabaseUnavailableError(err) : err;
}

function wrap(conn: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      try {
        const result = await conn.query<T>(sql, params as unknown[]);
        return result.rows;
      } catch (err) {
        throw translate(err);
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await conn.exec(sql);
      } catch (err) {
        throw translate(err);
      }
    },
  };
}

/** Embedded PostgreSQL (WASM). `dataDir` is a folder, or `memory://` for a throw-away database. */
export async function createPgliteDb(dataDir: string): Promise<Db> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir);
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: async (fn) => {
      try {
        return await pg.transaction((tx) => fn(wrap(tx)));
      } catch (err) {
        throw translate(err);
      }
    },
    // One process, one connection: a NOTIFY reaches this process's listeners when its transaction commits.
    listen: async (channel, handlers) => {
      const unlisten = await pg.listen(channel, (payload) => handlers.notify(payload));
      handlers.state(true);
      return async () => {
        if (!pg.closed) await unlisten();
      };
    },
    close: () => pg.close(),
  };
}
