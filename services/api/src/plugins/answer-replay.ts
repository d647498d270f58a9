import fs from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { etagMatches } from '../lib/etag';
import { answerKey, LANG_COOKIE, queryOf } from './answer-cache';
import { isFilePath } from './static-site';

/**
 * The answer replay (docs/decisions/answer-cache.md, "Replay"): an answer that the answer cache or
 * the static files just sent is kept as it went out (status, every header, the body in the encoding
 * the client asked for), keyed by what it depends on in the request. The same request again is
 * answered from Fastify's first onRequest hook with those bytes, for as long as the answer stays valid,
 * without the other hooks, the negotiation and the lookups of the full path. That full path stays the only
 * place answers are made: the replay only repeats them. The request is Fastify's like any other: its id,
 * its client address (TRUST_PROXY), the access line and every onResponse hook apply.
 *
 * What the key holds, and why that is enough: the URL (its path and, when the answer's offer names the query
 * parameters it depends on, only those: the answer cache keys it so; else the query as sent), Accept (a navigation
 * gets a page, a script request a file), Accept-Encoding (the variant), the language cookie (a page's
 * language) and Origin (CORS). Answers offered here are public (their routes' policy) and do not read
 * anything else of the request; rate-limited routes offer nothing.
 */

export interface ReplayTerms {
  /** The answer may be repeated while this holds. */
  valid: () => boolean;
  /** A 304 to a request naming its ETag may be answered while this holds (default: `valid`). */
  etagValid?: () => boolean;
  /**
   * The query parameters the answer depends on: a URL of the same path that differs only in others gets the same
   * answer (the answer cache keys it so). Absent: the query string as sent.
   */
  query?: readonly string[];
}

export interface AnswerReplay {
  /** Offers the answer being sent on this reply (its body exactly as sent) on these terms. */
  offer(reply: FastifyReply, body: Buffer, terms: ReplayTerms): void;
  stats(): { hits: number; entries: number; bytes: number };
  clear(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    answerReplay: AnswerReplay;
  }
}

interface Offer extends ReplayTerms {
  body: Buffer;
  /** The Content-Encoding the body is in (a file: by its name), checked against the header that went out. */
  encoding?: string;
}

interface Recorded {
  statusCode: number;
  headers: OutgoingHttpHeaders;
  /** The headers of a 304 to a matching If-None-Match: those of NOT_MODIFIED_HEADERS the answer had. */
  notModified: OutgoingHttpHeaders;
  etag: string | undefined;
  body: Buffer;
  valid: () => boolean;
  etagValid: () => boolean;
}

/** Headers of one exchange, not of the answer. */
const PER_EXCHANGE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
/**
 * What a replayed 304 carries (RFC 9110 §15.4.5: the fields a 200 would have had that guide the cache's update;
 * a 304 SHOULD NOT carry others): the client keeps every other header of the answer it stored, security headers
 * included. CORS' fields stay so a cross-origin revalidation reads as the stored answer did. Half the headers of
 * a revalidation's bytes and time (docs/performance.md).
 */
const NOT_MODIFIED_HEADERS = new Set([
  'cache-control',
  'content-location',
  'etag',
  'expires',
  'vary',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
]);
/** Per record, besides its body: the key and the headers (a rough figure). */
const RECORD_OVERHEAD = 1024;
/** Paths whose answers' query parameters are known (see `kept`): the most recently answered. */
const MAX_PATHS = 10_000;

function keyOf(request: IncomingMessage | FastifyRequest, url: string): string {
  const headers = request.headers;
  const cookie = headers.cookie;
  const lang = cookie === undefined ? '' : (LANG_COOKIE.exec(cookie)?.[1] ?? '');
  return `${headers['accept-encoding'] ?? ''}\n${headers.accept ?? ''}\n${lang}\n${headers.origin ?? ''}\n${url}`;
}

/**
 * `url` as the answer cache keys it when `names` are the query parameters its answer depends on (answerKey: only
 * those, sorted): `/?n=1` → `/`, `/blog?x=1&page=2` → `/blog?page=2`. The same normalization the cache builds the
 * answer from, so a URL that normalizes the same gets the same answer.
 */
function kept(url: string, names: readonly string[]): string {
  return url.includes('?') ? answerKey(url, queryOf(url), names) : url;
}

/** A built file stays what was read while its inode, size and mtime do (a redeploy writes new files or new contents). */
function unchanged(file: string, seen: fs.Stats): () => boolean {
  return () => {
    const now = fs.statSync(file, { throwIfNoEntry: false });
    return now !== undefined && now.ino === seen.ino && now.size === seen.size && now.mtimeMs === seen.mtimeMs;
  };
}

export interface AnswerReplayOptions {
  /** Bytes of the recorded bodies (answers of the answer cache share theirs with it: counted twice, a safe bound). */
  maxBytes: number;
}

