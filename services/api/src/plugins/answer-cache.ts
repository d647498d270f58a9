import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import { Negotiator } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAM, normalizeLocale, type Locale } from '@vitrine/contracts';
import { etagMatches } from '../lib/etag';
import { createVersionFeed, type VersionFeed } from '../services/content-version-feed';

/** One public answer as its builder makes it, before it is encoded. */
export interface Answer {
  statusCode: number;
  contentType: string;
  body: string | Buffer;
}

export interface ServeOptions {
  /** What the answer depends on besides the content version: path, known parameters, language (see answerKey). */
  key: string;
  /**
   * For an answer that any other query parameter leaves the same (a page, a feed), the parameters it depends on
   * (those the key keeps, `lang` where the language is the request's): the answer replay repeats it for a URL that
   * adds others. Absent: a URL with another parameter is not the same request (the API's JSON reads refuse them).
   */
  query?: readonly string[];
  /** Cache-Control of the answer (and of its 304). */
  cacheControl: string;
  /** Request headers the answer varies on besides Accept-Encoding (a page: Cookie, its language). */
  vary?: string;
  /** Runs once per key and content version (single flight); undefined: not ours, nothing is sent. Throws: not cached. */
  build: () => Promise<Answer | undefined>;
}

export interface AnswerCache {
  /**
   * Sends the answer for `key` at the current content version: 304 when If-None-Match names it (before
   * any lookup or query), else the stored variant the client accepts (identity, gzip, br), built on a
   * miss by one `build` shared by every concurrent request. Resolves false when build said "not ours".
   */
  serve(request: FastifyRequest, reply: FastifyReply, options: ServeOptions): Promise<boolean>;
  readonly versions: VersionFeed;
  /** Bytes held (every variant counted) and entries. */
  stats(): { bytes: number; entries: number; builds: number };
  /** Resolves once the builds and the compressed copies under way (a rebuild behind an old answer too) are done. */
  idle(): Promise<void>;
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
  }
}

interface Entry {
  token: string;
  etag: string | undefined;
  statusCode: number;
  contentType: string;
  cacheControl: string;
  identity: Buffer;
  /** The compressed copies made so far (see `variant`); null: not smaller than the identity, sent as it is. */
  encoded: Partial<Record<Compressed, Encoded | null>>;
  /** Copies being made, one at a time per encoding. */
  encoding: Partial<Record<Compressed, Promise<Encoded | null>>>;
  builtAt: number;
  /** Until when the answer replay may repeat this answer without this path looking at the key again. */
  replayUntil: number;
}

type Encoding = 'br' | 'gzip' | 'identity';
type Compressed = Exclude<Encoding, 'identity'>;

interface Encoded {
  body: Buffer;
  /** Made at the best setting; else at the fast one, replaced by the best when the answer is asked again. */
  best: boolean;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller bodies are sent as they are (a compressed copy would barely be smaller than its headers). */
const COMPRESS_MIN_BYTES = 256;
/**
 * How long a sent answer is repeated by the answer replay without passing here again: the key's other
 * inputs that live outside the content version (a redeployed shell or server build, an answer rebuilt
 * for its age) are looked at again at least this often.
 */
const REPLAY_MS = 1000;
/** Best copies waiting to be made, at most (see improve). */
const BEST_QUEUE = 64;
/** Per entry, besides its bytes: the key, the ETag and the object (a rough figure, so many tiny entries count too). */
const ENTRY_OVERHEAD = 512;

/**
 * A copy is made when a client first asks for its encoding, at a fast setting (brotli 4, gzip 6: a few ms for a
 * 50 KB page), and again at the best one (brotli 11, gzip 9: 17 % smaller for brotli, but 35 ms on a quiet machine
 * and several times that on a busy one) in the background when the answer is asked again. A page asked once (a
 * crawler walking the archive, a visitor right after a content change) never pays for the best copy; one asked
 * twice soon has it. The bytes it encodes are the same, so is the ETag.
 */
function compress(encoding: Compressed, body: Buffer, best: boolean): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, { level: best ? 9 : 6 });
  return brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

function sizeOf(entry: Entry, key: string): number {
  return entry.identity.length + (entry.encoded.br?.body.length ?? 0) + (entry.encoded.gzip?.body.length ?? 0) + key.length * 2 + ENTRY_OVERHEAD;
}

