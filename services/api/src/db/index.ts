import path from 'node:path';
import type { AppConfig } from '../config';
import { createPgliteDb } from './pglite';
import { createPostgresDb } from './postgres';
import type { Db } from './types';

export type { Db, Queryable } from './types';
export { migrate } from './migrate';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR/db
 * (DATA_DIR also holds uploads/, so the database keeps a folder of its own).
 */
export async function createDb(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<AppConfig, 'dbTimeouts'>>,
  options: { onConnectionError?: (err: Error) => void } = {},
): Promise<Db> {
  if (config.databaseUrl) {
    return createPostgresDb({
      connectionString: config.databaseUrl,
      ...(config.dbTimeouts ? { timeouts: config.dbTimeouts } : {}),
      ...(options.onConnectionError ? { onConnectionError: options.onConnectionError } : {}),
    });
  }
  const dir = config.dataDir.startsWith('memory://') ? config.dataDir : path.join(config.dataDir, 'db');
  return createPgliteDb(dir);
}
