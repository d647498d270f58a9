import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { DatabaseUnavailableError } from '../errors';
import { isDatabaseUnavailable } from './faults';

export interface StartRetryOptions {
  /** How long to keep trying, from the first try (DB_START_WAIT_S); past it the start fails with the last error. */
  waitSeconds: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Tests move time themselves. */
  clock?: { now(): number; sleep(ms: number): Promise<void> };
}

/** The first pause between two tries, doubled after each failed one up to the last. */
export const START_RETRY_MS = { first: 1000, last: 30_000 };

const systemClock = { now: () => Date.now(), sleep: (ms: number) => sleep(ms) };

/**
 * Runs the start's database work (open, migrate, seed) until the database answers: a database that is not reachable
 * yet (starting, restarting, its network not up) is tried again after 1 s, doubling to 30 s, each failure one `warn`
 * line, for up to `waitSeconds`. Any other error (a wrong password, a database that does not exist, a failing
 * migration) ends the start at once: trying again would not change it.
 */
export async function untilDatabaseAnswers<T>(work: () => Promise<T>, options: StartRetryOptions): Promise<T> {
  const clock = options.clock ?? systemClock;
  const started = clock.now();
  for (let attempt = 1, pauseMs = START_RETRY_MS.first; ; attempt += 1, pauseMs = Math.min(pauseMs * 2, START_RETRY_MS.last)) {
    try {
      const result = await work();
      if (attempt > 1) options.log.info({ attempts: attempt }, 'database reachable: starting');
      return result;
    } catch (err) {
      if (!(err instanceof DatabaseUnavailableError) && !isDatabaseUnavailable(err)) throw err;
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
      const waitedMs = clock.now() - started;
      if (waitedMs + pauseMs > options.waitSeconds * 1000) {
        options.log.error({ attempts: attempt, waitedSeconds: Math.round(waitedMs / 1000), cause }, `database not reachable within ${options.waitSeconds} s (DB_START_WAIT_S): giving up`);
        throw err;
      }
      options.log.warn({ attempt, retryInSeconds: pauseMs / 1000, cause }, 'database not reachable at start; retrying');
      await clock.sleep(pauseMs);
    }
  }
}
