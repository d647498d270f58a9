import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { RELEASE_ID } from '../../src/releases/files';
import type { ReleaseRegistry } from '../../src/releases/registry';
import type { ReleaseService } from '../../src/releases/service';
import { BACKENDS, setupApp, testConfig, type TestContext } from '../helpers';
import { fakeBuild, fakeShell, tempDir } from './builds';

/** Resolves on the registry's next change of `remote` (an activation or a rollback heard through the notification). */
export function nextChange(registry: ReleaseRegistry | undefined, remote: 'public' | 'admin'): Promise<void> {
  return new Promise((resolve) => {
    const listener = (changed: string) => {
      if (changed !== remote) return;
      registry?.off('change', listener);
      resolve();
    };
    registry?.on('change', listener);
  });
}

/** Every test waits for the pointer change it made to be served, then asserts (no sleeps). */
async function activateAndWait(app: FastifyInstance, remote: 'public' | 'admin', id: string): Promise<void> {
  const changed = nextChange(app.releases.registry, remote);
  await app.releases.service.activate(remote, id, 'test');
  await changed;
}

describe.each(BACKENDS)('versioned releases of the remotes (%s)', (backend) => {
  let ctx: TestContext;
  let service: ReleaseService;
  let dataDir: string;
  let releasesDir: string;
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    dataDir = tempDir('releases-data');
    releasesDir = path.join(dataDir, 'releases');
    const shellDir = fakeShell(tempDir('releases-shell'));
    ctx = await setupApp(backend, {
      config: testConfig({ dataDir, releasesKeep: 3 }),
      site: { shellDir, uploadsDir: path.join(dataDir, 'uploads') },
      releases: {},
    });
    service = ctx.app.releases.service;
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('publish', () => {
    it('stores a build as an immutable release beside the others, never active by itself; the same build again is the same release', async () => {
      const build = fakeBuild('admin');
      const published = await service.publish('admin', build.dir);
      expect(published.created).toBe(true);
      expect(published.release.id).toMatch(RELEASE_ID);
      expect(published.release.id.slice(0, 14)).toBe(fs.statSync(path.join(build.dir, 'mf-manifest.json')).mtime.toISOString().replace(/[-:T]/g, '').slice(0, 14));
      expect(published.release).toMatchObject({ active: false, previous: false, compatible: true, requires: { '@vitrine/core': '^2.0.0', '@vitrine/i18n': '^2.0.0', '@vitrine/ui': '^1.1.0' } });
      const dir = path.join(releasesDir, 'admin', published.release.id);
      // The build's files exactly (the build stamp, a dotfile, is not part of it), and nothing half-copied beside it.
      expect(fs.readdirSync(dir).sort()).toEqual([build.chunk, `${build.chunk}.br`, 'mf-manifest.json', 'remoteEntry.js'].sort());
      expect(fs.readdirSync(path.join(releasesDir, 'admin')).filter((name) => name.startsWith('.'))).toEqual([]);

      const again = await service.publish('admin', build.dir);
      expect(again).toMatchObject({ created: false, release: { id: published.release.id } });
      const [list] = await service.list('admin');
      expect(list).toMatchObject({ remote: 'admin', active: null, previous: null });
      expect(list?.releases.filter((r) => r.id === published.release.id)).toHaveLength(1);
    });

    it('refuses what is not a build of the remote: no folder, no manifest, the other remote, the public remote without its server build', async () => {
      await expect(service.publish('public', path.join(dataDir, 'nowhere'))).rejects.toMatchObject({ refusal: 'invalid-build', statusCode: 400, message: expect.stringMatching(/is not a folder/) });
      const empty = tempDir('empty');
      await expect(service.publish('public', empty)).rejects.toMatchObject({ refusal: 'invalid-build', message: expect.stringMatching(/mf-manifest\.json is missing/) });
      await expect(service.publish('public', fakeBuild('admin').dir)).rejects.toMatchObject({ refusal: 'invalid-build', message: expect.stringMatching(/build of admin_remote, not of the public remote/) });
      const noServer = fakeBuild('public');
      fs.rmSync(path.join(noServer.dir, 'server'), { recursive: true });
      await expect(service.publish('public', noServer.dir)).rejects.toMatchObject({ refusal: 'invalid-build', message: expect.stringMatching(/has no server\/pages\.js/) });
    });
  });

  describe('activate, rollback and what is refused', () => {
    it('activates a release: /remotes/<r>/ serves it at once, /remotes.json names its own URL; the old one stays reachable by its path', async () => {
      const first = fakeBuild('public');
      const second = fakeBuild('public');
      const a = (await service.publish('public', first.dir)).release.id;
      const b = (await service.publish('public', second.dir)).release.id;
      // Nothing active yet: nothing served.
      expect((await get('/remotes/public/remoteEntry.js')).statusCode).toBe(404);

      await activateAndWait(ctx.app, 'public', a);
      const entry = await get('/remotes/public/remoteEntry.js');
      expect(entry.statusCode).toBe(200);
      expect(entry.body).toContain(first.mark);
      expect(entry.headers['cache-control']).toBe('no-cache');
      expect(entry.headers['access-control-allow-origin']).toBe('*');
      expect((await get('/remotes.json')).json().remotes.public_remote).toBe(`/remotes/public/r/${a}/mf-manifest.json`);

      const result = await service.activate('public', b, 'test');
      expect(result).toMatchObject({ remote: 'public', active: b, previous: a, changed: true });
      // PGlite notifies in-process and PostgreSQL through LISTEN: wait for this process to have heard it.
      if (ctx.app.releases.registry?.active('public')?.id !== b) await nextChange(ctx.app.releases.registry, 'public');
      expect((await get('/remotes/public/remoteEntry.js')).body).toContain(second.mark);
      expect((await get('/remotes.json')).json().remotes.public_remote).toBe(`/remotes/public/r/${b}/mf-manifest.json`);

      // The earlier release by its own path: everything immutable there, the entry included.
      const old = await get(`/remotes/public/r/${a}/remoteEntry.js`);
      expect(old.statusCode).toBe(200);
      expect(old.body).toContain(first.mark);
      expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Its hashed chunk, under the remote's own path too (a page loaded before the activation asks it there), with its
      // pre-compressed copy as the build wrote it.
      const chunk = await get(`/remotes/public/${first.chunk}`, { 'accept-encoding': 'br' });
      expect(chunk.statusCode).toBe(200);
      expect(chunk.headers['content-encoding']).toBe('br');
      expect(chunk.body).toBe(`br of ${first.mark}`);
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // An entry file is never taken from another release; unknown releases and paths are 404.
      expect((await get(`/remotes/public/r/20000101000000-00000000/remoteEntry.js`)).statusCode).toBe(404);
      expect((await get(`/remotes/public/r/not-a-release/remoteEntry.js`)).statusCode).toBe(404);
      // No way out of a release's folder: an encoded '/' after '..' reaches the route as one segment (the raw '..' of
      // an HTTP request is in the control test, where the URL is not normalized on the way).
      for (const escape of [`/remotes/public/r/${a}/..%2f${b}%2fremoteEntry.js`, `/remotes/public/..%2fpublic%2f${b}%2fremoteEntry.js`, `/remotes/public/r/${a}/.%2fremoteEntry.js`]) {
        expect([403, 404]).toContain((await get(escape)).statusCode);
      }
      expect((await get('/remotes/public/nothing.0123456789.js')).statusCode).toBe(404);

      // Activating the active one changes nothing and notifies nobody.
      expect(await service.activate('public', b, 'test')).toMatchObject({ changed: false, active: b, previous: a });
      const [list] = await service.list('public');
      expect(list).toMatchObject({ active: b, previous: a });
      expect(list?.releases.find((r) => r.id === b)).toMatchObject({ active: true, previous: false });
      expect(list?.releases.find((r) => r.id === a)).toMatchObject({ active: false, previous: true });
    });

    it('refuses an unknown or malformed id, a build the shell cannot run, and a rollback with nowhere to go', async () => {
      await expect(service.activate('admin', '20000101000000-00000000', 'test')).rejects.toMatchObject({ refusal: 'not-found', statusCode: 404, code: 'NOT_FOUND' });
      await expect(service.activate('admin', '../../etc', 'test')).rejects.toMatchObject({ refusal: 'not-found', statusCode: 404 });
      await expect(service.rollback('admin', 'test')).rejects.toMatchObject({ refusal: 'no-previous', statusCode: 409, message: expect.stringMatching(/no active release yet/) });

      // Built against a newer major of @vitrine/core than the shell provides: published (the shell may come later), not activated.
      const newer = await service.publish('admin', fakeBuild('admin', { requires: { '@vitrine/core': '^3.0.0' } }).dir);
      expect(newer.release).toMatchObject({ compatible: false, incompatibility: expect.stringMatching(/needs @vitrine\/core \^3\.0\.0.*it has 2\.0\.0/) });
      await expect(service.activate('admin', newer.release.id, 'test')).rejects.toMatchObject({ refusal: 'incompatible', statusCode: 409, code: 'CONFLICT' });
      expect((await service.list('admin'))[0]?.active).toBeNull();

      const only = (await service.publish('admin', fakeBuild('admin').dir)).release.id;
      await activateAndWait(ctx.app, 'admin', only);
      await expect(service.rollback('admin', 'test')).rejects.toMatchObject({ refusal: 'no-previous', message: expect.stringMatching(/no previous release/) });
    });

    it('rolls back through the history: C → B → A, then nothing further', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await service.publish('admin', fakeBuild('admin').dir)).release.id);
      for (const id of ids) await service.activate('admin', id, 'test');
      expect(await service.rollback('admin', 'test')).toMatchObject({ active: ids[1], previous: ids[0], changed: true });
      const rolled = await service.rollback('admin', 'test');
      expect(rolled.active).toBe(ids[0]);
      await expect(service.rollback('admin', 'test')).rejects.toMatchObject({ refusal: 'no-previous' });
      const history = await ctx.db.query<{ release_id: string; action: string }>("SELECT release_id, action FROM remote_release_history WHERE remote = 'admin' ORDER BY seq DESC LIMIT 2");
      expect(history).toEqual([
        { release_id: ids[0], action: 'rollback' },
        { release_id: ids[1], action: 'rollback' },
      ]);
    });

    it('keeps every request whole while releases change under it: each answer is one release or the other', async () => {
      const one = fakeBuild('admin');
      const two = fakeBuild('admin');
      const x = (await service.publish('admin', one.dir)).release.id;
      const y = (await service.publish('admin', two.dir)).release.id;
      await service.activate('admin', x, 'test');
      const answers = await Promise.all([
        ...Array.from({ length: 20 }, () => get('/remotes/admin/remoteEntry.js')),
        service.activate('admin', y, 'test').then(() => undefined),
        service.activate('admin', x, 'test').then(() => undefined),
        ...Array.from({ length: 20 }, () => get('/remotes/admin/remoteEntry.js')),
      ]);
      for (const res of answers) {
        if (!res) continue;
        expect(res.statusCode).toBe(200);
        expect([one.mark, two.mark].some((mark) => res.body.includes(mark))).toBe(true);
      }
    });
  });

  describe('retention', () => {
    it('keeps the newest RELEASES_KEEP, and the active and the previous one whatever their age; a removed release is refused until published again', async () => {
      // A remote of its own for this test: the public one, its earlier releases retired by the new ones.
      const builds = Array.from({ length: 6 }, () => fakeBuild('public'));
      const ids: string[] = [];
      for (const build of builds.slice(0, 2)) ids.push((await service.publish('public', build.dir)).release.id);
      await service.activate('public', ids[0] as string, 'test');
      await service.activate('public', ids[1] as string, 'test');
      // Now active ids[1], previous ids[0]; four newer releases arrive, the store keeps 3 (RELEASES_KEEP) + those two.
      const removed: string[] = [];
      for (const build of builds.slice(2)) {
        const published = await service.publish('public', build.dir);
        ids.push(published.release.id);
        removed.push(...published.removed);
      }
      const [list] = await service.list('public');
      const kept = list?.releases.map((r) => r.id) ?? [];
      expect(kept.slice(0, 3)).toEqual([ids[5], ids[4], ids[3]]);
      expect(kept).toEqual(expect.arrayContaining([ids[0], ids[1]]));
      expect(kept).not.toContain(ids[2]);
      expect(removed).toEqual(expect.arrayContaining([ids[2]]));
      expect(fs.existsSync(path.join(releasesDir, 'public', ids[2] as string))).toBe(false);
      for (const id of kept) expect(fs.existsSync(path.join(releasesDir, 'public', id, 'mf-manifest.json'))).toBe(true);
      // The active one and the previous one survive although they are the oldest.
      expect(list).toMatchObject({ active: ids[1], previous: ids[0] });

      await expect(service.activate('public', ids[2] as string, 'test')).rejects.toMatchObject({ refusal: 'removed', statusCode: 409 });
      expect((await get(`/remotes/public/r/${ids[2]}/remoteEntry.js`)).statusCode).toBe(404);
      // Published again: the same release back, as published now.
      const back = await service.publish('public', builds[2]?.dir as string);
      expect(back).toMatchObject({ created: true, release: { id: ids[2] } });
      expect((await service.list('public'))[0]?.releases[0]?.id).toBe(ids[2]);
    });
  });

  describe('GET /api/system/releases', () => {
    it('lists each remote\'s releases and the active one, for admins only', async () => {
      const res = await ctx.call('GET', '/api/system/releases', { token: ctx.admin.token });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { remote: string; active: string | null; keep: number; releases: { id: string; active: boolean; requires: Record<string, string> }[] }[];
      expect(data.map((d) => d.remote)).toEqual(['public', 'admin']);
      for (const remote of data) {
        expect(remote.keep).toBe(3);
        expect(remote.releases.filter((r) => r.active).map((r) => r.id)).toEqual(remote.active ? [remote.active] : []);
      }
      expect((await ctx.call('GET', '/api/system/releases')).statusCode).toBe(401);
      // Every access, but not of the admin type.
      const manager = await ctx.staff(['dashboard', 'article_management', 'site_editor', 'user_management', 'settings']);
      expect((await ctx.call('GET', '/api/system/releases', { token: manager.token })).statusCode).toBe(403);
    });
  });
});
