import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { CONTENT_CHANNEL, snapshot, type ContentSnapshot } from '../repositories/content-version';

export interface VersionFeedOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** While not listening (no LISTEN, or its connection is lost), the version in memory is re-read after this long. */
  fallbackMs?: number;
  /** A scheduled post counts as live this long after its instant (the database's clock decides; the process's may be ahead). */
  skewMs?: number;
}

export interface VersionFeed {
  /**
   * What the public answers depend on, from memory: `<version>-<latest publish instant passed, base 36>`. No query:
   * a notification re-reads it once for everyone; only while not listening does a caller start a
   * background re-read (at most one per `fallbackMs`), and it still answers at once from what is known.
   */
  current(): Promise<string>;
  /**
   * The same token when memory alone can tell it now (no notification waiting to be applied, no re-read
   * or scheduled instant due), else undefined: the caller then asks current(). The answer replay's test.
   */
  peek(): string | undefined;
  /** Re-reads now (after a write in this process, so its author reads their own write). */
  refresh(): Promise<void>;
  listening(): boolean;
  close(): Promise<void>;
}

export const FALLBACK_MS = 1000;
export const SKEW_MS = 1000;
const START_WAIT_MS = 2000;

/**
 * The content version kept in memory (docs/decisions/answer-cache.md). Every content write bumps it
 * and notifies in the same transaction (repositories/content-version.ts); each process LISTENs
 * (PostgreSQL: a dedicated connection, reconnected when lost; PGlite: in-process) and re-reads the
 * version and the scheduled instants once per notification. A scheduled post goes live without a
 * write: the next publish instant is known, and passing it changes the token by itself.
 */
export async function createVersionFeed(options: VersionFeedOptions): Promise<VersionFeed> {
  const { db, log } = options;
  const fallbackMs = options.fallbackMs ?? FALLBACK_MS;
  const skewMs = options.skewMs ?? SKEW_MS;
  /** Unknown until the first read succeeds (schema '' takes every notification as ours meanwhile). */
  let state: ContentSnapshot = { schema: '', version: -1, liveAt: null, nextAt: null };
  let listening = false;
  /** When the version in memory is to be re-read at the latest (Infinity while listening). */
  let recheckAt = 0;
  /** A notification arrived and its re-read has not been applied yet: callers wait for it (no old answer after a write). */
  let dirty = false;
  let inflight: Promise<void> | undefined;
  let again = false;

  const apply = (next: ContentSnapshot) => {
    // Same version: a scheduled instant this process already passed stays passed (the database's clock may lag).
    const liveAt = next.version === state.version ? Math.max(next.liveAt ?? 0, state.liveAt ?? 0) || null : next.liveAt;
    const nextAt = next.nextAt !== null && liveAt !== null && next.nextAt <= liveAt ? null : next.nextAt;
    state = { ...next, liveAt, nextAt };
    recheckAt = listening ? Infinity : Date.now() + fallbackMs;
    // The database has not yet seen a scheduled instant that this process passed: ask again shortly.
    if (next.nextAt !== null && nextAt === null) recheckAt = Math.min(recheckAt, Date.now() + skewMs);
  };

  const refresh = (): Promise<void> => {
    if (inflight) {
      again = true;
      return inflight;
    }
    inflight = (async () => {
      try {
        do {
          again = false;
          apply(await snapshot(db));
        } while (again);
        dirty = false;
      } catch (err) {
        // The database is away: keep answering from what is known, and try again later.
        dirty = false;
        recheckAt = Date.now() + fallbackMs;
        log.warn({ err }, 'content version re-read failed; answering from the version in memory');
      } finally {
        inflight = undefined;
      }
    })();
    return inflight;
  };

  // The first read, waited for a short while only: a database that hangs at start must not hang the
  // start (requests then answer with the version unknown until a read succeeds, re-tried every second).
  let startWait: NodeJS.Timeout | undefined;
  await Promise.race([refresh(), new Promise<void>((resolve) => (startWait = setTimeout(resolve, START_WAIT_MS)))]);
  clearTimeout(startWait);

  const stop = db.listen
    ? await db.listen(CONTENT_CHANNEL, {
        notify(payload) {
          const [schema] = payload.split(' ', 1);
          if (state.schema && schema !== state.schema) return;
          dirty = true;
          void refresh();
        },
        state(now) {
          listening = now;
          // Whatever was notified while the connection was down is read now (LISTEN is already in place).
          if (now) void refresh();
          else recheckAt = Date.now();
        },
      })
    : undefined;

  const token = () => (state.version < 0 ? 'x' : `${state.version}-${(state.liveAt ?? 0).toString(36)}`);

  return {
    async current() {
      if (dirty && inflight) await inflight;
      const now = Date.now();
      if (state.nextAt !== null && now >= state.nextAt + skewMs) {
        state = { ...state, liveAt: state.nextAt, nextAt: null };
        void refresh();
      } else if (now >= recheckAt) {
        recheckAt = now + fallbackMs;
        void refresh();
      }
      return token();
    },
    peek() {
      if (dirty || state.version < 0) return undefined;
      const now = Date.now();
      if ((state.nextAt !== null && now >= state.nextAt + skewMs) || now >= recheckAt) return undefined;
      return token();
    },
    refresh,
    listening: () => listening,
    async close() {
      // A read still running is left to end (or time out) by itself: a hung database must not hang the shutdown.
      await stop?.();
    },
  };
}
