import fp from 'fastify-plugin';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import type { Db } from '../db';
import { RateLimitedError } from '../errors';
import * as counters from '../repositories/rate-limits';

const MINUTE = 60_000;

/** A named request-rate limit: `max` requests per `timeWindow` ms, counted per client address unless `per` says otherwise. */
export interface NamedLimit extends RateLimitOptions {
  groupId: string;
  max: number;
  timeWindow: number;
  per: 'ip' | 'user' | 'email';
}

/** The caller's user id on signed-in routes (the policy hook ran first), else their address. */
function userKey(request: FastifyRequest): string {
  return request.principal ? `user:${request.principal.user.id}` : `ip:${request.ip}`;
}

/**
 * Every request-rate limit of the API, in one place (docs/decisions/api-safe-by-default.md).
 * A route declares one next to its policy: `config: { policy, rateLimit: RATE_LIMITS.signIn }`.
 * Sign-in also keeps its failure throttle per account and per address (services/auth.ts).
 */
export const RATE_LIMITS = {
  signIn: { groupId: 'sign-in', max: 30, timeWindow: MINUTE, per: 'ip' },
  recoverPerIp: { groupId: 'recover-ip', max: 10, timeWindow: 15 * MINUTE, per: 'ip' },
  /** Checked in the handler: over it, the mail is silently skipped (the answer must not tell whether the address exists). */
  recoverPerEmail: { groupId: 'recover-email', max: 3, timeWindow: 60 * MINUTE, per: 'email' },
  resendCode: { groupId: 'resend-code', max: 5, timeWindow: 60 * MINUTE, per: 'user', keyGenerator: userKey },
  readBeacon: { groupId: 'read', max: 120, timeWindow: MINUTE, per: 'ip' },
  search: { groupId: 'search', max: 60, timeWindow: MINUTE, per: 'ip' },
  /** The contact form: a person sends a few messages, not dozens. */
  contactPerIp: { groupId: 'contact-ip', max: 5, timeWindow: 10 * MINUTE, per: 'ip' },
  /** Checked in the handler, per address written in the form: over it, a 429 like the per-client limit. */
  contactPerEmail: { groupId: 'contact-email', max: 3, timeWindow: 60 * MINUTE, per: 'email' },
  /** Newsletter subscriptions, confirmations and unsubscriptions from one client address. */
  newsletterPerIp: { groupId: 'newsletter-ip', max: 20, timeWindow: 10 * MINUTE, per: 'ip' },
  /** Confirmation mails to one address (nobody floods someone else's inbox through the form). */
  newsletterPerEmail: { groupId: 'newsletter-email', max: 3, timeWindow: 60 * MINUTE, per: 'email' },
  /**
   * Forms posted to a public page without its code (routes/page-forms): every post from one client address, above
   * the limits of the API routes each form goes through (contact, newsletter), which answer first. Counted once the
   * body is read (`preHandler`), so a limited visitor's form comes back with what they typed.
   */
  pageForm: { groupId: 'page-form', max: 30, timeWindow: 10 * MINUTE, per: 'ip', hook: 'preHandler' },
} as const satisfies Record<string, NamedLimit>;

/**
 * A limit checked in a handler (one made with `app.createRateLimit`, keyed by something the body says, such as
 * an email): over it, the same 429 RATE_LIMITED answer with Retry-After as a route's own limit.
 */
export async function enforceLimit(check: ReturnType<FastifyInstance['createRateLimit']>, request: FastifyRequest): Promise<void> {
  const limit = await check(request);
  if (!limit.isAllowed && limit.isExceeded) throw new RateLimitedError(limit.ttlInSeconds);
}

/** A limit as one line of text, for the route table (test/route-policies.json). */
export function describeLimit(limit: RateLimitOptions | false | undefined): string | null {
  if (!limit) return null;
  const named = limit as Partial<NamedLimit>;
  const seconds = typeof named.timeWindow === 'number' ? named.timeWindow / 1000 : String(named.timeWindow);
  return `${named.groupId ?? 'route'}: ${String(named.max)} per ${seconds}s per ${named.per ?? 'ip'}`;
}

/** Counts every few hundred hits also sweep the windows that ended. */
const PURGE_EVERY = 500;

/** @fastify/rate-limit's store on the database: the counters are shared by every replica. */
function databaseStore(db: Db) {
  let hits = 0;
  class DatabaseStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      hits += 1;
      const purge = hits % PURGE_EVERY === 0 ? counters.purgeExpired(db) : Promise.resolve(0);
      purge
        .then(() => counters.hit(db, this.prefix + key, timeWindow))
        .then((window) => callback(null, { current: window.count, ttl: window.ttlMs }))
        .catch((err: Error) => callback(err));
    }

    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      counters
        .peek(db, this.prefix + key)
        .then((window) => callback(null, { current: window.count, ttl: window.ttlMs }))
        .catch((err: Error) => callback(err));
    }

    child(options: RateLimitOptions & { routeInfo?: { method?: unknown; url?: unknown } }): DatabaseStore {
      // Named limits carry their group in the key; an unnamed one is kept apart per route.
      if (options.groupId) return new DatabaseStore();
      const method = String(options.routeInfo?.method ?? '');
      const url = String(options.routeInfo?.url ?? '');
      return new DatabaseStore(`${method} ${url}|`);
    }
  }
  return DatabaseStore;
}

/**
 * Request-rate limits (@fastify/rate-limit) only on the routes that declare one, counted in the
 * database (or in Redis with REDIS_URL, the plugin's own store) so replicas share them; a limited
 * client gets 429, the RATE_LIMITED envelope and Retry-After.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    let skipOnError = false;
    let store: { store: NonNullable<RateLimitOptions['store']> } | { redis: Redis; nameSpace: string };
    if (app.config.redisUrl) {
      // Fail fast instead of queueing while Redis is away: the limited routes answer an error, not hang.
      const redis = new Redis(app.config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true, connectTimeout: 2000 });
      await redis.connect();
      app.addHook('onClose', async () => {
        await redis.quit();
      });
      store = { redis, nameSpace: 'vitrine-rate-' };
      // Redis away: requests go on unlimited rather than fail (fail open). Sign-in keeps its failure
      // throttle in the database (services/auth.ts), so a Redis outage opens no door to password guessing.
      skipOnError = true;
    } else {
      store = { store: databaseStore(app.db) as unknown as NonNullable<RateLimitOptions['store']> };
    }
    await app.register(rateLimit, {
      global: false,
      ...store,
      // With the database store an error is the database's own: it is a 503 DATABASE_UNAVAILABLE answer.
      skipOnError,
      errorResponseBuilder: (_request, context) => new RateLimitedError(context.ttl / 1000),
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    });
  },
  { name: 'rate-limit', dependencies: ['services'] },
);
