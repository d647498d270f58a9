import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isStrongPassword, isValidEmail } from '@vitrine/contracts';
import { DEFAULT_DB_TIMEOUTS, type DbTimeouts } from './db/postgres';

/** Everything the API reads from the environment, parsed once at start. */
export interface AppConfig {
  port: number;
  host: string;
  /** Repository root: the default data dir and the built front-ends are found from here. */
  rootDir: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  publicRemoteUrl: string;
  adminRemoteUrl: string;
  remotesDirAdmin: string | undefined;
  remotesDirPublic: string | undefined;
  /** RELEASES_DIR: the remotes' releases, one folder per release (docs/decisions/releases.md); unset: DATA_DIR/releases. */
  releasesDir: string | undefined;
  /** RELEASES_KEEP: releases kept per remote, newest first (the active and the previous one always); at least 2. */
  releasesKeep: number;
  /** RELEASE_DIST_AT_START: a remote's built dist/ is made its active release at start when it has none ('first'), also when it is a new build ('new', npm start), or never ('off'). */
  releaseDistAtStart: 'first' | 'new' | 'off';
  logLevel: string;
  /** scrypt cost (N). Tests lower it; production keeps the default. */
  scryptCost: number;
  /** Seed demo staff and the default SEO entry on an empty database. */
  seedDemo: boolean;
  /**
   * TRUST_PROXY, Fastify's `trustProxy`: false (default: the socket's address is the client's),
   * the proxies' addresses/CIDRs (X-Forwarded-For is believed only when it comes through these), or a
   * hop count (the nearest N hops, the socket's peer first, are proxies: for a load balancer whose
   * addresses change).
   */
  trustProxy: false | string[] | number;
  /** CORS_ORIGINS: origins allowed to call /api from a browser (none: same origin only). */
  corsOrigins: string[];
  /** CSP_EXTRA_ORIGINS: origins the site's pages may load code and data from, besides its own and the remotes'. */
  cspExtraOrigins: string[];
  /** REDIS_URL: keep the rate-limit counters in Redis instead of the database. */
  redisUrl: string | undefined;
  /** PostgreSQL connection, statement, read and idle-in-transaction timeouts (docs/decisions/faults.md). */
  dbTimeouts: DbTimeouts;
  /** Password hashes (scrypt) running at once, and waiting, before 503 SERVER_BUSY. */
  hashConcurrency: number;
  hashQueue: number;
  /** Of those, what one client (an address signing in, a signed-in user) may hold; more → 429. */
  hashPerClient: number;
  /** Heavy public reads (search, deep list pages) running at once per process, and waiting, before 503 SERVER_BUSY. */
  heavyReadConcurrency: number;
  heavyReadQueue: number;
  /** /api/ready answers 503 when SELECT 1 takes longer than this. */
  readyTimeoutMs: number;
  /** DB_REQUEST_DEADLINE_MS: all of a request's database work ends within this, else 503 DATABASE_UNAVAILABLE (db/deadline.ts). */
  dbRequestDeadlineMs: number;
  /** DB_START_WAIT_S: how long a start waits for a database that is not reachable yet before it gives up (db/start.ts). */
  dbStartWaitS: number;
  /** ANSWER_CACHE_BYTES: the cache of public answers holds at most this many bytes (every encoded copy counted). */
  answerCacheBytes: number;
  /** ANSWER_CACHE_MAX_AGE_S: a cached answer is rebuilt behind the scenes once this old (read counts change without a write). */
  answerCacheMaxAgeS: number;
  /** SITEMAP_FILE_URLS: <url> entries per sitemap file; more, and /sitemap.xml is an index of /sitemaps/<n>.xml files. */
  sitemapFileUrls: number;
  /**
   * SSR_WORKERS: the worker threads that render the public pages (the shell's and the public remote's server builds
   * run there, never on the API's thread). Default: 1 on a machine of 2 cores or fewer, else 2.
   */
  ssrWorkers: number;
  /** SSR_RENDER_TIMEOUT_MS: a page's render (waiting for a worker included) ends here; the plain shell answers it. */
  ssrRenderTimeoutMs: number;
  /** SSR_WORKER_MEMORY_MB: each render worker's V8 heap (old generation); beyond it the worker dies and is replaced. */
  ssrWorkerMemoryMb: number;
  /** JOBS=on (default): this process runs job workers and the scheduler; off: it only enqueues. */
  jobsWorkers: boolean;
  /** JOBS_SCHEMA: the PostgreSQL schema of the job engine's tables (default pgboss). */
  jobsSchema: string;
  /**
   * WEBHOOK_ALLOW_PRIVATE=1: webhooks may go to loopback, private, link-local and metadata addresses (tests, an
   * intranet's tools). Off by default: such URLs are refused when saved and again when delivering.
   */
  webhookAllowPrivate: boolean;
  /** WEBHOOK_TIMEOUT_MS: how long one delivery waits for the receiver's answer (connect included). */
  webhookTimeoutMs: number;
}

