import type { Queryable } from '../db';

export interface RateWindow {
  count: number;
  /** Milliseconds until the window resets. */
  ttlMs: number;
}

/**
 * Counts one hit on `key` atomically (one statement, so concurrent replicas never lose a hit):
 * a new or expired window starts at 1, a live one goes up by 1.
 */
export async function hit(db: Queryable, key: string, windowMs: number): Promise<RateWindow> {
  const rows = await db.query<{ count: number; ttl_ms: string | number }>(
    `INSERT INTO rate_limits AS r (key, count, reset_at)
     VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.reset_at <= clock_timestamp() THEN 1 ELSE r.count + 1 END,
       reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN EXCLUDED.reset_at ELSE r.reset_at END
     RETURNING count, greatest(0, ceil(extract(epoch FROM (reset_at - clock_timestamp())) * 1000))::bigint AS ttl_ms`,
    [key, windowMs],
  );
  const row = rows[0];
  if (!row) throw new Error('rate limit counter not returned');
  return { count: row.count, ttlMs: Number(row.ttl_ms) };
}

/** The window of `key` without counting (count 0 when none is live). */
export async function peek(db: Queryable, key: string): Promise<RateWindow> {
  const rows = await db.query<{ count: number; ttl_ms: string | number }>(
    `SELECT count, ceil(extract(epoch FROM (reset_at - clock_timestamp())) * 1000)::bigint AS ttl_ms
     FROM rate_limits WHERE key = $1 AND reset_at > clock_timestamp()`,
    [key],
  );
  const row = rows[0];
  return row ? { count: row.count, ttlMs: Number(row.ttl_ms) } : { count: 0, ttlMs: 0 };
}

/** Drops windows that ended; returns how many. */
export async function purgeExpired(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM rate_limits WHERE reset_at <= clock_timestamp() RETURNING 1) SELECT count(*)::int AS n FROM gone',
  );
  return rows[0]?.n ?? 0;
}
