import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Access } from '@vitrine/contracts';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { migrate, type Db } from '../src/db';
import { readMigrations } from '../src/db/migrate';
import { createPgliteDb, PGLITE_SETTINGS, type PgliteDb } from '../src/db/pglite';
import { createPostgresDb } from '../src/db/postgres';
import { hashPassword, uniqueKey } from '../src/lib/security';
import * as users from '../src/repositories/users';
import { SESSION_COOKIE } from '../src/plugins/session-cookie';
import { seedDatabase } from '../src/seed';

export type Backend = 'pglite' | 'postgres';

/** Every suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const ADMIN = { email: 'admin@vitrine.test', password: 'Admin#Pass2024' };
export const TEST_SCRYPT_COST = 1024;
export const PUBLIC_URL = 'http://vitrine.test';

/**
 * The time a test that builds an app of its own declares (jest's default is 5 s): buildApp compiles every route's
 * validators and serializers, seconds of CPU, and more on a machine that is busy with other work.
 */
export const BUILD_APP_MS = 30_000;

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // No job workers: tests run due jobs on demand with app.jobs.drain().
  // A page's render gets a minute, not 5 s: a render worker evaluating the builds under tsx on a busy machine is slow,
  // and no test but those of the limits (test/ssr/render-limits.test.ts, on a clock of their own) is about the limit.
  return { ...loadConfig({ PUBLIC_URL, LOG_LEVEL: 'silent' }), scryptCost: TEST_SCRYPT_COST, seedDemo: false, jobsWorkers: false, ssrRenderTimeoutMs: 60_000, ...overrides };
}

/**
 * An empty, migrated database; PostgreSQL runs get a schema of their own, dropped by cleanup.
 * `schema` is where the job engine's tables go too (pgboss on PGlite, the file's own schema on PostgreSQL).
 */
export async function createTestDb(backend: Backend): Promise<{ db: Db; schema: string; cleanup: () => Promise<void> }> {
  if (backend === 'pglite') {
    const db = await pgliteTestDb();
    return { db, schema: 'pgboss', cleanup: () => db.close() };
  }
  const connectionString = process.env.TEST_DATABASE_URL as string;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = createPostgresDb({ connectionString, schema, max: 4 });
  await migrate(db);
  return {
    db,
    schema,
    cleanup: async () => {
      await db.close();
      const dropper = new pg.Client({ connectionString });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
      await dropper.end();
    },
  };
}

