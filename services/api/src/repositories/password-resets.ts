import type { Queryable } from '../db';

export interface PasswordResetRow {
  id: number;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
}

export async function insert(db: Queryable, keyHash: string, userId: number, expiresAt: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'INSERT INTO password_resets (unique_key, user_id, expires_at) VALUES ($1, $2, $3) RETURNING id',
    [keyHash, userId, expiresAt],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into password_resets returned no id');
  return id;
}

/** A link that exists, is unused and has not expired. */
export async function findUsable(db: Queryable, id: number, keyHash: string): Promise<PasswordResetRow | undefined> {
  const rows = await db.query<PasswordResetRow>(
    `SELECT id, user_id, expires_at, used_at FROM password_resets
     WHERE id = $1 AND unique_key = $2 AND used_at IS NULL AND expires_at > now()`,
    [id, keyHash],
  );
  return rows[0];
}

/** Marks the link used; false when another request consumed it first. */
export async function consume(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE password_resets SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id',
    [id],
  );
  return rows.length === 1;
}

/** A new link (or a successful reset) retires every other open link of the user. */
export async function retireOpenLinks(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}
