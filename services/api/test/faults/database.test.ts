import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { migrate, type Db } from '../../src/db';
import { createPostgresDb } from '../../src/db/postgres';
import { DatabaseUnavailableError } from '../../src/errors';
import { seedDatabase } from '../../src/seed';
import { FaultProxy } from '../fault-proxy';
import { ADMIN, pgliteTestDb, TEST_SCRYPT_COST, testConfig } from '../helpers';

const TEST_URL = process.env.TEST_DATABASE_URL;

async function expectUnavailable(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object): Promise<void> {
  const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
  expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 503, code: 'DATABASE_UNAVAILABLE' });
  expect(res.json()).toMatchObject({ error: true, statusCode: 503, message: expect.stringMatching(/database/i) });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

async function expectWorking(app: FastifyInstance): Promise<void> {
  expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
  expect((await app.inject({ method: 'GET', url: '/api/public/articles' })).statusCode).toBe(200);
}

const LOGIN = { email: ADMIN.email, password: ADMIN.password };

(TEST_URL ? describe : describe.skip)('PostgreSQL lost, down or hung (through a breakable proxy)', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const applicationName = `vitrine-faults-${randomBytes(4).toString('hex')}`;
  const proxy = new FaultProxy('127.0.0.1', Number(new URL(TEST_URL ?? 'postgres://x@127.0.0.1:5432/t').port || 5432));
  const lost: Error[] = [];
  let admin: pg.Client;
  let db: Db;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(TEST_URL as string);
    url.hostname = '127.0.0.1';
    url.port = String(await proxy.start());
    db = createPostgresDb({
      connectionString: url.toString(),
      schema,
      max: 4,
      applicationName,
      timeouts: { connectMs: 1000, statementMs: 1000, queryMs: 1500, idleInTransactionMs: 1000 },
      onConnectionError: (err) => lost.push(err),
    });
    await migrate(db);
    await seedDatabase(db, { admin: ADMIN, demo: false, scryptCost: TEST_SCRYPT_COST });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-faults-'));
    app = await buildApp({ config: testConfig({ dataDir, readyTimeoutMs: 800 }), db, logger: false });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    proxy.up();
    await app.close();
    await db.close();
    await proxy.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(() => proxy.up());

  it('survives the server closing its idle connections (pg_terminate_backend) and reconnects by itself', async () => {
    await expectWorking(app);
    // The filter runs first (a subquery), so only this suite's connections are ended.
    const killed = await admin.query<{ pid: number }>(
      'SELECT pg_terminate_backend(pid) FROM (SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid() OFFSET 0) mine',
      [applicationName],
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    // The pool reports each lost idle client (instead of an uncaught 'error' event ending the process)…
    while (lost.length < (killed.rowCount ?? 1)) await new Promise((resolve) => setImmediate(resolve));
    expect(lost[0]?.message).toMatch(/terminat/i);
    // …and the next requests open new connections.
    await expectWorking(app);
  });

  it('answers 503 DATABASE_UNAVAILABLE while the database is down, health stays 200, and recovers without a restart', async () => {
    await expectWorking(app);
    proxy.down();
    await expectUnavailable(app, 'GET', '/api/ready');
    // An answer the cache holds is still sent from memory; one it does not hold needs the database.
    expect((await app.inject({ method: 'GET', url: '/api/public/articles' })).statusCode).toBe(200);
    await expectUnavailable(app, 'GET', '/api/public/articles?page=2');
    await expectUnavailable(app, 'POST', '/api/auth/auth', LOGIN);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    proxy.up();
    await expectWorking(app);
    expect((await app.inject({ method: 'POST', url: '/api/auth/auth', payload: LOGIN })).statusCode).toBe(200);
  });

  it('answers 503 when the database hangs (connection and read timeouts), then recovers', async () => {
    await expectWorking(app);
    proxy.hang();
    // Pooled connections: the read timeout ends the wait; new connections: the connect timeout.
    await expectUnavailable(app, 'GET', '/api/ready');
    expect((await app.inject({ method: 'GET', url: '/api/public/articles' })).statusCode).toBe(200);
    await expectUnavailable(app, 'GET', '/api/public/articles?page=3');
    await expectUnavailable(app, 'GET', '/api/public/categories');
    await expectUnavailable(app, 'POST', '/api/auth/auth', LOGIN);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    proxy.up();
    await expectWorking(app);
  });

  it('a statement past statement_timeout is cancelled by the server (57014) and classified unavailable', async () => {
    await expect(db.query('SELECT pg_sleep(3)')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expectWorking(app);
  });

  it('a transaction left idle past idle_in_transaction_session_timeout is ended by the server', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await tx.query('SELECT 1');
      }),
    ).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expectWorking(app);
  });
});

describe('embedded database (PGlite) closed or hung', () => {
  it('answers 503 DATABASE_UNAVAILABLE once the database is closed, health stays 200', async () => {
    const db = await pgliteTestDb();
    const app = await buildApp({ config: testConfig(), db, logger: false });
    await expectWorking(app);
    await db.close();
    await expectUnavailable(app, 'GET', '/api/ready');
    expect((await app.inject({ method: 'GET', url: '/api/public/articles' })).statusCode).toBe(200);
    await expectUnavailable(app, 'GET', '/api/public/articles?page=2');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  }, 30_000);

  it('/api/ready answers 503 within its deadline when SELECT 1 never returns', async () => {
    const never = new Promise<never>(() => undefined);
    const hung: Db = {
      kind: 'pglite',
      query: () => never,
      exec: () => never,
      transaction: () => never,
      close: () => Promise.resolve(),
    };
    const app = await buildApp({ config: testConfig({ readyTimeoutMs: 200 }), db: hung, logger: false, jobs: { startWaitSeconds: 0.1 } });
    await expectUnavailable(app, 'GET', '/api/ready');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });
});
