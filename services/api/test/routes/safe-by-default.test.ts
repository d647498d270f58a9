import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import authPlugin from '../../src/plugins/auth';
import { ACCESS_ROUTES, ADMIN_ONLY_ROUTES, SIGNED_IN_ROUTES, type Access } from '@vitrine/contracts';
import { RATE_LIMITS } from '../../src/plugins/rate-limit';
import { buildApp } from '../../src/app';
import { BACKENDS, setupApp, testConfig, type TestContext } from '../helpers';
import { createArticle, createCategory, imageId } from '../content-helpers';

/** The reviewed route table: every route, its policy and its rate limit. */
const TABLE_FILE = path.join(__dirname, '..', 'route-policies.json');
/** The same table for readers, in the access map's "Every route" section (between the markers). */
const ACCESS_MAP_FILE = path.join(__dirname, '..', '..', '..', '..', 'docs', 'decisions', 'access-map.md');
const MAP_START = '<!-- route-table:start (written by safe-by-default.test.ts) -->';
const MAP_END = '<!-- route-table:end -->';

/** Which accesses open a policy's admin routes (admin-only routes say so). */
function accessesOf(policy: string): string {
  if (policy === 'public') return 'anyone';
  if (policy === 'local-control') return 'the release CLI on the server machine (with the token of its start, in DATA_DIR)';
  if (/^signed-in admin-type$/.test(policy)) return 'any signed-in user of the admin type';
  const routes = /routes:(\S+)/.exec(policy)?.[1]?.split('|') ?? [];
  const self = policy.includes(' self') ? '; the user themselves' : '';
  if (routes.length === 0) return 'any signed-in user';
  const accesses = (Object.keys(ACCESS_ROUTES) as Access[]).filter((access) => ACCESS_ROUTES[access].some((route) => routes.includes(route)));
  const open = routes.some((route) => (SIGNED_IN_ROUTES as readonly string[]).includes(route)) ? 'any signed-in user' : accesses.join(', ');
  const adminOnly = routes.every((route) => (ADMIN_ONLY_ROUTES as readonly string[]).includes(route)) ? ' (admin type only)' : '';
  return `${open}${adminOnly}${self}`;
}

