import { uniqueKey } from '../src/lib/security';
import * as digests from '../src/repositories/digests';
import { localTime } from '../src/services/digest';
import type { TestContext } from './helpers';

type SubscriberState = 'confirmed' | 'pending' | 'cancelled' | 'suppressed';

/** A newsletter lead written directly, in the state the test needs. */
export async function addSubscriber(ctx: TestContext, email: string, state: SubscriberState = 'confirmed'): Promise<{ id: number; unique_key: string }> {
  const key = uniqueKey();
  const [row] = await ctx.db.query<{ id: number }>(
    `INSERT INTO leads (unique_key, module, email, newsletter_status, confirmed_at)
     VALUES ($1, 'newsletter', $2, $3, CASE WHEN $4 THEN now() END) RETURNING id::int AS id`,
    [key, email, state === 'pending' ? null : state === 'cancelled' ? 'cancelled' : 'active', state !== 'pending'],
  );
  if (state === 'suppressed') await ctx.db.query("INSERT INTO email_suppressions (email, reason) VALUES (lower($1), 'blacklisted')", [email]);
  return { id: row?.id as number, unique_key: key };
}

/** Settings that make the digest due now: today, from midnight, in the default time zone. */
export async function dueNow(ctx: TestContext, ratePerSecond = 50): Promise<void> {
  const local = localTime(new Date(), 'America/Sao_Paulo');
  await digests.saveSettings(ctx.db, { day: local.weekday, hour: 0, timeZone: 'America/Sao_Paulo', ratePerSecond });
}

