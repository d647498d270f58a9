import type { Queryable } from '../db';
import type { ReleaseRemote } from '../releases/files';

/**
 * The channel every change of the releases notifies (a publish, an activation, a rollback, a removal); the payload
 * is `<schema> <remote> <what>`. Sent when the transaction commits, so a replica that hears it reads the new rows.
 */
export const RELEASES_CHANNEL = 'vitrine_releases';

export interface ReleaseRow {
  remote: ReleaseRemote;
  id: string;
  content_hash: string;
  built_at: Date;
  published_at: Date;
  requires: Record<string, string>;
  files: number;
  bytes: number;
  removed_at: Date | null;
}

export interface PointerRow {
  remote: ReleaseRemote;
  release_id: string;
  previous_id: string | null;
  changed_at: Date;
}

export type PointerAction = 'first' | 'activate' | 'rollback';

const COLUMNS = 'remote, id, content_hash, built_at, published_at, requires, files, bytes::float8 AS bytes, removed_at';

/** By package name (jsonb keeps its own order of keys). */
const sortedKeys = (record: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

const asRelease = (row: ReleaseRow): ReleaseRow => ({
  ...row,
  built_at: new Date(row.built_at),
  published_at: new Date(row.published_at),
  removed_at: row.removed_at === null ? null : new Date(row.removed_at),
  bytes: Number(row.bytes),
  files: Number(row.files),
  requires: sortedKeys(typeof row.requires === 'string' ? (JSON.parse(row.requires) as Record<string, string>) : row.requires),
});

export async function find(db: Queryable, remote: ReleaseRemote, id: string): Promise<ReleaseRow | undefined> {
  const rows = await db.query<ReleaseRow>(`SELECT ${COLUMNS} FROM remote_releases WHERE remote = $1 AND id = $2`, [remote, id]);
  return rows[0] && asRelease(rows[0]);
}

export async function findByHash(db: Queryable, remote: ReleaseRemote, hash: string): Promise<ReleaseRow | undefined> {
  const rows = await db.query<ReleaseRow>(`SELECT ${COLUMNS} FROM remote_releases WHERE remote = $1 AND content_hash = $2`, [remote, hash]);
  return rows[0] && asRelease(rows[0]);
}

/**
 * Records a release whose files are in place. The same release published again (its files had been removed by the
 * retention) is kept again, as published now.
 */
export async function insert(
  db: Queryable,
  row: Pick<ReleaseRow, 'remote' | 'id' | 'content_hash' | 'built_at' | 'requires' | 'files' | 'bytes'>,
): Promise<ReleaseRow> {
  const rows = await db.query<ReleaseRow>(
    `INSERT INTO remote_releases (remote, id, content_hash, built_at, requires, files, bytes)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
     ON CONFLICT (remote, id) DO UPDATE SET removed_at = NULL, published_at = CASE WHEN remote_releases.removed_at IS NULL THEN remote_releases.published_at ELSE now() END
     RETURNING ${COLUMNS}`,
    [row.remote, row.id, row.content_hash, row.built_at, JSON.stringify(row.requires), row.files, row.bytes],
  );
  return asRelease(rows[0] as ReleaseRow);
}

/** The releases whose files are kept, newest first. */
export async function listKept(db: Queryable, remote?: ReleaseRemote): Promise<ReleaseRow[]> {
  const rows = await db.query<ReleaseRow>(
    `SELECT ${COLUMNS} FROM remote_releases WHERE removed_at IS NULL AND ($1::text IS NULL OR remote = $1) ORDER BY remote, published_at DESC, id DESC`,
    [remote ?? null],
  );
  return rows.map(asRelease);
}

export async function pointers(db: Queryable): Promise<PointerRow[]> {
  return db.query<PointerRow>('SELECT remote, release_id, previous_id, changed_at FROM remote_release_pointers ORDER BY remote');
}

/** The pointer, locked for the rest of the transaction (activations of one remote wait for each other). */
export async function lockPointer(tx: Queryable, remote: ReleaseRemote): Promise<PointerRow | undefined> {
  const rows = await tx.query<PointerRow>('SELECT remote, release_id, previous_id, changed_at FROM remote_release_pointers WHERE remote = $1 FOR UPDATE', [remote]);
  return rows[0];
}

/** Points the remote at a release, records it in the history, and notifies every replica (at commit). */
export async function setPointer(
  tx: Queryable,
  change: { remote: ReleaseRemote; releaseId: string; previousId: string | null; action: PointerAction; actor: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO remote_release_pointers (remote, release_id, previous_id) VALUES ($1, $2, $3)
     ON CONFLICT (remote) DO UPDATE SET release_id = EXCLUDED.release_id, previous_id = EXCLUDED.previous_id, changed_at = now()`,
    [change.remote, change.releaseId, change.previousId],
  );
  await tx.query('INSERT INTO remote_release_history (remote, release_id, previous_id, action, actor) VALUES ($1, $2, $3, $4, $5)', [
    change.remote,
    change.releaseId,
    change.previousId,
    change.action,
    change.actor,
  ]);
  await notify(tx, change.remote, change.action);
}

/** What was active when `releaseId` last became active (where a rollback past it goes), or null. */
export async function previousWhenActivated(tx: Queryable, remote: ReleaseRemote, releaseId: string): Promise<string | null> {
  const rows = await tx.query<{ previous_id: string | null }>(
    'SELECT previous_id FROM remote_release_history WHERE remote = $1 AND release_id = $2 ORDER BY seq DESC LIMIT 1',
    [remote, releaseId],
  );
  return rows[0]?.previous_id ?? null;
}

export async function markRemoved(tx: Queryable, remote: ReleaseRemote, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query('UPDATE remote_releases SET removed_at = now() WHERE remote = $1 AND id = ANY($2::text[])', [remote, [...ids]]);
}

export async function notify(tx: Queryable, remote: ReleaseRemote, what: string): Promise<void> {
  await tx.query(`SELECT pg_notify($1, current_schema() || ' ' || $2 || ' ' || $3)`, [RELEASES_CHANNEL, remote, what]);
}

export async function currentSchema(db: Queryable): Promise<string> {
  const rows = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return rows[0]?.schema ?? 'public';
}
