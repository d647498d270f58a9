// One API process for the digest's cross-process tests (digest-replicas.test.ts): the real app on the
// PostgreSQL schema the test names, job workers on, SMTP to the test's server, short digest timings.
//   REPLICA_DB_URL, REPLICA_SCHEMA: the shared database;  REPLICA_SMTP_URL: the test's SMTP server.
// Prints "ready" once its workers run.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createPostgresDb } from '../../src/db/postgres';
import type { Db } from '../../src/db';
import { testConfig } from '../helpers';
import { runReplica } from '../replica-process';

async function main(): Promise<{ app: FastifyInstance; db: Db }> {
  const schema = process.env.REPLICA_SCHEMA as string;
  const db = createPostgresDb({ connectionString: process.env.REPLICA_DB_URL as string, schema, max: 4 });
  const app = await buildApp({
    config: testConfig({ jobsWorkers: true, jobsSchema: schema, smtpUrl: process.env.REPLICA_SMTP_URL }),
    logger: false,
    db,
    jobs: { maintenanceIntervalSeconds: 1, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
    // Claims of a dead process are taken back after 10 s; runs hand over every 2 s. (3 s was shorter than a batch's
    // SMTP sends on a loaded machine: a live claim was taken back and its mails went out twice.)
    digest: { runSeconds: 2, staleClaimSeconds: 10, retrySeconds: 1 },
  });
  await app.ready();
  process.stdout.write('ready\n');
  return { app, db };
}

runReplica(main);
