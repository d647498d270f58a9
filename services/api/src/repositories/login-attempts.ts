import type { Db, Queryable } from '../db';

/** Namespaces of the advisory locks (two-key form, so an email and an address never share a lock). */
const EMAIL_LOCK = 727_002;
const IP_LOCK = 727_003;

export interface AttemptLimits {
  /** Failures of one account from one address, and of one address over every account, in `windowSeconds`. */
  windowSeconds: number;
  maxPerAccountAndIp: number;
  maxPerIp: number;
  /** Failures of one account from every address in `accountWindowSeconds`: beyond, a mailed code is asked too. */
  accountWindowSeconds: number;
  maxPerAccount: number;
}

export type Reservation =
  /** Counted as a failure until released; `underAttack`: the account is past its limit across addresses. */
  | { ok: true; id: number; underAttack: boolean }
  /** Refused before any check: this address is over its limit (for this account, or over all). */
  | { ok: false; retryAfter: number }
  /** Past the account's limit across addresses and no code was given: nothing is checked or counted. */
  | { ok: false; codeRequired: true };

type Filter = { email?: string; ip?: string };

async function window(db: Queryable, filter: Filter, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
  const where = [filter.email !== undefined ? 'email = $2' : null, filter.ip !== undefined ? `ip = $${filter.email !== undefined ? 3 : 2}` : null]
    .filter(Boolean)
    .join(' AND ');
  const params = [windowSeconds, ...(filter.email !== undefined ? [filter.email] : []), ...(filter.ip !== undefined ? [filter.ip] : [])];
  const rows = await db.query<{ n: number; oldest: number | null }>(
    `SELECT count(*)::int AS n,
            EXTRACT(EPOCH FROM (min(created_at) + make_interval(secs => $1) - now()))::float8 AS oldest
     FROM login_attempts WHERE ${where} AND created_at > now() - make_interval(secs => $1)`,
    params,
  );
  const row = rows[0];
  return { count: row?.n ?? 0, retryAfter: Math.max(1, Math.ceil(Number(row?.oldest ?? windowSeconds))) };
}

/**
 * Counts a sign-in attempt before its password is checked, atomically: under the account's and the
 * address's advisory locks (always in that order, so two sign-ins never wait on each other in a
 * cycle) it counts the windows' failures and inserts this attempt only when it may go on.
 * - this address's failures on this account, and this address's failures over every account, are capped:
 *   over either, 429 for this address only, so an attacker never locks the owner out from elsewhere;
 * - the account's failures from every address are capped per hour: past that, the attempt goes on only with a
 *   mailed code (`codeGiven`; checked by the caller before the password), else nothing is checked or counted.
 * Parallel attempts, on one replica or many, therefore check at most the caps' number of passwords.
 * The row stays as a failure unless `release` (right password) removes it.
 */
export function reserve(db: Db, email: string, ip: string, limits: AttemptLimits, codeGiven: boolean): Promise<Reservation> {
  const account = email.toLowerCase();
  return db.transaction(async (tx): Promise<Reservation> => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [EMAIL_LOCK, account]);
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [IP_LOCK, ip]);
    const pair = await window(tx, { email: account, ip }, limits.windowSeconds);
    if (pair.count >= limits.maxPerAccountAndIp) return { ok: false, retryAfter: pair.retryAfter };
    const perIp = await window(tx, { ip }, limits.windowSeconds);
    if (perIp.count >= limits.maxPerIp) return { ok: false, retryAfter: perIp.retryAfter };
    const perAccount = await window(tx, { email: account }, limits.accountWindowSeconds);
    const underAttack = perAccount.count >= limits.maxPerAccount;
    if (underAttack && !codeGiven) return { ok: false, codeRequired: true };
    const rows = await tx.query<{ id: number }>('INSERT INTO login_attempts (email, ip) VALUES ($1, $2) RETURNING id::int AS id', [account, ip]);
    return { ok: true, id: rows[0]?.id ?? 0, underAttack };
  });
}

/** The attempt was not a failure (right password, or the check never ran): it stops counting. */
export async function release(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE id = $1', [id]);
}

/**
 * A successful sign-in forgives the failures of its own account from its own address. The account's failures
 * from other addresses keep counting: an attack under way still needs the mailed code until it is an hour old.
 */
export async function clearForAccountAndIp(db: Queryable, email: string, ip: string): Promise<void> {
  await db.query('DELETE FROM login_attempts WHERE email = $1 AND ip = $2', [email.toLowerCase(), ip]);
}
