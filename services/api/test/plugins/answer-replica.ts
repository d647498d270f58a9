// One API process for the cross-process cache test (answer-cache-replicas.test.ts): the real app
// (buildApp) on the PostgreSQL schema the test names, listening on a free port.
//   REPLICA_DB_URL, REPLICA_SCHEMA: the shared database. Prints "ready <port>" once it listens.
import { buildApp } from '../../src/app';
import { createPostgresDb } from '../../src/db/postgres';
import { testConfig } from '../helpers';

async function main(): Promise<void> {
  const schema = process.env.REPLICA_SCHEMA as string;
  const db = createPostgresDb({ connectionString: process.env.REPLICA_DB_URL as string, schema, max: 4 });
  const app = await buildApp({ config: testConfig({ jobsSchema: schema }), logger: false, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.on('SIGTERM', () => {
    app.close().then(
      () => db.close().then(() => process.exit(0)),
      () => process.exit(1),
    );
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`replica failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
