import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { migrate } from '../../src/db';
import { createPostgresDb } from '../../src/db/postgres';
import { AppError } from '../../src/errors';
import { Semaphore } from '../../src/lib/semaphore';
import { hashPassword } from '../../src/lib/security';
import { seedDatabase } from '../../src/seed';
import { PasswordHasher } from '../../src/services/passwords';
import { ADMIN, BACKENDS, TEST_SCRYPT_COST, setupApp, testConfig, type TestContext } from '../helpers';

function tally(answers: LightMyRequestResponse[]): Record<number, number> {
  const byStatus: Record<number, number> = {};
  for (const res of answers) byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
  return byStatus;
}

const wrong = (email: string, i: number) => ({
  method: 'POST' as const,
  url: '/api/auth/auth',
  payload: { email, password: 'Wrong#Pass1' },
  remoteAddress: `10.9.${Math.floor(i / 200)}.${i % 200}`,
});

describe.each(BACKENDS)('sign-in attempts are counted before the password check (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  it('20 parallel wrong passwords against a limit of 5: 5 are checked (401), 15 refused (429)', async () => {
    const user = await ctx.staff(['dashboard']);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ctx.app.inject(wrong(user.email, i))));
    expect(tally(answers)).toEqual({ 401: 5, 429: 15 });
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const rows = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM login_attempts WHERE email = $1', [user.email]);
    expect(rows[0]?.n).toBe(5);
    // Even the right password waits for the window now.
    const right = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.9.9.9' });
    expect(right.statusCode).toBe(429);
  });

  it('an unknown email is counted the same way', async () => {
    const email = `ghost.${randomBytes(3).toString('hex')}@vitrine.test`;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => ctx.app.inject(wrong(email, 100 + i))));
    expect(tally(answers)).toEqual({ 401: 5, 429: 7 });
  });

  it('a right password does not count: good sign-ins leave no attempt behind (in flight, at most 5 at once per account)', async () => {
    const user = await ctx.staff(['dashboard']);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => ctx.app.inject({ method: 'POST', url: '/api/auth/auth', payload: { email: user.email, password: user.password }, remoteAddress: '10.8.0.1' })),
    );
    // An attempt counts while its password is being checked, so more than 5 at the very same moment
    // may meet a 429 (never a 401); once answered, a right password frees its place.
    const byStatus = tally(answers);
    expect(byStatus[200]).toBeGreaterThanOrEqual(5);
    expect((byStatus[200] ?? 0) + (byStatus[429] ?? 0)).toBe(8);
    for (let i = 0; i < 8; i += 1) {
      const again = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.8.0.1' });
      expect(again.statusCode).toBe(200);
    }
    expect(await ctx.count(`login_attempts WHERE email = '${user.email}'`)).toBe(0);
    expect(await ctx.count(`login_attempts WHERE ip = '10.8.0.1'`)).toBe(0);
  });
});

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('two replicas on one PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  const dbs: ReturnType<typeof createPostgresDb>[] = [];
  let dataDir: string;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-replicas-'));
    for (let i = 0; i < 2; i += 1) {
      const db = createPostgresDb({ connectionString: url, schema, max: 4 });
      dbs.push(db);
      await migrate(db);
      if (i === 0) await seedDatabase(db, { admin: ADMIN, demo: false, scryptCost: TEST_SCRYPT_COST });
      const app = await buildApp({ config: testConfig({ dataDir }), db, logger: false });
      await app.ready();
      apps.push(app);
    }
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('20 parallel wrong passwords split over two replicas still check only 5', async () => {
    const email = 'replica.target@vitrine.test';
    await admin.query(
      `INSERT INTO ${schema}.users (unique_key, name, last_name, email, password_hash, position, type, status, gender, verified_at)
       VALUES ('rk', 'Rep', 'Lica', $1, $2, 'QA', 'operational', 'active', 'female', now())`,
      [email, await hashPassword('Right#Pass1', TEST_SCRYPT_COST)],
    );
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (apps[i % 2] as FastifyInstance).inject(wrong(email, 300 + i))));
    expect(tally(answers)).toEqual({ 401: 5, 429: 15 });
  });
});

describe('password hashing is capped', () => {
  it('a semaphore runs at most its limit, queues up to its bound and refuses the rest with 503 SERVER_BUSY', async () => {
    const slots = new Semaphore(2, 1, 3);
    const gates: (() => void)[] = [];
    const started: number[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        gates.push(() => resolve(n));
      });
    const first = slots.run(task(1));
    const second = slots.run(task(2));
    const third = slots.run(task(3));
    await expect(slots.run(task(4))).rejects.toMatchObject({ statusCode: 503, code: 'SERVER_BUSY', headers: { 'retry-after': '3' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    expect({ active: slots.active, pending: slots.pending }).toEqual({ active: 2, pending: 1 });
    gates[0]?.();
    await expect(first).resolves.toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2, 3]);
    gates[1]?.();
    gates[2]?.();
    await expect(Promise.all([second, third])).resolves.toEqual([2, 3]);
    expect({ active: slots.active, pending: slots.pending }).toEqual({ active: 0, pending: 0 });
  });

  it('the hasher refuses a check beyond its queue instead of piling scrypt work up', async () => {
    const hasher = new PasswordHasher(TEST_SCRYPT_COST, { concurrency: 1, queue: 1 });
    const stored = await hasher.hash('Right#Pass1');
    const running = hasher.verify('Right#Pass1', stored);
    const queued = hasher.verify('Wrong#Pass1', stored);
    // Sign-in asks before any database work: no room → 503 at once.
    expect(() => hasher.assertRoom()).toThrow(expect.objectContaining({ statusCode: 503, code: 'SERVER_BUSY' }));
    const refused = hasher.verify('Right#Pass1', stored);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'SERVER_BUSY' });
    await expect(Promise.all([running, queued])).resolves.toEqual([true, false]);
    expect(hasher.load).toEqual({ active: 0, pending: 0 });
    expect(() => hasher.assertRoom()).not.toThrow();
  });
});
