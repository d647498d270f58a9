import type { GuardedForm, SpamReason } from '@vitrine/contracts';
import type { Queryable } from '../db';
import { SITE_TIME_ZONE } from '../lib/site-day';

/** One more submission the spam guard doubted today (the company's calendar day), for this form and reason. */
export async function countDoubt(db: Queryable, form: GuardedForm, reason: SpamReason): Promise<void> {
  await db.query(
    `INSERT INTO spam_guard_counts (day, form, reason, count) VALUES ((now() AT TIME ZONE '${SITE_TIME_ZONE}')::date, $1, $2, 1)
     ON CONFLICT (day, form, reason) DO UPDATE SET count = spam_guard_counts.count + 1`,
    [form, reason],
  );
}

/** What the guard doubted in the last `days` days (today included), per form and reason that has any. */
export async function doubtsSince(db: Queryable, days: number): Promise<{ form: GuardedForm; reason: SpamReason; count: number }[]> {
  return db.query<{ form: GuardedForm; reason: SpamReason; count: number }>(
    `SELECT form, reason, sum(count)::int AS count FROM spam_guard_counts
     WHERE day > (now() AT TIME ZONE '${SITE_TIME_ZONE}')::date - $1::int
     GROUP BY form, reason`,
    [days],
  );
}