/** PGlite's own version, part of its templates' names. */
const PGLITE_VERSION = (JSON.parse(fs.readFileSync(path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The database every PGlite test database of a kind starts as (an archive made by dump()), made once and kept in the
 * system's temporary folder; its name says what it was made from: PGlite's version, its settings and, when `migrated`,
 * the migrations. A new PGlite database runs initdb, seconds of CPU; one started from the archive costs a fraction of
 * that, and the migrations come with it.
 */
const templates = new Map<boolean, Promise<string>>();
function pgliteTemplate(migrated: boolean): Promise<string> {
  let made = templates.get(migrated);
  if (!made) templates.set(migrated, (made = makePgliteTemplate(migrated)));
  return made;
}

async function makePgliteTemplate(migrated: boolean): Promise<string> {
  const migrations = migrated ? readMigrations() : [];
  const key = createHash('sha256').update(JSON.stringify([PGLITE_VERSION, PGLITE_SETTINGS, migrations])).digest('hex').slice(0, 16);
  const file = path.join(os.tmpdir(), 'vitrine-test-pglite', `${migrated ? 'migrated' : 'empty'}-${key}.tar`);
  if (fs.existsSync(file)) return file;
  // Written beside it and renamed into place: suites that start together each make one, and a reader never sees half.
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const making = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const db = await createPgliteDb('memory://');
  try {
    if (migrated) await migrate(db, migrations);
    await db.dump(making);
  } finally {
    await db.close();
  }
  fs.renameSync(making, file);
  return file;
}

/** A PGlite database of its own, in memory, migrated unless told otherwise (from the template). */
export async function pgliteTestDb({ migrated = true } = {}): Promise<PgliteDb> {
  return createPgliteDb('memory://', { from: await pgliteTemplate(migrated) });
}

/**
 * Runs fn with the process's clock (Date.now) moved `ms` ahead: a scheduled publish instant that the
 * answer cache knows of passes without waiting (the test moves the database's side with an UPDATE).
 */
export async function withClockAhead<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const real = Date.now.bind(Date);
  const spy = jest.spyOn(Date, 'now').mockImplementation(() => real() + ms);
  try {
    return await fn();
  } finally {
    spy.mockRestore();
  }
}

export interface Staff {
  id: number;
  unique_key: string;
  email: string;
  password: string;
  token: string;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  admin: Staff;
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  login(email: string, password: string, remoteAddress?: string): Promise<string>;
  /** The headers of a signed-in call for a token this context signed in: the bearer token and its proof cookie. */
  authHeaders(token: string): Record<string, string>;
  /** A user inserted directly (active, verified, known password) and signed in. */
  staff(accesses: Access[], overrides?: { status?: string; verified?: boolean }): Promise<Staff>;
  count(table: string): Promise<number>;
  /** The app's DATA_DIR (uploads under it). */
  dataDir: string;
  close(): Promise<void>;
}

let counter = 0;

/** The proof cookie a sign-in answer sets (undefined when it sets none). */
export function proofOf(res: LightMyRequestResponse): string | undefined {
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  for (const line of setCookie) {
    const match = new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(line);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/** The Cookie header that goes with a sign-in answer's token. */
export function sessionCookie(res: LightMyRequestResponse): string {
  return `${SESSION_COOKIE}=${proofOf(res) ?? ''}`;
}

/** Keeps the proof of a sign-in answer under its token. */
function rememberProof(proofs: Map<string, string>, res: LightMyRequestResponse): void {
  const proof = proofOf(res);
  if (!proof || res.statusCode !== 200) return;
  try {
    const token = (res.json() as { token?: unknown }).token;
    if (typeof token === 'string') proofs.set(token, proof);
  } catch {
    // not JSON
  }
}

export async function setupApp(backend: Backend, options: Omit<BuildAppOptions, 'db'> & { /** What the app gets instead of the database (a counting or breakable wrapper). */ wrapDb?: (db: Db) => Db } = {}): Promise<TestContext> {
  const { wrapDb, ...buildOptions } = options;
  const { db, schema, cleanup } = await createTestDb(backend);
  const seeded = await seedDatabase(db, { admin: ADMIN, demo: false, scryptCost: TEST_SCRYPT_COST });
  // Uploads go to a throw-away data folder.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-test-'));
  const app = await buildApp({ logger: false, ...buildOptions, config: { ...testConfig({ dataDir }), ...options.config, jobsSchema: schema }, db: wrapDb ? wrapDb(db) : db });
  await app.ready();

  // A session is a bearer token and its proof cookie: like a browser, `call` keeps the cookie each sign-in set
  // and sends it with that token (a test that wants otherwise passes its own cookie header).
  const proofs = new Map<string, string>();
  const call: TestContext['call'] = async (method, url, opts = {}) => {
    const proof = opts.token ? proofs.get(opts.token) : undefined;
    const res = await app.inject({
      method,
      url,
      remoteAddress: opts.remoteAddress ?? '10.0.0.1',
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(proof ? { cookie: `${SESSION_COOKIE}=${proof}` } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
    });
    rememberProof(proofs, res);
    return res;
  };
  const authHeaders: TestContext['authHeaders'] = (token) => {
    const proof = proofs.get(token);
    return { authorization: `Bearer ${token}`, ...(proof ? { cookie: `${SESSION_COOKIE}=${proof}` } : {}) };
  };

  // Each helper sign-in comes from its own address, so suites that sign many users in stay under the
  // per-address sign-in rate limit (tests of the limits choose their addresses).
  let logins = 0;
  const login: TestContext['login'] = async (email, password, remoteAddress = `10.200.${(logins >> 8) & 255}.${(logins += 1) & 255}`) => {
    const res = await call('POST', '/api/auth/auth', { body: { email, password }, remoteAddress });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { token: string }).token;
  };

  const adminRow = await users.findByEmail(db, ADMIN.email);
  if (!adminRow || !seeded.admin) throw new Error('seed did not create the admin');
  const admin: Staff = { id: adminRow.id, unique_key: adminRow.unique_key, email: ADMIN.email, password: ADMIN.password, token: await login(ADMIN.email, ADMIN.password) };

  const staff: TestContext['staff'] = async (accesses, overrides = {}) => {
    counter += 1;
    const email = `staff${counter}.${randomBytes(3).toString('hex')}@vitrine.test`;
    const password = 'Staff#Pass2024';
    const key = uniqueKey();
    const id = await users.insert(db, {
      unique_key: key,
      name: 'Ana',
      last_name: `Souza ${counter}`,
      email,
      password_hash: await hashPassword(password, TEST_SCRYPT_COST),
      position: 'Analista',
      type: 'operational',
      status: overrides.status ?? 'active',
      gender: 'female',
      phone: null,
      tax_id: null,
      biography: null,
      photo: null,
      created_by: null,
      verified_at: overrides.verified === false ? null : new Date(),
    });
    await users.setRoles(db, id, accesses);
    const token = overrides.status && overrides.status !== 'active' && overrides.status !== 'first-access' ? '' : await login(email, password);
    return { id, unique_key: key, email, password, token };
  };

  const count: TestContext['count'] = async (table) => {
    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    return rows[0]?.n ?? 0;
  };

  return {
    app,
    db,
    admin,
    dataDir,
    call,
    authHeaders,
    login,
    staff,
    count,
    close: async () => {
      await app.close();
      await cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const BUILT_SHELL = path.resolve(__dirname, '../../../hosts/shell/dist');
const BUILT_PUBLIC = path.resolve(__dirname, '../../../remotes/public/dist');

/**
 * A site whose pages are rendered with the real server builds (npm test builds them first): a temporary
 * shell folder holding `index.html` and the shell's server build beside it, the public remote where it was
 * built. Pass `site` to setupApp; `remove()` deletes the folder.
 */
export function renderedSite(prefix: string, indexHtml: string): { shellDir: string; site: NonNullable<BuildAppOptions['site']>; remove: () => void } {
  const shellDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(path.join(shellDir, 'index.html'), indexHtml);
  fs.mkdirSync(path.join(shellDir, 'server'));
  fs.copyFileSync(path.join(BUILT_SHELL, 'server', 'render.js'), path.join(shellDir, 'server', 'render.js'));
  return { shellDir, site: { shellDir, remotes: { public_remote: BUILT_PUBLIC } }, remove: () => fs.rmSync(shellDir, { recursive: true, force: true }) };
}
