import type { Queryable } from '../db';

/** Today's salt of visitor hashes (UTC day), created once and shared by every replica; older days are dropped. */
export async function dailySalt(db: Queryable, candidate: string): Promise<string> {
  const rows = await db.query<{ salt: string }>(
    `WITH ins AS (
       INSERT INTO read_salts (day, salt) VALUES ((now() AT TIME ZONE 'UTC')::date, $1) ON CONFLICT (day) DO NOTHING RETURNING salt)
     SELECT salt FROM ins UNION ALL SELECT salt FROM read_salts WHERE day = (now() AT TIME ZONE 'UTC')::date LIMIT 1`,
    [candidate],
  );
  if (rows.length === 0) throw new Error('no read salt');
  return rows[0]?.salt ?? candidate;
}

export async function dropOldSalts(db: Queryable): Promise<number> {
  return (await db.query(`DELETE FROM read_salts WHERE day < (now() AT TIME ZONE 'UTC')::date - 1 RETURNING 1`)).length;
}

/**
 * Claims the visitor's read of an article for `windowMinutes`: true when this
 * read counts (first one, or the previous window is over), false for a reload.
 */
export async function claimRead(db: Queryable, visitorHash: string, articleId: number, windowMinutes: number): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO read_dedup (visitor_hash, article_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))
     ON CONFLICT (visitor_hash, article_id) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE read_dedup.expires_at <= now()
     RETURNING 1`,
    [visitorHash, articleId, windowMinutes],
  );
  return rows.length > 0;
}

export async function addRead(db: Queryable, articleId: number, reads = 1, day?: string): Promise<void> {
  await db.query(
    `INSERT INTO article_reads_daily (article_id, day, reads) VALUES ($1, COALESCE($2::date, (now() AT TIME ZONE 'UTC')::date), $3)
     ON CONFLICT (article_id, day) DO UPDATE SET reads = article_reads_daily.reads + EXCLUDED.reads`,
    [articleId, day ?? null, reads],
  );
}

/** Expired dedup rows are useless: dropped by the hourly purge job. */
export async function purgeExpired(db: Queryable): Promise<number> {
  return (await db.query('DELETE FROM read_dedup WHERE expires_at < now() RETURNING 1')).length;
}
