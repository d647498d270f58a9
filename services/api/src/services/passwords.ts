import { checkNewPassword, type NewPasswordInput } from '@vitrine/contracts';
import { actorContext } from '../db/actor';
import { BadRequestError, RateLimitedError } from '../errors';
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
  /** Checks one client (an address signing in, a signed-in user) may have running or waiting; more → 429. */
  perClient: number;
}

/**
 * scrypt hashing and checking, capped: a burst of sign-ins queues here (bounded) instead of
 * filling the thread pool and making every sign-in, and every file read, wait for the burst.
 * One client holds at most `perClient` of the places (running or waiting): a script signing in from
 * one address, or a signed-in user retrying a password form, cannot take the capacity others need.
 * The client is the address a sign-in comes from, or the signed-in staff member the request acts for.
 */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;
  private readonly slots: Semaphore;
  private readonly perClient: number;
  private readonly held = new Map<string, number>();

  constructor(
    private readonly cost: number,
    limits: HashLimits = { concurrency: 2, queue: 8, perClient: 2 },
  ) {
    this.slots = new Semaphore(limits.concurrency, limits.queue);
    this.perClient = Math.max(1, limits.perClient);
  }

  /** Hashes waiting and running (for tests and metrics). */
  get load(): { active: number; pending: number } {
    return { active: this.slots.active, pending: this.slots.pending };
  }

  /** 503 SERVER_BUSY now when a check could not even queue, 429 when this client holds its share: callers refuse before any database work. */
  assertRoom(client?: string): void {
    const key = this.clientOf(client);
    if (key !== undefined && (this.held.get(key) ?? 0) >= this.perClient) throw new RateLimitedError(1);
    this.slots.assertRoom();
  }

  hash(password: string, client?: string): Promise<string> {
    return this.run(() => hashPassword(password, this.cost), client);
  }

  verify(password: string, stored: string, client?: string): Promise<boolean> {
    return this.run(() => verifyPassword(password, stored), client);
  }

  /** Spends the same time as a real check, so an unknown email is not told apart by timing. */
  async verifyDummy(password: string, client?: string): Promise<false> {
    this.dummy ??= hashPassword('dummy-password-for-timing', this.cost);
    const dummy = await this.dummy;
    await this.run(() => verifyPassword(password, dummy), client);
    return false;
  }

  /** The given client, else the signed-in staff member the request acts for, else nobody (not capped per client). */
  private clientOf(client: string | undefined): string | undefined {
    if (client !== undefined) return client;
    const actor = actorContext.current();
    return actor ? `user:${actor.id}` : undefined;
  }

  private async run<T>(task: () => Promise<T>, client: string | undefined): Promise<T> {
    const key = this.clientOf(client);
    if (key === undefined) return this.slots.run(task);
    const held = this.held.get(key) ?? 0;
    if (held >= this.perClient) throw new RateLimitedError(1);
    this.held.set(key, held + 1);
    try {
      return await this.slots.run(task);
    } finally {
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    }
  }
}
