import { setTimeout as delay } from 'node:timers/promises';

/**
 * Time as the work that paces itself sees it (the digest's sender): what time it is, waiting, and a repeating
 * timer. The process's clock in production; tests hand in a clock they move themselves, so that a pace, a lease
 * and its expiry are checked without waiting for them.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`, or at once when `signal` is aborted (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Calls `fn` every `ms` until the answered function is called (the timer never keeps the process alive). */
  every(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(Math.max(0, ms), undefined, signal ? { signal } : undefined).catch(() => undefined),
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};
