// One API process for the cross-process job tests (replicas.test.ts): the real app (buildApp) on the
// PostgreSQL schema the test names, with job workers on and short engine timings, plus two test queues.
//   REPLICA_DB_URL, REPLICA_SCHEMA: the shared database;  REPLICA_HOLD=1: test-hold runs never finish.
// Prints "ready" once its workers run. Every run is recorded in <schema>.job_runs.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createPostgresDb } from '../../src/db/postgres';
import type { Db } from '../../src/db';
import { testConfig } from '../helpers';
import { runReplica } from '../replica-process';

export const TICK_QUEUE = 'test-tick';
export const HOLD_QUEUE = 'test-hold';

async function main(): Promise<{ app: FastifyInstance; db: Db }> {
  const schema = process.env.REPLICA_SCHEMA as string;
  const db = createPostgresDb({ connectionString: process.env.REPLICA_DB_URL as string, schema, max: 4 });
  const app = await buildApp({
    config: testConfig({ jobsWorkers: true, jobsSchema: schema }),
    logger: false,
    db,
    jobs: { maintenanceIntervalSeconds: 1, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
  });
  await app.ready();
  const record = (queue: string, job: { id: string; retryCount: number }) =>
    db.query('INSERT INTO job_runs (queue, job_id, pid, retry_count) VALUES ($1, $2, $3, $4)', [queue, job.id, process.pid, job.retryCount]);

  const quick = { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false, pollingIntervalSeconds: 0.5 };
  await app.jobs.define(TICK_QUEUE, { ...quick, expireInSeconds: 30 }, async (job) => {
    await record(TICK_QUEUE, job);
  });
  await app.jobs.define(HOLD_QUEUE, { ...quick, expireInSeconds: 2 }, async (job) => {
    await record(HOLD_QUEUE, job);
    // Killed mid-run: this process never finishes the job.
    if (process.env.REPLICA_HOLD === '1') await new Promise(() => undefined);
  });
  await app.jobs.schedule(TICK_QUEUE, '* * * * *');
  process.stdout.write('ready\n');
  return { app, db };
}

runReplica(main);
