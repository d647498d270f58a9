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

/** Hasher places for the bursts below (more than any burst sends). */
const BURST_ROOM = 32;

const wrong = (email: string, i: number) => ({
  method: 'POST' as const,
  url: '/api/auth/auth',
  payload: { email, password: 'Wrong#Pass1' },
  remoteAddress: `10.9.${Math.floor(i / 200)}.${i % 200}`,
});

describe.each(BACKENDS)('sign-in attempts are counted before the password check (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Room for a whole burst in the hasher: what is tested here is the throttle, not the hasher's bound (below), so
    // no request may meet a full hasher however the machine spreads the burst out.
    ctx = await setupApp(backend, { config: testConfig({ hashQueue: BURST_ROOM }) });
  }, 60_000);
  afterAll(() => ctx.close());

  it('20 parallel wrong passwords from one address: at most 5 are checked (401), the rest refused (429), and the owner still signs in from elsewhere', async () => {
    const user = await ctx.staff(['dashboard']);
    const fromOne = (i: number) => ({ ...wrong(user.email, i), remoteAddress: '10.9.200.1' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ctx.app.inject(fromOne(i))));
    const byStatus = tally(answers);
    // One address holds at most its share of the password checks at once (429 beyond), and at most 5 failures.
    expect(byStatus[401]).toBeGreaterThanOrEqual(1);
    expect(byStatus[401]).toBeLessThanOrEqual(5);
    expect((byStatus[401] ?? 0) + (byStatus[429] ?? 0)).toBe(20);
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await ctx.count(`login_attempts WHERE email = '${user.email}'`)).toBe(byStatus[401]);
    // Up to 5 failures from that address, then even the right password waits there for the window...
    for (let i = byStatus[401] ?? 0; i < 5; i += 1) expect((await ctx.app.inject(fromOne(100 + i))).statusCode).toBe(401);
    const there = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.9.200.1' });
    expect(there.statusCode).toBe(429);
    // ...while the owner, from another address, is not locked out.
    const owner = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.9.9.9' });
    expect(owner.statusCode).toBe(200);
  });

  it('20 parallel wrong passwords from 20 addresses: 10 are checked (401), then the account asks for a mailed code (403); the owner signs in with it', async () => {
    const user = await ctx.staff(['dashboard']);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ctx.app.inject(wrong(user.email, 400 + i))));
    expect(tally(answers)).toEqual({ 401: 10, 403: 10 });
    for (const res of answers.filter((r) => r.statusCode === 403)) expect(res.json()).toMatchObject({ code: 'SIGN_IN_CODE_REQUIRED' });
    expect(await ctx.count(`login_attempts WHERE email = '${user.email}'`)).toBe(10);
    // One code was mailed for the burst, to the account's own address.
    const mails = () => ctx.db.query<{ text: string }>(`SELECT text_body AS text FROM outbox WHERE to_address = $1 ORDER BY id`, [user.email]);
    expect(await mails()).toHaveLength(1);

    // The owner's right password alone is not enough now (nor is a guess with any code)...
    const owner = (extra: object = {}) => ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password, ...extra }, remoteAddress: '10.9.9.10' });
    expect((await owner()).json()).toMatchObject({ statusCode: 403, code: 'SIGN_IN_CODE_REQUIRED' });
    expect(await mails()).toHaveLength(1);
    const attacker = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'Wrong#Pass1', code: '000000' }, remoteAddress: '10.9.9.11' });
    expect(attacker.json()).toMatchObject({ statusCode: 400, code: 'INVALID_CODE' });
    // ...but the code from the mail, with the password, signs them in.
    const code = /(\d{6})/.exec((await mails())[0]?.text ?? '')?.[1];
    expect(code).toBeDefined();
    const signedIn = await owner({ code });
    expect(signedIn.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/auth/me', { token: signedIn.json().token })).statusCode).toBe(200);
    // The code is used up.
    expect((await owner({ code })).json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('a mailed code allows 5 tries, and a right code with a wrong password still counts as a failure', async () => {
    const user = await ctx.staff(['dashboard']);
    await Promise.all(Array.from({ length: 10 }, (_, i) => ctx.app.inject(wrong(user.email, 500 + i))));
    const asked = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.9.9.20' });
    expect(asked.json()).toMatchObject({ code: 'SIGN_IN_CODE_REQUIRED' });
    const rows = await ctx.db.query<{ text: string }>('SELECT text_body AS text FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [user.email]);
    const code = /(\d{6})/.exec(rows[0]?.text ?? '')?.[1] as string;
    const before = await ctx.count(`login_attempts WHERE email = '${user.email}'`);
    const rightCodeWrongPassword = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'Wrong#Pass9', code }, remoteAddress: '10.9.9.21' });
    expect(rightCodeWrongPassword.json()).toMatchObject({ statusCode: 401, code: 'INVALID_CREDENTIALS' });
    expect(await ctx.count(`login_attempts WHERE email = '${user.email}'`)).toBe(before + 1);
    const other = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) {
      const res = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password, code: other }, remoteAddress: `10.9.9.${30 + i}` });
      expect(res.json()).toMatchObject({ code: 'INVALID_CODE' });
    }
    // Five wrong tries end the code: even the right one is refused now (a new one comes in a minute).
    const late = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password, code }, remoteAddress: '10.9.9.40' });
    expect(late.json()).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('an unknown email is counted the same way and gets the same answers', async () => {
    const email = `ghost.${randomBytes(3).toString('hex')}@vitrine.test`;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => ctx.app.inject(wrong(email, 100 + i))));
    expect(tally(answers)).toEqual({ 401: 10, 403: 2 });
    expect(await ctx.count(`outbox WHERE to_address = '${email}'`)).toBe(0);
  });

  it('a right password does not count: good sign-ins leave no attempt behind', async () => {
    const user = await ctx.staff(['dashboard']);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => ctx.app.inject({ method: 'POST', url: '/api/auth/auth', payload: { email: user.email, password: user.password }, remoteAddress: '10.8.0.1' })),
    );
    // One address has at most 2 password checks in flight: the rest of a burst is told to retry (429), never 401.
    const byStatus = tally(answers);
    expect(byStatus[200]).toBeGreaterThanOrEqual(1);
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
      const app = await buildApp({ config: testConfig({ dataDir, hashQueue: BURST_ROOM }), db, logger: false });
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

  it('20 parallel wrong passwords split over two replicas still check only 10, then ask for a code', async () => {
    const email = 'replica.target@vitrine.test';
    await admin.query(
      `INSERT INTO ${schema}.users (unique_key, name, last_name, email, password_hash, position, type, status, gender, verified_at)
       VALUES ('rk', 'Rep', 'Lica', $1, $2, 'QA', 'operational', 'active', 'female', now())`,
      [email, await hashPassword('Right#Pass1', TEST_SCRYPT_COST)],
    );
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (apps[i % 2] as FastifyInstance).inject(wrong(email, 300 + i))));
    expect(tally(answers)).toEqual({ 401: 10, 403: 10 });
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
    const hasher = new PasswordHasher(TEST_SCRYPT_COST, { concurrency: 1, queue: 1, perClient: 2 });
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

  it('one client holds at most its share of the hasher: others still get a place', async () => {
    const hasher = new PasswordHasher(TEST_SCRYPT_COST, { concurrency: 1, queue: 3, perClient: 2 });
    const stored = await hasher.hash('Right#Pass1');
    const attacker = [hasher.verify('Wrong#Pass1', stored, 'ip:10.0.0.66'), hasher.verify('Wrong#Pass2', stored, 'ip:10.0.0.66')];
    // The attacker's third check is refused (429, for them only) before it takes a place...
    expect(() => hasher.assertRoom('ip:10.0.0.66')).toThrow(expect.objectContaining({ statusCode: 429, code: 'RATE_LIMITED' }));
    await expect(hasher.verify('Wrong#Pass3', stored, 'ip:10.0.0.66')).rejects.toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    // ...while someone else still queues and is checked.
    expect(() => hasher.assertRoom('ip:10.0.0.7')).not.toThrow();
    await expect(hasher.verify('Right#Pass1', stored, 'ip:10.0.0.7')).resolves.toBe(true);
    await expect(Promise.all(attacker)).resolves.toEqual([false, false]);
    // Their places are given back once done.
    expect(() => hasher.assertRoom('ip:10.0.0.66')).not.toThrow();
    expect(hasher.load).toEqual({ active: 0, pending: 0 });
  });
});
