import path from 'node:path';
import { isStrongPassword, isValidEmail } from '@vitrine/contracts';

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
  /** JOBS=on (default): this process runs job workers and the scheduler; off: it only enqueues. */
  jobsWorkers: boolean;
  /** JOBS_SCHEMA: the PostgreSQL schema of the job engine's tables (default pgboss). */
  jobsSchema: string;
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
  if (v === 'on') return true;
  if (v === 'off') return false;
  throw new Error(`${name} must be "on" or "off", got "${value}"`);
}

function optional(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
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
    jobsWorkers: onOff(env.JOBS, true, 'JOBS'),
    jobsSchema: schemaName(optional(env.JOBS_SCHEMA) ?? 'pgboss', 'JOBS_SCHEMA'),
  };
}
