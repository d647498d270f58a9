import type { Queryable } from '../db';

/** The channel every content write notifies; the payload is `<schema> <version>` (tests share one database, one schema each). */
export const CONTENT_CHANNEL = 'vitrine_content_version';

/**
 * Bumped by every write that changes a public answer (articles, categories, authors, SEO entries);
 * public ETags and the answer cache's keys carry it. The notification goes out when the
 * transaction commits (never for a rolled-back one), so a replica that hears it reads the new rows.
 */
export async function bump(db: Queryable): Promise<void> {
  await db.query(
    `WITH bumped AS (UPDATE content_version SET version = version + 1 WHERE id RETURNING version)
     SELECT pg_notify($1, current_schema() || ' ' || version) FROM bumped`,
    [CONTENT_CHANNEL],
  );
}

export async function current(db: Queryable): Promise<number> {
  const rows = await db.query<{ version: string | number }>('SELECT version FROM content_version WHERE id');
  return Number(rows[0]?.version ?? 0);
}

export interface ContentSnapshot {
  schema: string;
  version: number;
  /** The latest publish instant already passed (ms), or null: a scheduled post going live changes it. */
  liveAt: number | null;
  /** The next scheduled publish instant (ms), or null when none is scheduled. */
  nextAt: number | null;
}

/** One read of what the answer cache keys on: the version and the scheduled instants around now, of originals and translations (from indexes). */
export async function snapshot(db: Queryable): Promise<ContentSnapshot> {
  const rows = await db.query<{ schema: string; version: string | number; live_at: Date | string | null; next_at: Date | string | null }>(
    `SELECT current_schema() AS schema,
            (SELECT version FROM content_version WHERE id) AS version,
            GREATEST((SELECT max(public_at) FROM articles WHERE status = 'published' AND public_at <= now()),
                     (SELECT max(public_at) FROM article_translations WHERE status = 'published' AND public_at <= now())) AS live_at,
            LEAST((SELECT min(public_at) FROM articles WHERE status = 'published' AND public_at > now()),
                  (SELECT min(public_at) FROM article_translations WHERE status = 'published' AND public_at > now())) AS next_at`,
  );
  const row = rows[0];
  const ms = (value: Date | string | null | undefined) => (value === null || value === undefined ? null : new Date(value).getTime());
  return { schema: row?.schema ?? 'public', version: Number(row?.version ?? 0), liveAt: ms(row?.live_at), nextAt: ms(row?.next_at) };
}