const DEFAULT_SCRYPT_COST = 16384;

/** The repository root is the folder above `services/`, whether we run from src/ or dist/ (else the working directory). */
export function repoRootFrom(start: string): string {
  const parts = path.resolve(start).split(path.sep);
  const idx = parts.lastIndexOf('services');
  if (idx > 0) return parts.slice(0, idx).join(path.sep) || path.sep;
  return process.cwd();
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function onOff(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const v = value.trim().toLowerCase();
  if (v === 'on' || v === '1' || v === 'true') return true;
  if (v === 'off' || v === '0' || v === 'false') return false;
  throw new Error(`${name} must be "on" or "off" (or 1 / 0), got "${value}"`);
}

function optional(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function releaseDistAtStart(value: string | undefined): AppConfig['releaseDistAtStart'] {
  const v = optional(value)?.toLowerCase() ?? 'first';
  if (v === 'first' || v === 'new' || v === 'off') return v;
  throw new Error(`RELEASE_DIST_AT_START must be "first", "new" or "off", got "${value}"`);
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One address or CIDR (`10.0.0.0/8`, `fd00::/8`), or a proxy-addr name (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^[0-9]{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string | undefined): false | string[] | number {
  const raw = optional(value);
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    throw new Error('TRUST_PROXY=true would believe X-Forwarded-For from anyone: give the number of proxies in front (e.g. 1) or their addresses or CIDRs (e.g. 10.0.0.0/8 or loopback)');
  }
  if (/^[0-9]+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new Error(`TRUST_PROXY=${raw}: a hop count is the number of proxies in front (1–10)`);
    return hops;
  }
  const list = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = list.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) throw new Error(`TRUST_PROXY: "${bad.join('", "')}" is neither a hop count nor an IP address or CIDR`);
  return list;
}

/**
 * Fastify's `trustProxy` for the parsed TRUST_PROXY. A hop count is given as a function: Fastify 5
 * takes a bare number as "trust nobody" (measured), while proxy-addr's (address, index) form trusts
 * the nearest N hops — index 0 is the socket's peer, the proxy in front.
 */
export function fastifyTrustProxy(trust: false | string[] | number): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** A comma list of origins (`https://shop.example.com`), each reduced to scheme://host[:port]. */
export function parseOrigins(value: string | undefined, name: string): string[] {
  const raw = optional(value);
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL;
      try {
        url = new URL(entry);
      } catch {
        throw new Error(`${name}: "${entry}" is not an origin such as https://www.example.com`);
      }
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash || entry.endsWith('/')) {
        throw new Error(`${name}: "${entry}" is not an origin such as https://www.example.com (scheme and host, no path)`);
      }
      return url.origin;
    });
}

function dbTimeouts(env: NodeJS.ProcessEnv): DbTimeouts {
  const statementMs = int(env.DB_STATEMENT_TIMEOUT_MS, DEFAULT_DB_TIMEOUTS.statementMs, 'DB_STATEMENT_TIMEOUT_MS');
  return {
    connectMs: int(env.DB_CONNECT_TIMEOUT_MS, DEFAULT_DB_TIMEOUTS.connectMs, 'DB_CONNECT_TIMEOUT_MS'),
    statementMs,
    // The client waits a second longer than the server, so a slow statement is the server's 57014 and a hang is ours.
    queryMs: int(env.DB_QUERY_TIMEOUT_MS, statementMs ? statementMs + 1000 : DEFAULT_DB_TIMEOUTS.queryMs, 'DB_QUERY_TIMEOUT_MS'),
    idleInTransactionMs: int(env.DB_IDLE_TX_TIMEOUT_MS, DEFAULT_DB_TIMEOUTS.idleInTransactionMs, 'DB_IDLE_TX_TIMEOUT_MS'),
  };
}

