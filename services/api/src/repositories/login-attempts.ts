import type { Db, Queryable } from '../db';

/** Namespaces of the advisory locks (two-key form, so an email and an address never share a lock). */
const EMAIL_LOCK = 727_002;
const IP_LOCK = 727_003;

export interface AttemptLimits {
  windowSeconds: number;
  maxPerAccount: number;
  maxPerIp: number;
}

export type Reservation = { ok: true; id: number } | { ok: false; retryAfter: number };

async function window(db: Queryable, column: 'email' | 'ip', value: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
  const rows = await db.query<{ n: number; oldest: number | null }>(
    `SELECT count(*)::int AS n,
            EXTRACT(EPOCH FROM (min(created_at) + make_interval(secs => $2) - now()))::float8 AS oldest
     FROM login_attempts WHERE ${column} = $1 AND created_at > now() - make_interval(secs => $2)`,
    [value, windowSeconds],
  );
  const row = rows[0];
  return { count: row?.n ?? 0, retryAfter: Math.max(1, Math.ceil(Number(row?.oldest ?? windowSeconds))) };
}

/**
 * Counts a sign-in attempt before its password is checked, atomically: under the account's and the
 * address's advisory locks (always in that order, so two sign-ins never wait on each other in a
 * cycle) it counts the window's attempts and inserts this one only when both are under their limits.
 * Parallel attempts, on one replica or many, therefore check at most `maxPerAccount` passwords.
 * The row stays as a failure unless `release` (right password) removes it.
 */
export function reserve(db: Db, email: string, ip: string, limits: AttemptLimits): Promise<Reservation> {
  const account = email.toLowerCase();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [EMAIL_LOCK, account]);
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [IP_LOCK, ip]);
    const perAccount = await window(tx, 'email', account, limits.windowSeconds);
    if (perAccount.count >= limits.maxPerAccount) return { ok: false, retryAfter: perAccount.retryAfter };
    const perIp = await window(tx, 'ip', ip, limits.windowSeconds);
    if (perIp.count >= limits.maxPerIp) return { ok: false, retryAfter: perIp.retryAfter };
    const rows = await tx.query<{ id: number }>('INSERT INTO login_attempts (email, ip) VALUES ($1, $2) RETURNING id::int AS id', [account, ip]);
    return { ok: true, id: rows[0]?.id ?? 0 };
  });
}

/** The attempt was not a failure (right password, or the check never ran): it stops counting. */
export async function release(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE id = $1', [id]);
}

/** A successful sign-in forgives the account's earlier failures (the address keeps its count). */
export async function clearForEmail(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE email = $1', [email.toLowerCase()]);
}
