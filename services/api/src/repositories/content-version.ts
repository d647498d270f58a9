import type { Queryable } from '../db';

/** Bumped by every article, category and author-profile write (public ETags carry it). */
export async function bump(db: Queryable): Promise<void> {
  await db.query('UPDATE content_version SET version = version + 1 WHERE id');
}

export async function current(db: Queryable): Promise<number> {
  const rows = await db.query<{ version: string | number }>('SELECT version FROM content_version WHERE id');
  return Number(rows[0]?.version ?? 0);
}
