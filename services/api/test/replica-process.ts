import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db';

/**
 * The body of a test replica process (jobs/replica.ts, plugins/answer-replica.ts): `start` builds the
 * app; SIGTERM closes it and its database and exits; a failure to start is printed and exits 1.
 */
export function runReplica(start: () => Promise<{ app: FastifyInstance; db: Db }>): void {
  start().then(
    ({ app, db }) => {
      process.on('SIGTERM', () => {
        app.close().then(
          () => db.close().then(() => process.exit(0)),
          () => process.exit(1),
        );
      });
    },
    (err: unknown) => {
      process.stderr.write(`replica failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