function schemaName(value: string, name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,49}$/.test(value)) throw new Error(`${name} must be a lower-case PostgreSQL name (letters, digits, _), got "${value}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = repoRootFrom(__dirname)): AppConfig {
  const port = int(env.PORT, 8080, 'PORT');
  const dataDir = optional(env.DATA_DIR) ?? path.join(rootDir, 'data');
  const adminEmail = optional(env.ADMIN_EMAIL);
  const adminPassword = optional(env.ADMIN_PASSWORD);
  if (adminEmail && !isValidEmail(adminEmail)) throw new Error(`ADMIN_EMAIL "${adminEmail}" is not a valid email (it needs a 2–4 letter top-level part, e.g. .com)`);
  if (adminPassword && !isStrongPassword(adminPassword)) {
    throw new Error('ADMIN_PASSWORD is weak: at least 8 characters with a number, a special character, a lowercase and an uppercase letter');
  }
  return {
    port,
    host: optional(env.HOST) ?? '0.0.0.0',
    rootDir,
    dataDir: path.resolve(rootDir, dataDir),
    databaseUrl: optional(env.DATABASE_URL),
    smtpUrl: optional(env.SMTP_URL),
    mailFrom: optional(env.MAIL_FROM) ?? 'Vitrine <no-reply@vitrine.local>',
    adminEmail,
    adminPassword,
    publicUrl: (optional(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    publicRemoteUrl: optional(env.PUBLIC_REMOTE_URL) ?? '/remotes/public/mf-manifest.json',
    adminRemoteUrl: optional(env.ADMIN_REMOTE_URL) ?? '/remotes/admin/mf-manifest.json',
    remotesDirAdmin: optional(env.REMOTES_DIR_ADMIN),
    remotesDirPublic: optional(env.REMOTES_DIR_PUBLIC),
    releasesDir: optional(env.RELEASES_DIR) && path.resolve(rootDir, optional(env.RELEASES_DIR) as string),
    releasesKeep: Math.max(2, int(env.RELEASES_KEEP, 5, 'RELEASES_KEEP')),
    releaseDistAtStart: releaseDistAtStart(env.RELEASE_DIST_AT_START),
    logLevel: optional(env.LOG_LEVEL) ?? 'info',
    scryptCost: int(env.SCRYPT_COST, DEFAULT_SCRYPT_COST, 'SCRYPT_COST'),
    seedDemo: env.SEED_DEMO !== 'false',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: parseOrigins(env.CORS_ORIGINS, 'CORS_ORIGINS'),
    cspExtraOrigins: parseOrigins(env.CSP_EXTRA_ORIGINS, 'CSP_EXTRA_ORIGINS'),
    redisUrl: optional(env.REDIS_URL),
    dbTimeouts: dbTimeouts(env),
    hashConcurrency: Math.max(1, int(env.HASH_CONCURRENCY, 2, 'HASH_CONCURRENCY')),
    hashQueue: int(env.HASH_QUEUE, 8, 'HASH_QUEUE'),
    hashPerClient: Math.max(1, int(env.HASH_PER_CLIENT, 2, 'HASH_PER_CLIENT')),
    // Embedded PGlite runs one statement at a time on the server's thread: keep its line short.
    heavyReadConcurrency: Math.max(1, int(env.HEAVY_READ_CONCURRENCY, optional(env.DATABASE_URL) ? 6 : 2, 'HEAVY_READ_CONCURRENCY')),
    heavyReadQueue: int(env.HEAVY_READ_QUEUE, optional(env.DATABASE_URL) ? 24 : 8, 'HEAVY_READ_QUEUE'),
    readyTimeoutMs: int(env.DB_READY_TIMEOUT_MS, 2000, 'DB_READY_TIMEOUT_MS'),
    dbRequestDeadlineMs: Math.max(1, int(env.DB_REQUEST_DEADLINE_MS, 8000, 'DB_REQUEST_DEADLINE_MS')),
    dbStartWaitS: int(env.DB_START_WAIT_S, 300, 'DB_START_WAIT_S'),
    answerCacheBytes: int(env.ANSWER_CACHE_BYTES, 32 * 1024 * 1024, 'ANSWER_CACHE_BYTES'),
    answerCacheMaxAgeS: int(env.ANSWER_CACHE_MAX_AGE_S, 60, 'ANSWER_CACHE_MAX_AGE_S'),
    // At most the sitemap protocol's 50 000 URLs a file.
    sitemapFileUrls: Math.min(50_000, Math.max(1, int(env.SITEMAP_FILE_URLS, 2000, 'SITEMAP_FILE_URLS'))),
    // The API's own thread keeps a core: a second render worker only where there is a third.
    ssrWorkers: Math.max(1, int(env.SSR_WORKERS, os.availableParallelism() > 2 ? 2 : 1, 'SSR_WORKERS')),
    ssrRenderTimeoutMs: Math.max(100, int(env.SSR_RENDER_TIMEOUT_MS, 5000, 'SSR_RENDER_TIMEOUT_MS')),
    ssrWorkerMemoryMb: Math.max(32, int(env.SSR_WORKER_MEMORY_MB, 128, 'SSR_WORKER_MEMORY_MB')),
    jobsWorkers: onOff(env.JOBS, true, 'JOBS'),
    jobsSchema: schemaName(optional(env.JOBS_SCHEMA) ?? 'pgboss', 'JOBS_SCHEMA'),
    webhookAllowPrivate: onOff(env.WEBHOOK_ALLOW_PRIVATE, false, 'WEBHOOK_ALLOW_PRIVATE'),
    webhookTimeoutMs: Math.max(100, int(env.WEBHOOK_TIMEOUT_MS, 10_000, 'WEBHOOK_TIMEOUT_MS')),
  };
}
