import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './types';

function wrap(conn: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await conn.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await conn.exec(sql);
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
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