export default fp<AnswerReplayOptions>(
  async function answerReplay(app: FastifyInstance, options: AnswerReplayOptions) {
    const records = new LRUCache<string, Recorded>({
      maxSize: Math.max(1, options.maxBytes),
      maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 4)),
      sizeCalculation: (record, key) => record.body.length + key.length + RECORD_OVERHEAD,
    });
    const offers = new WeakMap<FastifyReply, Offer>();
    /** Per path, the query parameters its answers depend on (learnt from the offers): the others are left out of a key. */
    const queries = new LRUCache<string, readonly string[]>({ max: MAX_PATHS });
    let hits = 0;

    let closing = false;
    app.addHook('preClose', (done) => {
      // Requests arriving while closing go the full path (503 SHUTTING_DOWN, connection closed).
      closing = true;
      done();
    });

    /** The record that answers this request now, and whether with a 304, if any. */
    const find = (req: IncomingMessage): { record: Recorded; notModified: boolean } | undefined => {
      const method = req.method;
      if ((method !== 'GET' && method !== 'HEAD') || req.headers.range !== undefined) return undefined;
      const ifNoneMatch = req.headers['if-none-match'];
      // A date-only revalidation is left to the full path (the replay compares ETags only).
      if (ifNoneMatch === undefined && req.headers['if-modified-since'] !== undefined) return undefined;
      const url = req.url ?? '';
      let record = records.get(keyOf(req, url));
      if (record === undefined) {
        // A parameter the answer does not depend on (`/?utm_source=…`, a cache-buster) shares the answer without it.
        const at = url.indexOf('?');
        const names = at === -1 ? undefined : queries.get(url.slice(0, at));
        const known = names === undefined ? url : kept(url, names);
        if (known !== url) record = records.get(keyOf(req, known));
      }
      if (record === undefined) return undefined;
      // Not valid now may be valid again (the full path renews an answer of the cache); a newer answer replaces it.
      if (ifNoneMatch !== undefined && record.etag !== undefined && etagMatches(ifNoneMatch, record.etag)) {
        return record.etagValid() ? { record, notModified: true } : undefined;
      }
      return record.valid() ? { record, notModified: false } : undefined;
    };

    const write = (req: IncomingMessage, res: ServerResponse, { record, notModified }: { record: Recorded; notModified: boolean }): void => {
      hits += 1;
      if (notModified) {
        res.writeHead(304, record.notModified);
        res.end();
        return;
      }
      res.writeHead(record.statusCode, record.headers);
      res.end(req.method === 'HEAD' ? undefined : record.body);
    };

    // Registered before every other plugin (app.ts), so this is the first onRequest hook: a hit is written here and
    // the reply hijacked; Fastify then logs the access line and runs the onResponse hooks when it has gone out.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const found = closing ? undefined : find(request.raw);
      if (found === undefined) return done();
      reply.hijack();
      write(request.raw, reply.raw, found);
      done();
    });

    // A built file sent whole by the static files (@fastify/static streams it from disk): read once and sent
    // as that buffer, offered with those bytes, valid while the file is the same one (hashed chunks never change).
    // As a buffer, a file under 1 KiB (the build writes no .br/.gz for it) is no longer compressed on the fly
    // by @fastify/compress (its threshold cannot see a stream's length).
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
      if (payload instanceof fs.ReadStream && request.method === 'GET' && reply.statusCode === 200 && isFilePath(request.url)) {
        // The range read (fs.createReadStream's start and end, which its typings leave out): whole files only.
        const { start, end } = payload as fs.ReadStream & { start?: number; end?: number };
        const file = String(payload.path);
        try {
          const stat = fs.statSync(file);
          if ((start ?? 0) === 0 && (end === undefined || end === stat.size - 1)) {
            const body = fs.readFileSync(file);
            if (body.length === stat.size) {
              const immutable = String(reply.getHeader('cache-control') ?? '').includes('immutable');
              // A file sent as it is may still be compressed on the way out (@fastify/compress, a route hook that
              // runs after this one): then what went out is not this body, and onResponse sees it by its header.
              const encoding = file.endsWith('.br') ? 'br' : file.endsWith('.gz') ? 'gzip' : 'identity';
              // A compressed copy stands for the file beside it: valid while both are what they were (a redeploy that
              // changes the plain file and leaves the copy makes the copy stale: lib/fresh-precompressed.ts).
              const plain = encoding === 'identity' ? undefined : file.slice(0, -3);
              const plainStat = plain === undefined ? undefined : fs.statSync(plain, { throwIfNoEntry: false });
              const same = unchanged(file, stat);
              const samePlain = plain !== undefined && plainStat !== undefined ? unchanged(plain, plainStat) : () => true;
              offers.set(reply, { body, valid: immutable ? () => true : () => same() && samePlain(), encoding });
              // The stream opens its file on its own, later: if the file is gone by then (a redeploy), that late
              // error belongs to nobody (the body is already read), so it must not become an uncaught one.
              payload.on('error', () => undefined);
              payload.destroy();
              return done(null, body);
            }
          }
        } catch {
          // gone or unreadable meanwhile: sent by the full path, not recorded
        }
      }
      done(null, payload);
    });

    // Recorded once it has gone out, with every header the full path gave it (security headers included).
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const offer = offers.get(reply);
      if (offer !== undefined && request.method === 'GET' && !request.routeOptions.config.rateLimit && reply.statusCode !== 304) {
        const headers: OutgoingHttpHeaders = {};
        const notModified: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value === undefined || PER_EXCHANGE.has(name)) continue;
          headers[name] = value;
          if (NOT_MODIFIED_HEADERS.has(name)) notModified[name] = value;
        }
        if (offer.encoding !== undefined && offer.encoding !== String(headers['content-encoding'] ?? 'identity')) return done();
        headers['content-length'] = offer.body.length;
        const etag = headers.etag === undefined ? undefined : String(headers.etag);
        let url = request.url;
        if (offer.query !== undefined) {
          queries.set(url.split('?', 1)[0] ?? url, offer.query);
          url = kept(url, offer.query);
        }
        records.set(keyOf(request, url), { statusCode: reply.statusCode, headers, notModified, etag, body: offer.body, valid: offer.valid, etagValid: offer.etagValid ?? offer.valid });
      }
      done();
    });

    app.decorate('answerReplay', {
      offer: (reply, body, terms) => offers.set(reply, { ...terms, body }),
      stats: () => ({ hits, entries: records.size, bytes: records.calculatedSize }),
      clear: () => records.clear(),
    } satisfies AnswerReplay);
  },
  { name: 'answer-replay' },
);
