import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../src/db';
import { createPostgresDb } from '../../src/db/postgres';
import * as contentVersion from '../../src/repositories/content-version';
import { seedDatabase } from '../../src/seed';
import { png, upload } from '../content-helpers';
import { ADMIN, createTestDb, sessionCookie, TEST_SCRYPT_COST, testConfig, type TestContext } from '../helpers';

/**
 * Two API processes on one PostgreSQL (skipped without TEST_DATABASE_URL): a publish on one changes the
 * cached answers of the other within a second (LISTEN/NOTIFY), and the other's hits need no query.
 */
const url = process.env.TEST_DATABASE_URL;
const describePg = url ? describe : describe.skip;

const REPLICA = path.join(__dirname, 'answer-replica.ts');
const ROOT = path.join(__dirname, '..', '..', '..', '..');

function startReplica(schema: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', REPLICA], {
    cwd: ROOT,
    env: { ...process.env, REPLICA_DB_URL: url, REPLICA_SCHEMA: schema },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const ready = /ready (\d+)/.exec(chunk.toString());
      if (ready) resolve({ child, port: Number(ready[1]) });
    });
    child.once('exit', (code) => reject(new Error(`replica exited (${code}) before it was ready: ${stderr}`)));
  });
}

describePg('answer cache across two API processes (postgres)', () => {
  let db: Db;
  let appDb: Db;
  const applicationName = `vitrine-cache-${randomBytes(4).toString('hex')}`;
  let schema: string;
  let cleanup: () => Promise<void>;
  let app: FastifyInstance;
  let replica: { child: ChildProcess; port: number } | undefined;
  let dataDir: string;

  beforeAll(async () => {
    ({ db, schema, cleanup } = await createTestDb('postgres'));
    await seedDatabase(db, { admin: ADMIN, demo: false, scryptCost: TEST_SCRYPT_COST });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-cache-replica-'));
    // This process's own pool and listener, named so that the test can cut its LISTEN connection.
    appDb = createPostgresDb({ connectionString: url as string, schema, max: 4, applicationName });
    app = await buildApp({ config: testConfig({ dataDir, jobsSchema: schema }), logger: false, db: appDb });
    await app.ready();
    replica = await startReplica(schema);
  }, 60_000);

  afterAll(async () => {
    if (replica && replica.child.exitCode === null) {
      const exited = new Promise((resolve) => replica?.child.once('exit', resolve));
      replica.child.kill('SIGTERM');
      await exited;
    }
    await app.close();
    await appDb.close();
    await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a publish on one process changes the other one\'s cached list within a second', async () => {
    const other = (p: string) => fetch(`http://127.0.0.1:${replica?.port}${p}`);
    const ids = async () => ((await (await other('/api/public/articles?page=1')).json()) as { data: { items: { id: number }[] } }).data.items.map((a) => a.id);
    expect(await ids()).toEqual([]);
    const rss = await (await other('/rss.xml')).text();

    const login = await app.inject({ method: 'POST', url: '/api/auth/auth', payload: ADMIN });
    const token = login.json().token as string;
    const auth = { authorization: `Bearer ${token}`, cookie: sessionCookie(login) };
    const category = await app.inject({
      method: 'POST',
      url: '/api/category/category',
      headers: auth,
      payload: { name: 'Réplicas', description: 'Entre processos', text_color: '#ffffff', background_color: '#123456' },
    });
    // The category write is itself a content change: the other process may rebuild once here.
    expect(category.statusCode).toBe(201);
    const image = await upload({ app, authHeaders: () => auth } as unknown as TestContext, token, await png(40, 30));
    const created = await app.inject({
      method: 'POST',
      url: '/api/article/article',
      headers: auth,
      payload: { title: 'Publicado em um, visto no outro', content: '<p>Texto.</p>', status: 'published', image_id: image.json().data.id, category_ids: [category.json().data.id] },
    });
    expect(created.statusCode).toBe(201);
    const published = Date.now();
    const id = created.json().data.id as number;

    let seenAfter = Infinity;
    while (Date.now() - published < 5000) {
      if ((await ids()).includes(id)) {
        seenAfter = Date.now() - published;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seenAfter).toBeLessThan(1000);
    expect(await (await other('/rss.xml')).text()).not.toBe(rss);
    expect(await (await other('/rss.xml')).text()).toContain('Publicado em um, visto no outro');
  });

  it('re-reads the version when its LISTEN connection is cut, and listens again', async () => {
    const titles = async () => ((await app.inject({ method: 'GET', url: '/api/public/articles?page=1' })).json() as { data: { items: { title: string }[] } }).data.items.map((a) => a.title);
    expect(await titles()).toContain('Publicado em um, visto no outro');
    expect(app.answerCache.versions.listening()).toBe(true);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const cut = await admin.query('SELECT pg_terminate_backend(pid) FROM (SELECT pid FROM pg_stat_activity WHERE application_name = $1 OFFSET 0) mine', [`${applicationName}-listen`]);
      expect(cut.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    // Another process's write, while this one may not be listening.
    await db.transaction(async (tx) => {
      await tx.query("UPDATE articles SET title = 'Título mudado sem ninguém ouvir'");
      await contentVersion.bump(tx);
    });
    const changed = Date.now();
    while (!(await titles()).includes('Título mudado sem ninguém ouvir')) {
      expect(Date.now() - changed).toBeLessThan(3000);
      await new Promise((r) => setTimeout(r, 50));
    }
    while (!app.answerCache.versions.listening()) {
      expect(Date.now() - changed).toBeLessThan(10_000);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});