/**
 * The cache key of a request: its path and, of its query, only the `known` parameters, sorted (an unknown
 * `?anything=N` shares the plain entry), plus `extra` (the language of a page). `query` is the route's
 * validated query (defaults applied, so `?page=1` and no page share one entry) or queryOf(url).
 */
export function answerKey(url: string, query: Record<string, unknown>, known: readonly string[] = [], extra = ''): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const kept = new URLSearchParams();
  for (const name of [...known].sort()) {
    const value = query[name];
    if (value !== undefined && value !== null && value !== '') kept.set(name, String(value));
  }
  const qs = kept.toString();
  const base = qs ? `${path}?${qs}` : path;
  return extra ? `${extra}|${base}` : base;
}

/** The query of a URL as plain values (the first of a repeated name). */
export function queryOf(url: string): Record<string, string> {
  const at = url.indexOf('?');
  const query: Record<string, string> = {};
  if (at === -1) return query;
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) if (!(name in query)) query[name] = value;
  return query;
}

export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';
const JSON_TYPE = 'application/json; charset=utf-8';

/** Search words are keyed as the search reads them: trimmed, runs of spaces as one. */
export function normalizeSearch(q: string): string {
  return q.trim().replace(/\s+/g, ' ');
}

/**
 * A public JSON read through the answer cache: keyed by the path and the route's `known` query
 * parameters (as validated), `{ data }` serialized by the route's response schema, stored with the
 * gzip and brotli copies clients ask for. Errors (404 for an unknown slug) take the usual path and are not cached.
 * `language`: the answer is in the request's language (category names): the key gets the language the request
 * states (`?lang=`, else the vt_lang cookie, else pt-BR; `?lang=en` and `?lang=en-US` share one entry) and the
 * answer varies on Cookie.
 */
export async function servePublicJson(
  request: FastifyRequest,
  reply: FastifyReply,
  known: readonly string[],
  load: () => Promise<unknown>,
  options: { language?: Locale } = {},
): Promise<void> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  await request.server.answerCache.serve(request, reply, {
    key: answerKey(
      request.url,
      typeof query.q === 'string' ? { ...query, q: normalizeSearch(query.q) } : query,
      known.filter((name) => name !== LANGUAGE_QUERY_PARAM),
      options.language ? `lang=${options.language}` : '',
    ),
    cacheControl: PUBLIC_CACHE_CONTROL,
    ...(options.language ? { vary: 'cookie' } : {}),
    build: async () => ({ statusCode: 200, contentType: JSON_TYPE, body: reply.serialize({ data: await load() }) as string }),
  });
}

/** The `vt_lang` cookie's value in a Cookie header (group 1). */
export const LANG_COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/**
 * The language a request states: a supported `?lang=`, else a supported `vt_lang` cookie (the visitor's choice,
 * which the browser sends to the site's own origin), else null. Anything else is ignored, never an error.
 */
export function statedLanguage(request: FastifyRequest): Locale | null {
  const at = request.url.indexOf('?');
  const fromQuery = at === -1 ? null : new URLSearchParams(request.url.slice(at + 1)).get(LANGUAGE_QUERY_PARAM);
  const cookie = LANG_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  let fromCookie: string | undefined;
  try {
    fromCookie = cookie === undefined ? undefined : decodeURIComponent(cookie);
  } catch {
    fromCookie = undefined;
  }
  return normalizeLocale(fromQuery) ?? normalizeLocale(fromCookie);
}

/** The language of a rendered page (and of a visitor's form): `?lang=`, else the `vt_lang` cookie, else pt-BR. */
export function requestLanguage(request: FastifyRequest): Locale {
  return statedLanguage(request) ?? DEFAULT_LOCALE;
}

/** Weak ETag from the version token and the key: a revalidation is answered without the entry, let alone a query. */
function etagOf(token: string, key: string): string {
  return `W/"v${token}-${createHash('sha1').update(key).digest('base64url').slice(0, 16)}"`;
}

export interface AnswerCacheOptions {
  /** Bytes of every stored variant together (ANSWER_CACHE_BYTES). */
  maxBytes: number;
  /** An answer is rebuilt in the background once this old, same version (read counts change without a write). */
  maxAgeMs: number;
}

/**
 * The cache of public answers (docs/decisions/answer-cache.md): per process, keyed by path + known
 * parameters + language, valid for one content version (kept in memory by the version feed), each
 * answer stored once with the compressed copies clients ask for (fast, then best when asked again), bounded in bytes by an LRU.
 */
