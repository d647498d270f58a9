import type { Queryable } from '../db';

/** How long rows outlive their use before the hourly purge deletes them (docs/decisions/job-engine.md). */
export interface Retention {
  /** Sessions expired or revoked this long ago. */
  sessionGraceDays: number;
  /** Verification codes and recovery links used or expired this long ago. */
  codeGraceHours: number;
  /** Failed sign-ins older than this (the throttling window is 15 min). */
  loginAttemptHours: number;
}

export const RETENTION: Retention = { sessionGraceDays: 7, codeGraceHours: 24, loginAttemptHours: 24 };

async function deleted(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  return (await db.query(`${sql} RETURNING 1`, params)).length;
}

export function sessions(db: Queryable, graceDays: number): Promise<number> {
  return deleted(
    db,
    `DELETE FROM sessions WHERE expires_at < now() - make_interval(days => $1)
        OR revoked_at < now() - make_interval(days => $1)`,
    [graceDays],
  );
}

export function verificationCodes(db: Queryable, graceHours: number): Promise<number> {
  return deleted(
    db,
    `DELETE FROM verification_codes WHERE expires_at < now() - make_interval(hours => $1)
        OR used_at < now() - make_interval(hours => $1)`,
    [graceHours],
  );
}

export function passwordResets(db: Queryable, graceHours: number): Promise<number> {
  return deleted(
    db,
    `DELETE FROM password_resets WHERE expires_at < now() - make_interval(hours => $1)
        OR used_at < now() - make_interval(hours => $1)`,
    [graceHours],
  );
}

export function loginAttempts(db: Queryable, hours: number): Promise<number> {
  return deleted(db, 'DELETE FROM login_attempts WHERE created_at < now() - make_interval(hours => $1)', [hours]);
}
