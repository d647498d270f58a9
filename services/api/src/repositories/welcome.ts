import type { Queryable } from '../db';
import { isSuppressed } from './leads';

/**
 * Whether the newsletter lead `id` (address `email`) may be sent the welcome mail now: its lead and its subscription
 * active and confirmed, its address not bounced (`bounced_at`, a permanent SMTP refusal; a confirmation clears it) nor
 * suppressed (blacklisted or erased: `email_suppressions`).
 */
export async function isWelcomable(db: Queryable, id: number, email: string): Promise<boolean> {
  const rows = await db.query<{ found: number }>(
    `SELECT 1 AS found FROM leads
     WHERE id = $1 AND module = 'newsletter' AND status = 'active' AND newsletter_status = 'active' AND confirmed_at IS NOT NULL AND bounced_at IS NULL`,
    [id],
  );
  return rows.length > 0 && !(await isSuppressed(db, email));
}
