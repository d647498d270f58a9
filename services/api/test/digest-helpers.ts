import type { Clock } from '../src/lib/clock';
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


/**
 * A clock the test moves (lib/clock.ts): time passes only when a sender waits (`sleep` moves it on by what was asked)
 * or when the test calls `advance`; repeating timers (the watcher, lease renewals) fire as it passes. Paces, leases
 * and their expiry are then checked without waiting for them, whatever the machine's load.
 */
export class VirtualClock implements Clock {
  private t: number;
  private timers: { due: number; period: number; fn: () => void }[] = [];

  constructor(start = Date.now()) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  sleep(ms: number): Promise<void> {
    // Whole milliseconds, as the database's timestamps of it are (a fraction would be cut off there).
    this.advance(Math.ceil(ms));
    // The waiter goes on after whatever else is ready to run (other senders' database answers).
    return new Promise((resolve) => setImmediate(resolve));
  }

  every(ms: number, fn: () => void): () => void {
    const timer = { due: this.t + ms, period: ms, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Catches up with the process's clock when behind it (rows the database dates itself, such as a published article's, are in real time). */
  catchUp(): void {
    this.advance(Math.max(0, Date.now() - this.t));
  }

  /** Moves time on by `ms`, firing each repeating timer at every period it passes, in time order. */
  advance(ms: number): void {
    const target = this.t + ms;
    for (;;) {
      const next = this.timers.reduce<(typeof this.timers)[number] | undefined>((a, b) => (!a || b.due < a.due ? b : a), undefined);
      if (!next || next.due > target) break;
      this.t = Math.max(this.t, next.due);
      next.due += next.period;
      next.fn();
    }
    this.t = target;
  }
}

/** The largest number of instants (ms) inside any one-second window [t, t + 1000). */
export function busiestSecond(instants: readonly number[]): number {
  const sorted = [...instants].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while ((sorted[end] as number) - (sorted[start] as number) >= 1000) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}
