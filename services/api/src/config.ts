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
  logLevel: string;
  /** scrypt cost (N). Tests lower it; production keeps the default. */
  scryptCost: number;
  /** Seed demo staff and the default SEO entry on an empty database. */
  seedDemo: boolean;
  /** PostgreSQL connection, statement, read and idle-in-transaction timeouts (docs/decisions/faults.md). */
  dbTimeouts: DbTimeouts;
  /** Password hashes (scrypt) running at once, and waiting, before 503 SERVER_BUSY. */
  hashConcurrency: number;
  hashQueue: number;
  /** Heavy public reads (search, deep list pages) running at once per process, and waiting, before 503 SERVER_BUSY. */
  heavyReadConcurrency: number;
  heavyReadQueue: number;
  /** /api/ready answers 503 when SELECT 1 takes longer than this. */
  readyTimeoutMs: number;
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

function optional(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = repoRootFrom(__dirname)): AppConfig {
  const port = int(env.PORT, 8080, 'PORT');
  const dataDir = optional(env.DATA_DIR) ?? path.join(rootDir, 'data');
  const adminEmail = optional(env.ADMIN_EMAIL);
  const adminPassword = optional(env.ADMIN_PASSWORD);
  if (adminEmail && !isValidEmail(adminEmail)) throw new Error(`ADMIN_EMAIL "${adminEmail}" is not a valid email (SPEC §5 rule)`);
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
    logLevel: optional(env.LOG_LEVEL) ?? 'info',
    scryptCost: int(env.SCRYPT_COST, DEFAULT_SCRYPT_COST, 'SCRYPT_COST'),
    seedDemo: env.SEED_DEMO !== 'false',
    dbTimeouts: dbTimeouts(env),
    hashConcurrency: Math.max(1, int(env.HASH_CONCURRENCY, 2, 'HASH_CONCURRENCY')),
    hashQueue: int(env.HASH_QUEUE, 8, 'HASH_QUEUE'),
    // Embedded PGlite runs one statement at a time on the server's thread: keep its line short.
    heavyReadConcurrency: Math.max(1, int(env.HEAVY_READ_CONCURRENCY, optional(env.DATABASE_URL) ? 6 : 2, 'HEAVY_READ_CONCURRENCY')),
    heavyReadQueue: int(env.HEAVY_READ_QUEUE, optional(env.DATABASE_URL) ? 24 : 8, 'HEAVY_READ_QUEUE'),
    readyTimeoutMs: int(env.DB_READY_TIMEOUT_MS, 2000, 'DB_READY_TIMEOUT_MS'),
  };
}
