import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from './types';

/** The longest pause between two tries for a transaction lock that another process holds. */
const MAX_PAUSE_MS = 1000;

/**
 * Takes a transaction-scoped advisory lock, however long another process holds it (its migrations, its seed, on a
 * slow machine). Not one statement that waits: the statement and read timeouts (10–11 s, docs/decisions/faults.md)
 * would end it, and the start with it. Short tries instead, pausing 50 ms doubling to 1 s between them (the
 * transaction is idle far less than its idle-in-transaction timeout).
 */
export async function advisoryXactLock(tx: Queryable, key: number): Promise<void> {
  for (let pauseMs = 50; ; pauseMs = Math.min(pauseMs * 2, MAX_PAUSE_MS)) {
    const [row] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [key]);
    if (row?.locked) return;
    await sleep(pauseMs);
  }
}
