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
    // A killed process's claims are taken back once its lease (6 s, renewed every 2 s whatever its SMTP conversation is
    // doing) has run out; each process looks for sends every second.
    digest: { leaseSeconds: 6, watchSeconds: 1, retrySeconds: 1 },
  });
  await app.ready();
  process.stdout.write('ready\n');
  return { app, db };
}

runReplica(main);
