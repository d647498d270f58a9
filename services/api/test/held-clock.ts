import type { Clock } from '../src/lib/clock';

/**
 * The clock of the render's limits (lib/clock.ts; buildApp's renderClock: the render workers' time limits, the
 * smoke render's too): a timer fires only when the test fires it (or is aborted by the renderer when its render ends
 * first).
 */
export class HeldClock implements Clock {
  private timers: { ms: number; fire: () => void }[] = [];
  private waiters: { ms: number; resolve: () => void }[] = [];

  now(): number {
    return Date.now();
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = {
        ms,
        fire: () => {
          this.timers = this.timers.filter((t) => t !== timer);
          resolve();
        },
      };
      signal?.addEventListener('abort', timer.fire, { once: true });
      this.timers.push(timer);
      for (const waiter of this.waiters.filter((w) => w.ms === ms)) waiter.resolve();
      this.waiters = this.waiters.filter((w) => w.ms !== ms);
    });
  }

  every(): () => void {
    return () => undefined;
  }

  /** Resolves once a timer of `ms` is running. */
  armed(ms: number): Promise<void> {
    if (this.timers.some((t) => t.ms === ms)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ ms, resolve }));
  }

  /** Fires the running timers of `ms`; answers how many. */
  fire(ms: number): number {
    const due = this.timers.filter((t) => t.ms === ms);
    for (const timer of due) timer.fire();
    return due.length;
  }

  pending(ms: number): number {
    return this.timers.filter((t) => t.ms === ms).length;
  }
}
