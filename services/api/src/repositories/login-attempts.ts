import type { Queryable } from '../db';

export interface AttemptWindow {
  count: number;
  /** Seconds until the oldest counted failure leaves the window. */
  retryAfter: number;
}

async function window(db: Queryable, column: 'email' | 'ip', value: string, windowSeconds: number): Promise<AttemptWindow> {
  const rows = await db.query<{ n: number; oldest: number | null }>(
    `SELECT count(*)::int AS n,
            EXTRACT(EPOCH FROM (min(created_at) + make_interval(secs => $2) - now()))::float8 AS oldest
     FROM login_attempts WHERE ${column} = $1 AND created_at > now() - make_interval(secs => $2)`,
    [value, windowSeconds],
  );
  const row = rows[0];
  return { count: row?.n ?? 0, retryAfter: Math.max(1, Math.ceil(Number(row?.oldest ?? windowSeconds))) };
}

export function failuresForEmail(db: Queryable, email: string, windowSeconds: number): Promise<AttemptWindow> {
  return window(db, 'email', email.toLowerCase(), windowSeconds);
}

export function failuresForIp(db: Queryable, ip: string, windowSeconds: number): Promise<AttemptWindow> {
  return window(db, 'ip', ip, windowSeconds);
}

export async function recordFailure(db: Queryable, email: string, ip: string): Promise<void> {
  await db.query('INSERT INTO login_attempts (email, ip) VALUES ($1, $2)', [email.toLowerCase(), ip]);
}

/** A successful sign-in forgives the account's earlier failures (the address keeps its count). */
export async function clearForEmail(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE email = $1', [email.toLowerCase()]);
}
