// One API process for the cross-process cache test (answer-cache-replicas.test.ts): the real app
// (buildApp) on the PostgreSQL schema the test names, listening on a free port.
//   REPLICA_DB_URL, REPLICA_SCHEMA: the shared database. Prints "ready <port>" once it listens.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createPostgresDb } from '../../src/db/postgres';
import type { Db } from '../../src/db';
import { testConfig } from '../helpers';
import { runReplica } from '../replica-process';

async function main(): Promise<{ app: FastifyInstance; db: Db }> {
  const schema = process.env.REPLICA_SCHEMA as string;
  const db = createPostgresDb({ connectionString: process.env.REPLICA_DB_URL as string, schema, max: 4 });
  const app = await buildApp({ config: testConfig({ jobsSchema: schema }), logger: false, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
  return { app, db };
}

runReplica(main);
