import fs from 'node:fs';
import path from 'node:path';
import { advisoryXactLock } from './advisory-lock';
import type { Db } from './types';

/** Any constant shared by every replica: the advisory lock that serializes migrations. */
const MIGRATION_LOCK_KEY = 727_001;

/** src/migrations when running from source, dist/migrations next to the bundle. */
export function migrationsDir(): string {
  const candidates = [path.join(__dirname, 'migrations'), path.join(__dirname, '..', 'migrations')];
  const found = candidates.find((dir) => fs.existsSync(dir));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, file), 'utf8') }));
}

/**
 * Applies the pending migrations in one transaction. A transaction-scoped
 * advisory lock makes concurrent replicas wait for each other; the second one
 * then finds nothing to do. Returns the names applied.
 */
export async function migrate(db: Db, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await advisoryXactLock(tx, MIGRATION_LOCK_KEY);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      applied.push(migration.name);
    }
    return applied;
  });
}
