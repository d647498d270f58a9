import type { Queryable } from '../db';

export interface SessionRow {
  id: string;
  user_id: number;
  expires_at: Date;
  revoked_at: Date | null;
  remember: boolean;
  /** SHA-256 of the proof cookie given at sign-in; null for a session from before proofs (refused). */
  proof_hash: string | null;
}

export async function insert(db: Queryable, tokenHash: string, proofHash: string, userId: number, expiresAt: Date, remember: boolean): Promise<void> {
  await db.query('INSERT INTO sessions (token_hash, proof_hash, user_id, expires_at, remember) VALUES ($1, $2, $3, $4, $5)', [
    tokenHash,
    proofHash,
    userId,
    expiresAt,
    remember,
  ]);
}

export async function findByHash(db: Queryable, tokenHash: string): Promise<SessionRow | undefined> {
  const rows = await db.query<SessionRow>(
    'SELECT id::text AS id, user_id, expires_at, revoked_at, remember, proof_hash FROM sessions WHERE token_hash = $1',
    [tokenHash],
  );
  return rows[0];
}

/** Revokes the session of this token and proof (both must match). */
export async function revokeByHash(db: Queryable, tokenHash: string, proofHash: string): Promise<number> {
  const rows = await db.query<{ id: string }>(
    'UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND proof_hash = $2 AND revoked_at IS NULL RETURNING id::text AS id',
    [tokenHash, proofHash],
  );
  return rows.length;
}

export async function revokeAllOfUser(db: Queryable, userId: number, exceptHash?: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND token_hash <> $2', [
    userId,
    exceptHash ?? '',
  ]);
}
