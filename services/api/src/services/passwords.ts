import { checkNewPassword, type NewPasswordInput } from '@vitrine/contracts';
import { BadRequestError } from '../errors';
import { Semaphore } from '../lib/semaphore';
import { hashPassword, verifyPassword } from '../lib/security';

/** Applies the contracts' password rules; throws the matching 400 error. */
export function assertNewPassword(input: NewPasswordInput, requireCurrent: boolean): void {
  const problem = checkNewPassword(input, requireCurrent);
  if (problem) throw new BadRequestError(problem);
}

export interface HashLimits {
  /** scrypt runs at most this many at once (it uses libuv's 4-thread pool, shared with fs and zlib). */
  concurrency: number;
  /** More waiting than this → 503 SERVER_BUSY at once. */
  queue: number;
}

/**
 * scrypt hashing and checking, capped: a burst of sign-ins queues here (bounded) instead of
 * filling the thread pool and making every sign-in, and every file read, wait for the burst.
 */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;
  private readonly slots: Semaphore;

  constructor(
    private readonly cost: number,
    limits: HashLimits = { concurrency: 2, queue: 8 },
  ) {
    this.slots = new Semaphore(limits.concurrency, limits.queue);
  }

  /** Hashes waiting and running (for tests and metrics). */
  get load(): { active: number; pending: number } {
    return { active: this.slots.active, pending: this.slots.pending };
  }

  /** 503 SERVER_BUSY now when a check could not even queue: callers refuse before any database work. */
  assertRoom(): void {
    this.slots.assertRoom();
  }

  hash(password: string): Promise<string> {
    return this.slots.run(() => hashPassword(password, this.cost));
  }

  verify(password: string, stored: string): Promise<boolean> {
    return this.slots.run(() => verifyPassword(password, stored));
  }

  /** Spends the same time as a real check, so an unknown email is not told apart by timing. */
  async verifyDummy(password: string): Promise<false> {
    this.dummy ??= hashPassword('dummy-password-for-timing', this.cost);
    const dummy = await this.dummy;
    await this.slots.run(() => verifyPassword(password, dummy));
    return false;
  }
}
