import path from 'node:path';
import { createJobEngine } from '../../src/jobs/engine';
import { createTestDb } from '../helpers';
import type { Db } from '../../src/db';
import { startReplica as start, stopAllReplicas, stopReplica, until, type Replica } from '../replica-process';

/**
 * Two real API processes on one PostgreSQL (skipped without TEST_DATABASE_URL): a scheduled job runs once
 * across them, and a job whose worker process is killed mid-run is picked up again by the other.
 */
const url = process.env.TEST_DATABASE_URL;
const describePg = url ? describe : describe.skip;

const REPLICA = path.join(__dirname, 'replica.ts');

const startReplica = (schema: string, env: Record<string, string> = {}) => start(REPLICA, { REPLICA_DB_URL: url, REPLICA_SCHEMA: schema, ...env });

interface Run {
  queue: string;
  job_id: string;
  pid: number;
  retry_count: number;
  minute: string;
}

describePg('jobs across two API processes (postgres)', () => {
  let db: Db;
  let schema: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, schema, cleanup } = await createTestDb('postgres'));
    await db.exec(
      'CREATE TABLE job_runs (queue text NOT NULL, job_id uuid NOT NULL, pid integer NOT NULL, retry_count integer NOT NULL, ran_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  afterAll(async () => {
    await stopAllReplicas();
    await cleanup();
  });

  const runs = (queue: string) =>
    db.query<Run>(
      "SELECT queue, job_id::text AS job_id, pid, retry_count, to_char(date_trunc('minute', ran_at), 'HH24:MI') AS minute FROM job_runs WHERE queue = $1 ORDER BY ran_at",
      [queue],
    );

  it('runs a scheduled job once per tick, not once per process', async () => {
    // Keep the window clear of a minute boundary: the every-minute schedule then ticks once in it.
    await until(async () => new Date().getUTCSeconds(), (s) => s >= 2 && s <= 30);
    const [a, b] = (await Promise.all([startReplica(schema), startReplica(schema)])) as [Replica, Replica];
    await until(() => runs('test-tick'), (rows) => rows.length >= 1);

    // Both processes keep checking the schedule every second; wait for three more checks (by either) after the run.
    const cronChecks = () => db.query<{ at: string }>(`SELECT cron_on::text AS at FROM ${schema}.version`);
    const seen = new Set<string>();
    await until(cronChecks, (rows) => {
      if (rows[0]?.at) seen.add(rows[0].at);
      return seen.size >= 4;
    });
    const ticks = await runs('test-tick');
    const perMinute = new Map<string, number>();
    for (const run of ticks) perMinute.set(run.minute, (perMinute.get(run.minute) ?? 0) + 1);
    expect([...perMinute.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(ticks.map((t) => t.job_id)).size).toBe(ticks.length);
    await Promise.all([stopReplica(a), stopReplica(b)]);
  }, 90_000);

  it('gives a job whose worker was killed mid-run to another process', async () => {
    const holder = await startReplica(schema, { REPLICA_HOLD: '1' });
    const sender = createJobEngine({ db, schema, workers: false, log: { error: () => undefined } as never });
    await sender.define('test-hold', { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 2, pollingIntervalSeconds: 1 }, async () => undefined);
    await sender.start();
    const jobId = await sender.send('test-hold', { n: 1 });
    await sender.stop();

    const [first] = await until(() => runs('test-hold'), (rows) => rows.length >= 1);
    expect(first).toMatchObject({ job_id: jobId, pid: holder.child.pid, retry_count: 0 });
    await stopReplica(holder, 'SIGKILL');

    const other = await startReplica(schema);
    const job = await until(
      async () => (await db.query<{ state: string }>(`SELECT state::text FROM ${schema}.job WHERE id = $1`, [jobId]))[0],
      (row) => row?.state === 'completed',
    );
    expect(job?.state).toBe('completed');
    const all = await runs('test-hold');
    expect(all.map((r) => ({ pid: r.pid, retry_count: r.retry_count }))).toEqual([
      { pid: holder.child.pid, retry_count: 0 },
      { pid: other.child.pid, retry_count: 1 },
    ]);
    await stopReplica(other);
  }, 90_000);
});
