import pg from 'pg';
import { DatabaseUnavailableError } from '../errors';
import { isDatabaseUnavailable } from './faults';
import type { Db, ListenHandlers, Queryable } from './types';

/** The timeouts of docs/decisions/faults.md (milliseconds; 0 = none). */
export interface DbTimeouts {
  /** Waiting for a new connection (TCP + handshake) or a free pooled one. */
  connectMs: number;
  /** Server-side statement_timeout: a statement running longer is cancelled (57014). */
  statementMs: number;
  /** Client-side read timeout: the answer must arrive by then, even when the server or the network hangs. */
  queryMs: number;
  /** Server-side idle_in_transaction_session_timeout: a transaction left open is ended. */
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { connectMs: 5000, statementMs: 10_000, queryMs: 11_000, idleInTransactionMs: 10_000 };

export interface PostgresOptions {
  connectionString: string;
  /** Sets search_path on every connection (tests isolate each file in its own schema). */
  schema?: string;
  max?: number;
  timeouts?: Partial<DbTimeouts>;
  /** Where a lost idle connection is reported (the pool replaces it by itself). */
  onConnectionError?: (err: Error) => void;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
}

/** A database fault becomes a 503 DATABASE_UNAVAILABLE; any other error goes on unchanged. */
function translate(err: unknown): unknown {
  return isDatabaseUnavailable(err) ? new DatabaseUnavailableError(err) : err;
}

function wrap(conn: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      try {
        const result = await conn.query(sql, params as unknown[]);
        return result.rows as T[];
      } catch (err) {
        throw translate(err);
      }
    },
    async exec(sql: string): Promise<Record<string, unknown>[]> {
      try {
        // A script of several statements answers one result per statement; a single statement, one result.
        const result = (await conn.query(sql)) as pg.QueryResult | pg.QueryResult[];
        return (Array.isArray(result) ? result : [result]).flatMap((r) => (r.rows ?? []) as Record<string, unknown>[]);
      } catch (err) {
        throw translate(err);
      }
    },
  };
}

/** Retry delays of a lost LISTEN connection: doubling from the first to the last. */
const LISTEN_RETRY_MS = { first: 250, last: 5000 };

/**
 * LISTEN on a dedicated connection (a pooled one cannot hold a LISTEN: the pool hands it to others).
 * A lost connection is reported (`state(false)`) and opened again with a growing delay; `state(true)`
 * follows each LISTEN that took, so the caller re-reads what it may have missed meanwhile.
 */
async function listenOn(options: PostgresOptions, timeouts: DbTimeouts, channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let delay = LISTEN_RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;
  const dropped = new WeakSet<pg.Client>();

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MS.last);
  };
  const drop = (client: pg.Client, err?: Error) => {
    if (dropped.has(client)) return;
    dropped.add(client);
    client.end().catch(() => undefined);
    if (current === client) {
      current = undefined;
      handlers.state(false);
    }
    if (err && !stopped) options.onConnectionError?.(err);
    retry();
  };
  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: timeouts.queryMs || undefined,
      // A peer that vanished without closing (a cut network) is noticed within about a minute.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: `${options.applicationName ?? 'vitrine-api'}-listen`,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    client.on('error', (err) => drop(client, err));
    client.on('end', () => drop(client));
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      drop(client, err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (stopped || dropped.has(client)) {
      drop(client);
      return;
    }
    current = client;
    delay = LISTEN_RETRY_MS.first;
    handlers.state(true);
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const client = current;
    current = undefined;
    if (client) {
      dropped.add(client);
      await client.end().catch(() => undefined);
    }
  };
}

/**
 * A PostgreSQL server through a node-postgres pool (DATABASE_URL). A connection the server closes
 * while idle (restart, failover, pg_terminate_backend) is logged and dropped; the next query opens a
 * new one, so the API recovers by itself when the database returns.
 */
export function createPostgresDb(options: PostgresOptions): Db {
  const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts };
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs || undefined,
    statement_timeout: timeouts.statementMs || undefined,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs || undefined,
    keepAlive: true,
    application_name: options.applicationName ?? 'vitrine-api',
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // Without a listener, an idle client's error (the server went away) is an uncaught 'error' event
  // that ends the process. The pool has already removed that client.
  pool.on('error', (err) => options.onConnectionError?.(err));
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw translate(err);
      }
      let broken: Error | undefined;
      // While checked out the pool does not listen to the client: a connection lost between two
      // statements (server restart, idle-in-transaction timeout) would be an uncaught 'error' event.
      const onLost = (err: Error) => {
        broken = err;
        options.onConnectionError?.(err);
      };
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        // A client whose connection failed is destroyed on release rather than handed to the next caller.
        if (isDatabaseUnavailable(err)) broken = err instanceof Error ? err : new Error(String(err));
        else {
          try {
            await client.query('ROLLBACK');
          } catch (rollbackError) {
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          }
        }
        throw translate(err);
      } finally {
        client.off('error', onLost);
        client.release(broken);
      }
    },
    listen: (channel, handlers) => listenOn(options, timeouts, channel, handlers),
    close: () => pool.end(),
  };
}
