import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Db } from '../../src/db';
import { createPostgresDb } from '../../src/db/postgres';
import { CONTROL_HEADER, readControlFile } from '../../src/releases/control';
import { runReleaseCli } from '../../src/releases/cli';
import { createTestDb, setupApp, testConfig, type TestContext } from '../helpers';
import { fakeBuild, fakeShell, serving, tempDir } from './builds';

/** Runs `npm run release -- <args>` in-process, with this environment; answers its exit code and what it printed. */
async function release(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runReleaseCli(args, { LOG_LEVEL: 'silent', ...env }, { out: (line) => (out += `${line}\n`), err: (line) => (err += `${line}\n`) });
  return { code, out, err };
}

/** A raw GET over HTTP: the path exactly as given (fetch would normalize its dot segments first). */
function rawGet(port: number, rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

describe('the release CLI while the server runs on the embedded database (pglite)', () => {
  let ctx: TestContext;
  let dataDir: string;
  let port: number;

  beforeAll(async () => {
    dataDir = tempDir('release-cli');
    const shellDir = fakeShell(tempDir('release-cli-shell'));
    ctx = await setupApp('pglite', { config: testConfig({ dataDir }), site: { shellDir }, releases: { control: true } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as { port: number }).port;
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the server writes its address and a token only its user may read; the control routes want both, from this machine, not proxied', async () => {
    const control = readControlFile(dataDir);
    expect(control).toMatchObject({ url: `http://127.0.0.1:${port}`, pid: process.pid });
    expect(control?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(path.join(dataDir, 'release-control.json')).mode & 0o777).toBe(0o600);

    const list = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      ctx.app.inject({ method: 'GET', url: '/api/system/release-control/releases', headers, remoteAddress });
    const token = control?.token as string;
    expect((await list({ [CONTROL_HEADER]: token })).statusCode).toBe(200);
    expect((await list({ [CONTROL_HEADER]: token }, '::1')).statusCode).toBe(200);
    expect((await list({})).statusCode).toBe(401);
    expect((await list({ [CONTROL_HEADER]: `${token}x` })).statusCode).toBe(403);
    expect((await list({ [CONTROL_HEADER]: token }, '203.0.113.9')).statusCode).toBe(403);
    expect((await list({ [CONTROL_HEADER]: token, 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await list({ [CONTROL_HEADER]: token, forwarded: 'for=203.0.113.9' })).statusCode).toBe(403);
    // A signed-in admin's session is no control token (and the admin's own list is GET /api/system/releases).
    expect((await list(ctx.authHeaders(ctx.admin.token))).statusCode).toBe(401);
    // Bad input is a 400 with its code, never a 500.
    const publish = await ctx.app.inject({ method: 'POST', url: '/api/system/release-control/public/publish', headers: { [CONTROL_HEADER]: token }, payload: { dist: 'relative/dist' }, remoteAddress: '127.0.0.1' });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().code).toBe('VALIDATION_ERROR');
    const other = await ctx.app.inject({ method: 'POST', url: '/api/system/release-control/shell/rollback', headers: { [CONTROL_HEADER]: token }, remoteAddress: '127.0.0.1' });
    expect(other.statusCode).toBe(400);
  });

  it('publish, list, activate and rollback go through the running server, which serves the change at once', async () => {
    const env = { DATA_DIR: dataDir };
    const first = fakeBuild('public');
    const second = fakeBuild('public');

    const p1 = await release(['publish', 'public', first.dir], env);
    expect(p1).toMatchObject({ code: 0, err: '' });
    const id1 = /published public release (\S+)/.exec(p1.out)?.[1] as string;
    expect(p1.out).toContain('requires @vitrine/core ^2.0.0, @vitrine/i18n ^2.0.0, @vitrine/ui ^1.1.0');
    expect(p1.out).toContain(`not active: npm run release -- activate public ${id1}`);
    // Publishing alone changes nothing served.
    expect(ctx.app.releases.registry?.active('public')).toBeUndefined();
    // A relative folder is the caller's (npm's INIT_CWD).
    const p2 = await release(['publish', 'public', path.basename(second.dir)], { ...env, INIT_CWD: path.dirname(second.dir) });
    expect(p2.code).toBe(0);
    const id2 = /published public release (\S+)/.exec(p2.out)?.[1] as string;
    expect((await release(['publish', 'public', second.dir], env)).out).toContain(`is already public release ${id2} (same content)`);

    const a1 = await release(['activate', 'public', id1], env);
    expect(a1).toMatchObject({ code: 0 });
    expect(a1.out).toContain(`public: ${id1} is now the active release`);
    await serving(ctx.app.releases.registry, 'public', id1);
    expect((await fetch(`http://127.0.0.1:${port}/remotes/public/remoteEntry.js`).then((r) => r.text()))).toContain(first.mark);

    expect((await release(['activate', 'public', id2], env)).out).toContain(`a rollback goes back to ${id1}`);
    await serving(ctx.app.releases.registry, 'public', id2);
    expect((await fetch(`http://127.0.0.1:${port}/remotes/public/remoteEntry.js`).then((r) => r.text()))).toContain(second.mark);

    const listed = await release(['list', 'public'], env);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(new RegExp(`\\*\\s+${id2}\\s+2026-11-01 12:00:\\d\\d UTC\\s+@vitrine/core \\^2\\.0\\.0, @vitrine/i18n \\^2\\.0\\.0, @vitrine/ui \\^1\\.1\\.0\\s+active\n`));
    expect(listed.out).toMatch(new RegExp(`\\n\\s+${id1}\\s.*previous\n`));
    const json = JSON.parse((await release(['list', 'public', '--json'], env)).out) as { active: string; releases: { id: string; built_at: string; requires: Record<string, string>; active: boolean }[] };
    expect(json.active).toBe(id2);
    expect(json.releases.map((r) => [r.id, r.active])).toEqual([
      [id2, true],
      [id1, false],
    ]);
    expect(json.releases[0]?.requires).toEqual({ '@vitrine/core': '^2.0.0', '@vitrine/i18n': '^2.0.0', '@vitrine/ui': '^1.1.0' });

    const back = await release(['rollback', 'public'], env);
    expect(back).toMatchObject({ code: 0 });
    expect(back.out).toContain(`public: ${id1} is now the active release (rolled back)`);
    await serving(ctx.app.releases.registry, 'public', id1);

    // The raw '..' of an HTTP request never leaves a release's folder.
    for (const raw of [`/remotes/public/r/${id1}/../${id2}/remoteEntry.js`, `/remotes/public/r/${id1}/%2e%2e/${id2}/remoteEntry.js`, `/remotes/public/../admin/remoteEntry.js`]) {
      expect([400, 403, 404]).toContain(await rawGet(port, raw));
    }
  });

  it('refusals exit 1 with what to do; misuse exits 2 with the usage', async () => {
    const env = { DATA_DIR: dataDir };
    const unknown = await release(['activate', 'admin', '20000101000000-00000000'], env);
    expect(unknown).toMatchObject({ code: 1, out: '' });
    expect(unknown.err).toMatch(/release activate refused: the admin remote has no release 20000101000000-00000000/);

    const newer = await release(['publish', 'admin', fakeBuild('admin', { requires: { '@vitrine/core': '^3.0.0' } }).dir], env);
    expect(newer.code).toBe(0);
    expect(newer.out).toMatch(/warning: it cannot be activated yet: .*needs @vitrine\/core \^3\.0\.0/);
    const id = /published admin release (\S+)/.exec(newer.out)?.[1] as string;
    const refused = await release(['activate', 'admin', id], env);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/refused: admin release .* needs @vitrine\/core \^3\.0\.0, which the shell does not provide \(it has 2\.0\.0/);
    expect((await release(['rollback', 'admin'], env)).err).toMatch(/no active release yet/);
    expect((await release(['publish', 'admin', path.join(dataDir, 'nowhere')], env)).err).toMatch(/refused: .*nowhere is not a folder/);

    for (const args of [[], ['deploy', 'public'], ['list'], ['list', 'shell'], ['activate', 'public'], ['list', 'public', 'extra'], ['publish', 'public', '--json']]) {
      const res = await release(args, env);
      expect(res.code).toBe(2);
      expect(res.err).toContain('usage: npm run release -- <command>');
    }
    expect((await release(['help'], env)).code).toBe(0);
  });
});

describe('the release CLI without a running server (pglite)', () => {
  it('opens the embedded database itself: publish, activate and list with no server to ask', async () => {
    const dataDir = tempDir('release-cli-alone');
    try {
      const env = { DATA_DIR: dataDir };
      const build = fakeBuild('admin');
      const published = await release(['publish', 'admin', build.dir], env);
      expect(published.code).toBe(0);
      const id = /published admin release (\S+)/.exec(published.out)?.[1] as string;
      // The checkout's own shell decides here (hosts/shell/dist, else shared-deps.js): this fake build is compatible.
      expect(await release(['activate', 'admin', id], env)).toMatchObject({ code: 0 });
      const json = JSON.parse((await release(['list', 'admin', '--json'], env)).out) as { active: string };
      expect(json.active).toBe(id);
      expect(fs.existsSync(path.join(dataDir, 'releases', 'admin', id, 'remoteEntry.js'))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

const url = process.env.TEST_DATABASE_URL;
(url ? describe : describe.skip)('the release CLI on PostgreSQL, and a second server on the same database (postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let one: { app: FastifyInstance; db: Db };
  let two: { app: FastifyInstance; db: Db };
  let dataDir: string;

  beforeAll(async () => {
    db = await createTestDb('postgres');
    dataDir = tempDir('release-replicas');
    const shellDir = fakeShell(tempDir('release-replicas-shell'));
    // Two API processes' worth: each its own pool and LISTEN connection, the same schema and releases folder.
    const start = async () => {
      const appDb = createPostgresDb({ connectionString: url as string, schema: db.schema, max: 4 });
      const app = await buildApp({ logger: false, config: testConfig({ dataDir, jobsSchema: db.schema }), db: appDb, site: { shellDir }, releases: {} });
      await app.ready();
      return { app, db: appDb };
    };
    one = await start();
    two = await start();
  }, 60_000);
  afterAll(async () => {
    for (const server of [one, two]) {
      await server?.app.close();
      await server?.db.close();
    }
    await db?.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('an activation on one server is served by the other as soon as its notification arrives; the CLI writes to PostgreSQL itself', async () => {
    const first = fakeBuild('admin');
    const second = fakeBuild('admin');
    const a = (await one.app.releases.service.publish('admin', first.dir)).release.id;
    // Heard by the second server: its registry knows the new release (published, not active).
    await new Promise<void>((resolve) => {
      const check = () => {
        if (!two.app.releases.registry?.release('admin', a)) return;
        two.app.releases.registry?.off('refresh', check);
        resolve();
      };
      two.app.releases.registry?.on('refresh', check);
      check();
    });
    expect(two.app.releases.registry?.isListening()).toBe(true);
    expect(two.app.releases.registry?.active('admin')).toBeUndefined();

    const onTwo = serving(two.app.releases.registry, 'admin', a);
    await one.app.releases.service.activate('admin', a, 'test');
    await onTwo;
    const entry = await two.app.inject({ method: 'GET', url: '/remotes/admin/remoteEntry.js' });
    expect(entry.body).toContain(first.mark);

    // The CLI on PostgreSQL: no server asked, the same notification reaches both servers.
    const env = { DATA_DIR: dataDir, DATABASE_URL: `${url as string}${(url as string).includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${db.schema}`)}` };
    const published = await release(['publish', 'admin', second.dir], env);
    expect(published.code).toBe(0);
    const b = /published admin release (\S+)/.exec(published.out)?.[1] as string;
    const both = Promise.all([serving(one.app.releases.registry, 'admin', b), serving(two.app.releases.registry, 'admin', b)]);
    expect(await release(['activate', 'admin', b], env)).toMatchObject({ code: 0 });
    await both;
    for (const app of [one.app, two.app]) {
      expect((await app.inject({ method: 'GET', url: '/remotes/admin/remoteEntry.js' })).body).toContain(second.mark);
      expect((await app.inject({ method: 'GET', url: '/remotes.json' })).json().remotes.admin_remote).toBe(`/remotes/admin/r/${b}/mf-manifest.json`);
    }
    const rolled = Promise.all([serving(one.app.releases.registry, 'admin', a), serving(two.app.releases.registry, 'admin', a)]);
    expect((await release(['rollback', 'admin'], env)).out).toContain(`admin: ${a} is now the active release (rolled back)`);
    await rolled;
  });
});
