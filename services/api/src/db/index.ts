import type { AppConfig } from '../config';
import { createPgliteDb } from './pglite';
import { createPostgresDb } from './postgres';
import type { Db } from './types';

export type { Db, Queryable } from './types';
export { migrate } from './migrate';

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR. */
export async function createDb(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) return createPostgresDb({ connectionString: config.databaseUrl });
  return createPgliteDb(config.dataDir);
}
