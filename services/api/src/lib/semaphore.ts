import { ServiceUnavailableError } from '../errors';

/**
 * At most `limit` tasks at once, at most `queue` more waiting (first come, first served); a task
 * beyond that is refused at once with 503 SERVER_BUSY and a Retry-After, rather than waiting
 * behind work the process cannot do in time. Used for password hashing and heavy public reads.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly queue: number,
    private readonly retryAfterSeconds = 2,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`semaphore limit must be a positive integer, got ${limit}`);
  }

  get active(): number {
    return this.running;
  }

  get pending(): number {
    return this.waiting.length;
  }

  /** Whether run() would be refused right now (every slot busy and the queue full). */
  get full(): boolean {
    return this.running >= this.limit && this.waiting.length >= this.queue;
  }

  /** Refuses at once (503 SERVER_BUSY) when full: lets a caller skip work that would only lead to a refusal. */
  assertRoom(): void {
    if (this.full) throw new ServiceUnavailableError('SERVER_BUSY', this.retryAfterSeconds);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.queue) throw new ServiceUnavailableError('SERVER_BUSY', this.retryAfterSeconds);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
      // Start on the event loop's next turn, not inside the I/O callback that brought the request:
      // work that holds the thread (presenting a large answer, hashing) then cannot keep the rest
      // of a burst — and the health check behind it — from being read, and refused, first.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter (running stays the same), or free it. The hand-off
      // waits for the event loop's next turn so pending I/O (a health check, a page) is served between
      // two tasks, instead of a chain of promise continuations running them back to back.
      const next = this.waiting.shift();
      if (next) setImmediate(next);
      else this.running -= 1;
    }
  }
}