/** The route table as the access map's Markdown table. */
function routeTableMarkdown(table: readonly { method: string; url: string; policy: string; rateLimit: string | null }[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = table.map((r) => `| ${r.method} | \`${r.url}\` | ${cell(r.policy)} | ${cell(accessesOf(r.policy))} | ${r.rateLimit ? cell(r.rateLimit) : '—'} |`);
  return [MAP_START, '| method | route | policy | who may call it | rate limit |', '|---|---|---|---|---|', ...rows, MAP_END].join('\n');
}

describe('every route declares a policy', () => {
  it('refuses at start-up a route that declares none', async () => {
    const app = Fastify();
    await app.register(
      fp(
        async (instance) => {
          instance.decorate('services', {} as never);
        },
        { name: 'services' },
      ),
    );
    await app.register(authPlugin);
    expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow('Route GET /api/forgotten declares no policy');
    expect(() => app.get('/forgotten.txt', async () => 'x')).toThrow('Route GET /forgotten.txt declares no policy');
    app.get('/declared', { config: { policy: 'public' } }, async () => 'x');
    await app.ready();
    await app.close();
  });

  it("lists every registered route with its method, policy and rate limit, exactly as test/route-policies.json and the docs' access map", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-table-'));
    for (const dir of ['shell', 'public', 'admin', 'uploads']) fs.mkdirSync(path.join(root, dir));
    fs.writeFileSync(path.join(root, 'shell', 'index.html'), '<!doctype html><title>shell</title>');
    // As the server runs: the remotes served from their releases (docs/decisions/releases.md).
    const ctx = await setupApp('pglite', {
      config: testConfig({ dataDir: root }),
      site: {
        shellDir: path.join(root, 'shell'),
        remotes: { public_remote: path.join(root, 'public'), admin_remote: path.join(root, 'admin') },
        uploadsDir: path.join(root, 'uploads'),
      },
      releases: {},
    });
    try {
      const table = [...ctx.app.routeTable].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
      // A deliberate change (a new route, a new policy): UPDATE_ROUTE_TABLE=1 npx jest --selectProjects api safe-by-default,
      // then review the diff of test/route-policies.json in the commit.
      const map = fs.readFileSync(ACCESS_MAP_FILE, 'utf8');
      const section = new RegExp(`${MAP_START.replace(/[()]/g, '\\$&')}[\\s\\S]*${MAP_END}`);
      if (process.env.UPDATE_ROUTE_TABLE === '1') {
        fs.writeFileSync(TABLE_FILE, `${JSON.stringify(table, null, 2)}\n`);
        fs.writeFileSync(ACCESS_MAP_FILE, map.replace(section, routeTableMarkdown(table)));
      }
      const expected: unknown = JSON.parse(fs.readFileSync(TABLE_FILE, 'utf8'));
      expect(table).toEqual(expected);
      // The docs' access map lists the same routes, policies and limits.
      expect(fs.readFileSync(ACCESS_MAP_FILE, 'utf8').match(section)?.[0]).toBe(routeTableMarkdown(table));
      // Nothing under /api is public by accident: the public ones are the reviewed reads and forms.
      const apiPublic = table.filter((r) => r.url.startsWith('/api/') && r.policy === 'public' && !r.url.startsWith('/api/docs'));
      expect(apiPublic.every((r) => /^\/api\/(public|auth|health|ready|seo\/public-seo|user\/user\/(recent-updated-users|data-user-router-public))/.test(r.url))).toBe(true);
    } finally {
      await ctx.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.each(BACKENDS)('safe by default (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  describe('authentication and authorization before validation', () => {
    it('answers an anonymous POST /api/seo/seo with a bad body 401, not a list of the schema fields', async () => {
      const res = await ctx.call('POST', '/api/seo/seo', { body: { nonsense: 1 } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: true, statusCode: 401, code: 'UNAUTHORIZED' });
      expect(res.json().errors).toBeUndefined();
    });

    it('answers a signed-in user without the settings access 403 before validating', async () => {
      const user = await ctx.staff(['dashboard']);
      const res = await ctx.call('POST', '/api/seo/seo', { token: user.token, body: { nonsense: 1 } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ACCESS_DENIED' });
      expect(res.json().errors).toBeUndefined();
    });

    it('still validates for a caller with the access', async () => {
      const res = await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { nonsense: 1 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });

    it('401 before a malformed JSON body is even parsed', async () => {
      const res = await ctx.call('PUT', '/api/user/user/1/abc', { body: '{"name":', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(401);
    });

    it('an own-record rule reads the raw id: self passes, someone else needs user management', async () => {
      const user = await ctx.staff(['dashboard']);
      expect((await ctx.call('GET', `/api/user/user/${user.id}`, { token: user.token })).statusCode).toBe(200);
      expect((await ctx.call('GET', `/api/user/user/${ctx.admin.id}`, { token: user.token })).statusCode).toBe(403);
      expect((await ctx.call('GET', `/api/user/user/0${user.id}`, { token: user.token })).statusCode).toBe(403);
    });
  });

  describe('request-rate limits: 429, the envelope and Retry-After', () => {
    const expectLimited = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, windowSeconds: number) => {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: true, statusCode: 429, code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    };

    it('sign-in, per client address', async () => {
      const ip = '198.51.100.10';
      const body = { email: 'not-an-email', password: '' }; // 400: no failure recorded, so only the rate limit can answer 429
      for (let i = 0; i < RATE_LIMITS.signIn.max; i += 1) {
        expect((await ctx.call('POST', '/api/auth/auth', { body, remoteAddress: ip })).statusCode).toBe(400);
      }
      expectLimited(await ctx.call('POST', '/api/auth/auth', { body, remoteAddress: ip }), 60);
      expect((await ctx.call('POST', '/api/auth/auth', { body, remoteAddress: '198.51.100.11' })).statusCode).toBe(400);
    });

    it('password recovery per client address: 429 whatever the email', async () => {
      const ip = '198.51.100.20';
      for (let i = 0; i < RATE_LIMITS.recoverPerIp.max; i += 1) {
        const res = await ctx.call('POST', '/api/auth/recover-password', { body: { email: `someone${i}@vitrine.test` }, remoteAddress: ip });
        expect(res.statusCode).toBe(200);
      }
      expectLimited(await ctx.call('POST', '/api/auth/recover-password', { body: { email: ctx.admin.email }, remoteAddress: ip }), 15 * 60);
    });

    it('password recovery per address: the same 200 answer, but no more mail', async () => {
      const user = await ctx.staff(['dashboard']);
      const mails = () => ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1', [user.id]);
      const answers: unknown[] = [];
      for (let i = 0; i <= RATE_LIMITS.recoverPerEmail.max; i += 1) {
        const res = await ctx.call('POST', '/api/auth/recover-password', { body: { email: user.email }, remoteAddress: `198.51.101.${i}` });
        expect(res.statusCode).toBe(200);
        answers.push(res.json());
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect((await mails())[0]?.n).toBe(RATE_LIMITS.recoverPerEmail.max);
      // An unknown address over its limit answers exactly the same.
      for (let i = 0; i <= RATE_LIMITS.recoverPerEmail.max; i += 1) {
        const res = await ctx.call('POST', '/api/auth/recover-password', { body: { email: 'ghost@vitrine.test' }, remoteAddress: `198.51.102.${i}` });
        expect(res.json()).toEqual(answers[0]);
      }
    });

    it('verification-code resend, per user', async () => {
      const user = await ctx.staff([], { status: 'first-access', verified: false });
      const resend = (i: number) => ctx.call('POST', '/api/auth/resend-code', { token: user.token, body: { email: user.email }, remoteAddress: `198.51.103.${i}` });
      // (The service also allows one code a minute: those answers are 429 with a wait of at most 60 s.)
      for (let i = 0; i < RATE_LIMITS.resendCode.max; i += 1) await resend(i);
      const limited = await resend(99);
      expectLimited(limited, 60 * 60);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    });

    it('search and the read beacon, per client address', async () => {
      const ip = '198.51.100.30';
      for (let i = 0; i < RATE_LIMITS.search.max; i += 1) {
        expect((await ctx.call('GET', `/api/public/search?q=x${i}`, { remoteAddress: ip })).statusCode).not.toBe(429);
      }
      expectLimited(await ctx.call('GET', '/api/public/search?q=y', { remoteAddress: ip }), 60);
      for (let i = 0; i < RATE_LIMITS.readBeacon.max; i += 1) {
        expect((await ctx.call('POST', '/api/public/article/999999/read', { remoteAddress: ip })).statusCode).toBe(404);
      }
      expectLimited(await ctx.call('POST', '/api/public/article/999999/read', { remoteAddress: ip }), 60);
    });
  });

  describe('TRUST_PROXY off (the default): X-Forwarded-For is ignored', () => {
    it('the read de-duplication counts the socket address, not the forged header', async () => {
      const image = await imageId(ctx);
      const category = await createCategory(ctx);
      const article = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { status: 'published' });
      const read = (forged: string) =>
        ctx.call('POST', `/api/public/article/${article.id}/read`, { remoteAddress: '198.51.100.40', headers: { 'user-agent': 'Mozilla/5.0 Firefox/130.0', 'x-forwarded-for': forged } });
      expect((await read('1.1.1.1')).json().data).toEqual({ counted: true });
      expect((await read('2.2.2.2')).json().data).toEqual({ counted: false });
    });

    it('the per-address sign-in limit cannot be dodged with X-Forwarded-For', async () => {
      const ip = '198.51.100.50';
      const body = { email: 'not-an-email', password: '' }; // 400: no failure recorded, so only the rate limit can answer 429
      for (let i = 0; i < RATE_LIMITS.signIn.max; i += 1) {
        await ctx.call('POST', '/api/auth/auth', { body, remoteAddress: ip, headers: { 'x-forwarded-for': `5.5.5.${i}` } });
      }
      const res = await ctx.call('POST', '/api/auth/auth', { body, remoteAddress: ip, headers: { 'x-forwarded-for': '6.6.6.6' } });
      expect(res.statusCode).toBe(429);
    });
  });
});

describe('TRUST_PROXY=10.10.10.10: the address that proxy forwards counts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp('pglite', { config: testConfig({ trustProxy: ['10.10.10.10'] }) });
  }, 60_000);
  afterAll(() => ctx.close());

  it('a client talking directly still cannot forge its address', async () => {
    const res = await ctx.call('POST', '/api/auth/auth', { body: { email: 'x', password: '' }, remoteAddress: '198.51.100.60', headers: { 'x-forwarded-for': '203.0.113.77' } });
    expect(res.statusCode).toBe(400);
    const row = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE '198.51.100.60%'");
    expect(row[0]?.n).toBe(1);
  });

  it('limits per forwarded client, not per proxy', async () => {
    const proxy = '10.10.10.10';
    const body = { email: 'not-an-email', password: '' }; // 400: no failure recorded, so only the rate limit can answer 429
    for (let i = 0; i < RATE_LIMITS.signIn.max; i += 1) {
      await ctx.call('POST', '/api/auth/auth', { body, remoteAddress: proxy, headers: { 'x-forwarded-for': '203.0.113.77' } });
    }
    expect((await ctx.call('POST', '/api/auth/auth', { body, remoteAddress: proxy, headers: { 'x-forwarded-for': '203.0.113.77' } })).statusCode).toBe(429);
    expect((await ctx.call('POST', '/api/auth/auth', { body, remoteAddress: proxy, headers: { 'x-forwarded-for': '203.0.113.78' } })).statusCode).toBe(400);
  });
});

describe('TRUST_PROXY=1: one proxy in front, whatever its address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp('pglite', { config: testConfig({ trustProxy: 1 }) });
  }, 60_000);
  afterAll(() => ctx.close());

  it('the last address the proxy appended is the client; what the client forged before it is not', async () => {
    const res = await ctx.call('POST', '/api/auth/auth', {
      body: { email: 'x', password: '' },
      remoteAddress: '10.20.30.40',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.90' },
    });
    expect(res.statusCode).toBe(400);
    const rows = await ctx.db.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(rows.some((row) => row.key.includes('203.0.113.90'))).toBe(true);
    expect(rows.some((row) => row.key.includes('6.6.6.6') || row.key.includes('10.20.30.40'))).toBe(false);
  });
});

