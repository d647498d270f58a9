import type { Queryable } from '../db';

/** What a mailed code is for: verifying a new account, or signing in to an account under attack. */
export type CodePurpose = 'verify' | 'sign-in';

export interface VerificationCodeRow {
  id: number;
  code_hash: string;
  attempts: number;
  expired: boolean;
  age_seconds: number;
}

export async function insert(db: Queryable, userId: number, codeHash: string, ttlSeconds: number, purpose: CodePurpose = 'verify'): Promise<void> {
  await db.query(
    'INSERT INTO verification_codes (user_id, code_hash, expires_at, purpose) VALUES ($1, $2, now() + make_interval(secs => $3), $4)',
    [userId, codeHash, ttlSeconds, purpose],
  );
}

/** The user's newest code of this purpose still open (not used, not replaced). */
export async function latestOpen(db: Queryable, userId: number, purpose: CodePurpose = 'verify'): Promise<VerificationCodeRow | undefined> {
  const rows = await db.query<VerificationCodeRow>(
    `SELECT id, code_hash, attempts, expires_at <= now() AS expired,
            EXTRACT(EPOCH FROM (now() - created_at))::float8 AS age_seconds
     FROM verification_codes WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId, purpose],
  );
  return rows[0];
}

/** Seconds since the user's newest code of this purpose was issued (used or not), or null when none. */
export async function secondsSinceLastIssued(db: Queryable, userId: number, purpose: CodePurpose = 'verify'): Promise<number | null> {
  const rows = await db.query<{ age: number }>(
    `SELECT EXTRACT(EPOCH FROM (now() - max(created_at)))::float8 AS age FROM verification_codes
     WHERE user_id = $1 AND purpose = $2 HAVING count(*) > 0`,
    [userId, purpose],
  );
  return rows[0] ? Number(rows[0].age) : null;
}

export async function addAttempt(db: Queryable, id: number): Promise<number> {
  const rows = await db.query<{ attempts: number }>(
    'UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
    [id],
  );
  return rows[0]?.attempts ?? 0;
}

export async function markUsed(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE verification_codes SET used_at = now() WHERE id = $1', [id]);
}

/** A new code replaces the open ones of its purpose; without a purpose, every open code of the user ends. */
export async function retireOpen(db: Queryable, userId: number, purpose?: CodePurpose): Promise<void> {
  await db.query('UPDATE verification_codes SET used_at = now() WHERE user_id = $1 AND used_at IS NULL AND ($2::text IS NULL OR purpose = $2)', [
    userId,
    purpose ?? null,
  ]);
}
