import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { ADMIN, testConfig } from '../helpers';

const TEST_URL = process.env.TEST_DATABASE_URL;
const REPLICAS = 4;

/**
 * Replicas started together on an empty PostgreSQL database (skipped without TEST_DATABASE_URL): each opens it,
 * migrates, seeds and starts its job engine (installing pg-boss, declaring the queues, saving the schedules) at the
 * same moment as the others, and every one of them comes up ready.
 */
(TEST_URL ? describe : describe.skip)('replicas starting together on an empty database', () => {
  const name = `vitrine_start_${randomBytes(5).toString('hex')}`;
  const url = new URL(TEST_URL ?? 'postgres://x@127.0.0.1/x');
  url.pathname = `/${name}`;
  const apps: FastifyInstance[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-start-'));

  const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: TEST_URL });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(() => admin((c) => c.query(`CREATE DATABASE ${name}`)), 30_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it(`starts ${REPLICAS} at once: all ready, the job engine running in each, one admin, one set of queues`, async () => {
    const config = testConfig({ databaseUrl: url.toString(), dataDir, jobsWorkers: true, jobsSchema: 'pgboss', adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    const started = await Promise.allSettled(
      Array.from({ length: REPLICAS }, async () => {
        const app = await buildApp({ config, logger: false });
        apps.push(app);
        await app.ready();
        return app;
      }),
    );
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(Array(REPLICAS).fill('started'));
    for (const app of apps) {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
      expect(app.jobs.started).toBe(true);
    }
    const [db] = apps as [FastifyInstance];
    expect(await db.db.query('SELECT count(*)::int AS n FROM users')).toEqual([{ n: 1 }]);
    const queues = await db.db.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
    expect(new Set(queues.map((q) => q.name)).size).toBe(queues.length);
    expect(queues.map((q) => q.name)).toContain('mail-deliver');
  }, 240_000);
});