/** Two app instances as two replicas: the limit counts their requests together. */
async function sharedLimitAcrossReplicas(a: { inject: TestContext['app']['inject'] }, b: { inject: TestContext['app']['inject'] }, ip: string): Promise<void> {
  const body = { email: 'not-an-email', password: '' };
  for (let i = 0; i < RATE_LIMITS.signIn.max; i += 1) {
    const replica = i % 2 === 0 ? a : b;
    expect((await replica.inject({ method: 'POST', url: '/api/auth/auth', payload: body, remoteAddress: ip })).statusCode).toBe(400);
  }
  const limited = await a.inject({ method: 'POST', url: '/api/auth/auth', payload: body, remoteAddress: ip });
  expect(limited.statusCode).toBe(429);
  expect(limited.json().code).toBe('RATE_LIMITED');
  expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect((await b.inject({ method: 'POST', url: '/api/auth/auth', payload: body, remoteAddress: ip })).statusCode).toBe(429);
}

describe.each(BACKENDS)('replicas share the rate limits through the database (%s)', (backend) => {
  let ctx: TestContext;
  let second: TestContext['app'];
  beforeAll(async () => {
    ctx = await setupApp(backend);
    second = await buildApp({ config: testConfig(), logger: false, db: ctx.db });
    await second.ready();
  }, 60_000);
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  it('counts both replicas’ requests in one window', async () => {
    await sharedLimitAcrossReplicas(ctx.app, second, '198.51.100.90');
  });
});

// Redis store (REDIS_URL): run with TEST_REDIS_URL=redis://127.0.0.1:6379.
const describeRedis = process.env.TEST_REDIS_URL ? describe : describe.skip;
describeRedis('replicas share the rate limits through Redis (REDIS_URL)', () => {
  let one: TestContext;
  let two: TestContext;
  beforeAll(async () => {
    const redisUrl = process.env.TEST_REDIS_URL as string;
    // Two replicas with databases of their own: only Redis is shared.
    one = await setupApp('pglite', { config: testConfig({ redisUrl }) });
    two = await setupApp('pglite', { config: testConfig({ redisUrl }) });
  }, 60_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('counts both replicas’ requests in one window, none in the database', async () => {
    const ip = `198.51.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`;
    await sharedLimitAcrossReplicas(one.app, two.app, ip);
    expect(await one.count('rate_limits')).toBe(0);
  });
});
