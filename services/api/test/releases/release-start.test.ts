import fs from 'node:fs';
import { buildApp } from '../../src/app';
import { seedDatabase } from '../../src/seed';
import { ADMIN, BACKENDS, createTestDb, TEST_SCRYPT_COST, testConfig } from '../helpers';
import { fakeBuild, fakeShell, tempDir } from './builds';

describe.each(BACKENDS)('the first start publishes and activates the built remotes (%s)', (backend) => {
  it('a fresh start makes each dist/ the first release; later starts leave the pointer alone, unless told to take a new build', async () => {
    const { db, schema, cleanup } = await createTestDb(backend);
    await seedDatabase(db, { admin: ADMIN, demo: false, scryptCost: TEST_SCRYPT_COST });
    const dataDir = tempDir('release-start');
    const site = { shellDir: fakeShell(tempDir('release-start-shell')) };
    const start = async (dists: { public?: string; admin?: string }, mode: 'first' | 'new' = 'first') => {
      const app = await buildApp({ logger: false, db, config: testConfig({ dataDir, jobsSchema: schema, releaseDistAtStart: mode }), site, releases: { dists } });
      await app.ready();
      return app;
    };
    try {
      const publicA = fakeBuild('public');
      const adminA = fakeBuild('admin');
      let app = await start({ public: publicA.dir, admin: adminA.dir });
      const [pub, adm] = await app.releases.service.list();
      expect(pub?.releases).toHaveLength(1);
      expect(adm?.releases).toHaveLength(1);
      expect(app.releases.registry?.active('public')?.id).toBe(pub?.active);
      expect(app.releases.registry?.active('admin')?.id).toBe(adm?.active);
      expect((await app.inject({ method: 'GET', url: '/remotes/admin/remoteEntry.js' })).body).toContain(adminA.mark);
      const history = await db.query<{ action: string; actor: string }>("SELECT action, actor FROM remote_release_history WHERE remote = 'admin'");
      expect(history).toEqual([{ action: 'first', actor: 'start' }]);
      await app.close();

      // A new build in dist/: the default start ('first') leaves the active release as it is.
      const adminB = fakeBuild('admin');
      app = await start({ admin: adminB.dir });
      expect(app.releases.registry?.active('admin')?.id).toBe(adm?.active);
      expect((await app.releases.service.list('admin'))[0]?.releases).toHaveLength(1);
      await app.close();

      // npm start ('new'): a build never published is published and activated.
      app = await start({ admin: adminB.dir }, 'new');
      const [afterNew] = await app.releases.service.list('admin');
      expect(afterNew?.releases).toHaveLength(2);
      expect(afterNew?.previous).toBe(adm?.active);
      expect((await app.inject({ method: 'GET', url: '/remotes/admin/remoteEntry.js' })).body).toContain(adminB.mark);
      // Rolled back; the next npm start with the same dist/ (a build already published) does not undo the rollback.
      await app.releases.service.rollback('admin', 'test');
      await app.close();
      app = await start({ admin: adminB.dir }, 'new');
      expect(app.releases.registry?.active('admin')?.id).toBe(adm?.active);
      await app.close();
    } finally {
      await cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
