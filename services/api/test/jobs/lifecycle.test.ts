import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../src/db';
import { createJobEngine } from '../../src/jobs/engine';
import { BACKENDS, pgliteTestDb, setupApp, testConfig } from '../helpers';

/** The engine starts with the app and stops with it: a job running at close finishes before the database closes. */
describe.each(BACKENDS)('job engine lifecycle (%s)', (backend) => {
  it('lets an in-flight job finish when the app closes, and records it completed', async () => {
    const ctx = await setupApp(backend, { config: testConfig({ jobsWorkers: true }) });
    try {
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started: () => void = () => undefined;
      const running = new Promise<void>((resolve) => (started = resolve));
      await ctx.app.jobs.define(
        'test-slow',
        { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 60, pollingIntervalSeconds: 0.5 },
        async () => {
          started();
          await gate;
          return { finished: true };
        },
      );
      const id = await ctx.app.jobs.send('test-slow', {});
      await running;

      // Released only once the engine's stop has begun and is waiting: a close that did not wait would have failed
      // the job back to the queue.
      const boss = ctx.app.jobs.boss;
      const stop = boss.stop.bind(boss);
      jest.spyOn(boss, 'stop').mockImplementation((options) => {
        const stopping = stop(options);
        setImmediate(release);
        return stopping;
      });
      await ctx.app.close();
      const rows = await ctx.db.query<{ state: string; output: unknown }>(`SELECT state::text, output FROM ${ctx.app.config.jobsSchema}.job WHERE id = $1`, [id]);
      expect(rows[0]).toEqual({ state: 'completed', output: { finished: true } });
    } finally {
      await ctx.close();
    }
  }, 60_000);
});

/** A PGlite database that refuses every call until up() is called. */
async function databaseDown(): Promise<{ real: Db; flaky: Db; up: () => void }> {
  const real = await pgliteTestDb({ migrated: false });
  let down = true;
  const refuse = () => Promise.reject(new Error('connection refused'));
  const flaky: Db = {
    kind: 'pglite',
    query: (sql, params) => (down ? refuse() : real.query(sql, params)),
    exec: (sql) => (down ? refuse() : real.exec(sql)),
    transaction: (fn) => (down ? refuse() : real.transaction(fn)),
    close: () => real.close(),
  };
  return { real, flaky, up: () => (down = false) };
}

describe('job engine start with the database down', () => {
  it('does not fail the app: it logs and retries, and a send once the database answers starts it', async () => {
    const { real, flaky, up } = await databaseDown();
    const errors: string[] = [];
    const log = { error: (_obj: unknown, msg: string) => errors.push(msg), info: () => undefined } as unknown as FastifyBaseLogger;
    const engine = createJobEngine({ db: flaky, schema: 'pgboss', workers: false, log, tuning: { startRetrySeconds: 60 } });
    let ran = 0;
    await engine.define('test-later', { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 60, pollingIntervalSeconds: 1 }, async () => {
      ran += 1;
    });
    try {
      await engine.launch();
      expect(engine.started).toBe(false);
      expect(errors).toContain('job engine could not start; retrying');

      up();
      // A send before the background retry comes starts the engine itself.
      await engine.send('test-later', {});
      expect(engine.started).toBe(true);
      expect(await engine.drain()).toBe(1);
      expect(ran).toBe(1);
    } finally {
      await engine.stop();
      await real.close();
    }
  }, 60_000);

  it('starts by itself on a background retry once the database answers', async () => {
    const { real, flaky, up } = await databaseDown();
    let retried: () => void = () => undefined;
    const startedByRetry = new Promise<void>((resolve) => (retried = resolve));
    // The retry that succeeds says so ('job engine started'): the test waits for that, however long the machine takes.
    const log = { error: () => undefined, info: (msg: string) => msg === 'job engine started' && retried() } as unknown as FastifyBaseLogger;
    const engine = createJobEngine({ db: flaky, schema: 'pgboss', workers: false, log, tuning: { startRetrySeconds: 0.05 } });
    try {
      await engine.launch();
      expect(engine.started).toBe(false);
      up();
      await startedByRetry;
      expect(engine.started).toBe(true);
      expect(await engine.boss.getQueues()).toEqual([]);
    } finally {
      await engine.stop();
      await real.close();
    }
  }, 60_000);
});
