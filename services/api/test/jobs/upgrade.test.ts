import type { FastifyBaseLogger } from 'fastify';
import { createJobEngine } from '../../src/jobs/engine';
import { MAIL_QUEUE, MAIL_QUEUE_OPTIONS } from '../../src/mail/mailer';
import type { Db } from '../../src/db';
import { BACKENDS, createTestDb } from '../helpers';

/** What pg-boss 10 left in its schema that the move reads: its version row (24) and its job table. */
function v10Install(schema: string): string {
  return `
    CREATE SCHEMA IF NOT EXISTS ${schema};
    CREATE TYPE ${schema}.job_state AS ENUM ('created', 'retry', 'active', 'completed', 'cancelled', 'failed');
    CREATE TABLE ${schema}.version (version int PRIMARY KEY, maintained_on timestamptz, cron_on timestamptz, monitored_on timestamptz);
    INSERT INTO ${schema}.version (version) VALUES (24);
    CREATE TABLE ${schema}.job (
      id uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY, name text NOT NULL, priority integer NOT NULL DEFAULT 0, data jsonb,
      state ${schema}.job_state NOT NULL DEFAULT 'created', retry_limit integer NOT NULL DEFAULT 2, retry_count integer NOT NULL DEFAULT 0,
      retry_delay integer NOT NULL DEFAULT 0, retry_backoff boolean NOT NULL DEFAULT false, start_after timestamptz NOT NULL DEFAULT now(),
      started_on timestamptz, singleton_key text, singleton_on timestamp, expire_in interval NOT NULL DEFAULT interval '15 minutes',
      created_on timestamptz NOT NULL DEFAULT now(), completed_on timestamptz, keep_until timestamptz NOT NULL DEFAULT now() + interval '14 days',
      output jsonb, dead_letter text, policy text);
    INSERT INTO ${schema}.job (name, data, state, retry_count, retry_limit) VALUES
      ('${MAIL_QUEUE}', '{"outboxId": 41}', 'created', 0, 8),
      ('${MAIL_QUEUE}', '{"outboxId": 42}', 'active', 3, 8),
      ('${MAIL_QUEUE}', '{"outboxId": 43}', 'completed', 0, 8),
      ('a-queue-no-longer-declared', '{}', 'created', 0, 2);
  `;
}

const quiet = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

/** Moving from pg-boss 10, whose schema later majors cannot migrate (docs/decisions/job-engine.md, "Upgrading"). */
describe.each(BACKENDS)('job engine upgrade from a pg-boss 10 install (%s)', (backend) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let schema: string;

  beforeAll(async () => {
    const test = await createTestDb(backend);
    db = test.db;
    // A schema of the engine's own (on PostgreSQL the test's schema also holds the app's tables).
    schema = backend === 'pglite' ? 'pgboss' : `${test.schema}_jobs`;
    cleanup = async () => {
      if (backend === 'postgres') await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_v10 CASCADE`);
      await test.cleanup();
    };
  }, 120_000);
  afterAll(() => cleanup());

  it('installs the current version beside it and carries over the jobs still to run, once', async () => {
    await db.exec(v10Install(schema));
    const engine = createJobEngine({ db, schema, workers: false, log: quiet });
    await engine.define(MAIL_QUEUE, MAIL_QUEUE_OPTIONS, async () => undefined);
    await engine.start();
    try {
      const jobs = await db.query<{ outbox: number; state: string; retry_count: number }>(
        `SELECT (data->>'outboxId')::int AS outbox, state::text, retry_count FROM ${schema}.job WHERE name = $1 ORDER BY 1`,
        [MAIL_QUEUE],
      );
      // The queued one as it was; the one running when pg-boss 10 stopped comes back as a retry; the done one stays behind.
      expect(jobs).toEqual([
        { outbox: 41, state: 'created', retry_count: 0 },
        { outbox: 42, state: 'retry', retry_count: 3 },
      ]);
      expect(await engine.waiting(MAIL_QUEUE, { outboxId: 42 })).toBe(true);
      const [moved] = await db.query<{ present: boolean }>('SELECT to_regnamespace($1) IS NOT NULL AS present', [`${schema}_v10`]);
      expect(moved?.present).toBe(false);
      const [version] = await db.query<{ version: number }>(`SELECT version FROM ${schema}.version`);
      expect(Number(version?.version)).toBeGreaterThan(24);
      // The next start finds nothing more to move.
      await engine.stop();
      await engine.start();
      expect(await db.query(`SELECT 1 FROM ${schema}.job WHERE name = $1`, [MAIL_QUEUE])).toHaveLength(2);
    } finally {
      await engine.stop();
    }
  }, 120_000);

  it('refuses, saying what to do, when the schema also holds other tables', async () => {
    const shared = `${schema}_shared`;
    await db.exec(`${v10Install(shared)} CREATE TABLE ${shared}.articles_of_someone_else (id int)`);
    const engine = createJobEngine({ db, schema: shared, workers: false, log: quiet });
    await expect(engine.start()).rejects.toThrow(/holds a pg-boss 10 install and other tables \(articles_of_someone_else\): move the job engine to a schema of its own/);
    await db.exec(`DROP SCHEMA ${shared} CASCADE`);
  }, 60_000);
});