export default fp<AnswerCacheOptions>(
  async function answerCachePlugin(app: FastifyInstance, options: AnswerCacheOptions) {
    const versions = await createVersionFeed({ db: app.db, log: app.log });
    const entries = new LRUCache<string, Entry>({
      maxSize: Math.max(1, options.maxBytes),
      // One answer may take at most a quarter of the budget: a huge one is served, not stored.
      maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 4)),
      sizeCalculation: sizeOf,
    });
    const building = new Map<string, Promise<Entry | undefined>>();
    // Browsers send a handful of distinct Accept-Encoding values; the memo of their answers stays small.
    const negotiator = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'], cache: new LRUCache<string, string>({ max: 64 }) });
    let builds = 0;

    const buildEntry = (key: string, token: string, options: ServeOptions): Promise<Entry | undefined> => {
      const flight = `${token}|${key}`;
      const running = building.get(flight);
      if (running) return running;
      const promise = (async () => {
        builds += 1;
        const answer = await options.build();
        if (!answer) return undefined;
        const identity = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
        const entry: Entry = {
          token,
          etag: answer.statusCode === 200 ? etagOf(token, key) : undefined,
          statusCode: answer.statusCode,
          contentType: answer.contentType,
          cacheControl: options.cacheControl,
          identity,
          encoded: {},
          encoding: {},
          builtAt: Date.now(),
          replayUntil: 0,
        };
        // A newer version may have been stored meanwhile (this build started before a change): keep that one.
        const stored = entries.get(key, { updateAgeOnGet: false });
        if (!stored || stored.token === token || (await versions.current()) === token) entries.set(key, entry);
        return entry;
      })().finally(() => building.delete(flight));
      building.set(flight, promise);
      return promise;
    };

    /** Best copies waiting or being made (one at a time), and the end of that queue. */
    let improving = 0;
    let bestQueue: Promise<void> = Promise.resolve();

    /** The entry's copy in `encoding`, made now at the fast setting if it has none (one make per copy at a time). */
    const variant = (key: string, entry: Entry, encoding: Compressed): Promise<Encoded | null> | Encoded | null => {
      const made = entry.encoded[encoding];
      if (made !== undefined) return made;
      if (entry.identity.length < COMPRESS_MIN_BYTES) return (entry.encoded[encoding] = null);
      return (entry.encoding[encoding] ??= compress(encoding, entry.identity, false)
        .then(
          (body) => {
            const copy = body.length < entry.identity.length ? { body, best: false } : null;
            entry.encoded[encoding] = copy;
            resize(key, entry);
            return copy;
          },
          // Sent as it is this time; the next request tries again.
          (err: unknown) => {
            app.log.warn({ err, key }, 'answer compression failed; sent uncompressed');
            return null;
          },
        )
        .finally(() => delete entry.encoding[encoding]));
    };

    /**
     * Asked again: the fast copy is replaced by the best one in the background (the fast one is sent meanwhile).
     * Best copies are made one at a time: the thread pool serves first come first served, and a crawler asking a
     * few hundred pages again would otherwise queue the fast copies of new misses behind their brotli 11 (p99 1.3 s
     * where it is 40 ms). At most BEST_QUEUE wait; an answer asked while the queue is full is improved at a later ask.
     */
    const improve = (request: FastifyRequest, key: string, entry: Entry, encoding: Compressed, copy: Encoded): void => {
      if (copy.best || entry.encoding[encoding] !== undefined || improving >= BEST_QUEUE) return;
      improving += 1;
      const making = bestQueue
        .then(async () => {
          // Evicted or replaced by a newer answer while it waited: nobody will send this copy.
          if (entries.peek(key) !== entry) return copy;
          const body = await compress(encoding, entry.identity, true);
          const best = body.length < copy.body.length ? { body, best: true } : { ...copy, best: true };
          entry.encoded[encoding] = best;
          resize(key, entry);
          return best;
        })
        .catch((err: unknown) => {
          request.log.warn({ err, key }, 'answer compression at the best setting failed; the fast copy stays');
          return copy;
        })
        .finally(() => {
          improving -= 1;
          delete entry.encoding[encoding];
        });
      entry.encoding[encoding] = making;
      bestQueue = making.then(() => undefined);
    };

    /**
     * A copy added to a stored entry counts in the bound: the LRU measures an entry when it is set, and not again
     * when the same object is set, so it is taken out and set again.
     */
    const resize = (key: string, entry: Entry): void => {
      if (entries.peek(key) !== entry) return;
      entries.delete(key);
      entries.set(key, entry);
    };

    const send = async (request: FastifyRequest, reply: FastifyReply, key: string, query: readonly string[] | undefined, entry: Entry, vary: string, again: boolean) => {
      const encoding = (negotiator.negotiate(request.headers['accept-encoding'] ?? '') ?? 'identity') as Encoding;
      let body = entry.identity;
      if (encoding !== 'identity') {
        const copy = await variant(key, entry, encoding);
        if (copy) {
          body = copy.body;
          if (again) improve(request, key, entry, encoding, copy);
        }
      }
      void reply.code(entry.statusCode).header('cache-control', entry.cacheControl).header('vary', vary).type(entry.contentType);
      if (entry.etag) void reply.header('etag', entry.etag);
      // Sent as stored: @fastify/compress leaves an answer with a Content-Encoding alone.
      if (body !== entry.identity) void reply.header('content-encoding', encoding);
      // The same request again is answered from the replay while the version holds, this entry is the
      // key's, and this path has looked at the key within REPLAY_MS (a 200 or a 304 here renews it).
      entry.replayUntil = Date.now() + REPLAY_MS;
      // A 304 needs only the ETag (the version and the key): an answer rebuilt for its age, same version, still
      // names this one's, so revalidations stay replayed while this path keeps renewing the key's current entry.
      app.answerReplay.offer(reply, body, {
        valid: () => Date.now() < entry.replayUntil && versions.peek() === entry.token && entries.peek(key) === entry,
        etagValid: () => {
          const current = entries.peek(key);
          return current !== undefined && current.token === entry.token && Date.now() < current.replayUntil && versions.peek() === entry.token;
        },
        query,
      });
      return reply.send(body);
    };

    const cache: AnswerCache = {
      versions,
      async serve(request, reply, serveOptions) {
        const { key, query } = serveOptions;
        const vary = serveOptions.vary ? `accept-encoding, ${serveOptions.vary}` : 'accept-encoding';
        const token = await versions.current();
        const ifNoneMatch = request.headers['if-none-match'];
        const etag = ifNoneMatch ? etagOf(token, key) : '';
        if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) {
          // Revalidations keep the replay of this key's current answer going (its 304 is replayed too).
          const current = entries.peek(key);
          if (current?.token === token) current.replayUntil = Date.now() + REPLAY_MS;
          await reply.code(304).header('etag', etag).header('cache-control', serveOptions.cacheControl).header('vary', vary).send();
          return true;
        }
        const stored = entries.get(key);
        // A stored answer of this version is being asked again (its compressed copies get their best setting).
        const again = stored?.token === token;
        let entry = stored;
        if (entry && again) {
          // Same version but old (read counts, popular sections): this one is sent, a fresh one built behind it.
          if (Date.now() - entry.builtAt > options.maxAgeMs) {
            buildEntry(key, token, serveOptions).catch((err: unknown) => request.log.warn({ err, key }, 'answer rebuild failed; the previous one stays'));
          }
        } else {
          // A new version: every request waits for the one build (none gets the answer of before the change).
          entry = await buildEntry(key, token, serveOptions);
          if (!entry) return false;
        }
        await send(request, reply, key, query, entry, vary, again);
        return true;
      },
      stats: () => ({ bytes: entries.calculatedSize, entries: entries.size, builds }),
      idle: async () => {
        while (building.size > 0 || improving > 0) {
          await Promise.allSettled([...building.values()]);
          await bestQueue;
        }
      },
      clear: () => {
        entries.clear();
        app.answerReplay.clear();
      },
    };
    app.decorate('answerCache', cache);

    // A staff member reads their own write at once on this process, even before the notification
    // arrives on the listening connection (other processes hear it within milliseconds).
    app.addHook('onSend', async (request, reply, payload) => {
      const write = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
      if (write && request.headers.authorization && reply.statusCode < 400) await versions.refresh();
      return payload;
    });
    app.addHook('onClose', async () => {
      await versions.close();
    });
  },
  { name: 'answer-cache', dependencies: ['services', 'answer-replay'] },
);
