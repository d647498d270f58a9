import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError, DatabaseUnavailableError } from '../errors';
import { isDatabaseUnavailable, withDeadline } from './faults';
import type { Db, Queryable } from './types';

/**
 * A request's deadline for its database work: every statement it runs, in sequence or in a transaction, and every
 * wait for a connection, end by the same instant (docs/decisions/faults.md, "A frozen database"). Work outside a
 * request (jobs, start-up) has none and keeps the per-statement timeouts alone.
 */
const deadlines = new AsyncLocalStorage<{ at: number }>();

export const requestDeadline = {
  /** Runs the rest of a request (its later hooks and handler) with its database work due within `ms`. */
  run(ms: number, fn: () => void): void {
    deadlines.run({ at: Date.now() + ms }, fn);
  },
  /** Milliseconds left to the current request's deadline (0 once past it); undefined outside a request. */
  remainingMs(): number | undefined {
    const store = deadlines.getStore();
    return store ? Math.max(0, store.at - Date.now()) : undefined;
  },
  /**
   * Runs `work` with no request deadline: an operator's command whose own steps are bounded otherwise (a release's
   * smoke render has the render's time limit per page; its database work comes after it).
   */
  outside<T>(work: () => Promise<T>): Promise<T> {
    return deadlines.exit(work);
  },
};

/** Runs `work` within what is left of the request's deadline; past it, rejects without starting it. */
function due<T>(work: () => Promise<T>): Promise<T> {
  const remaining = requestDeadline.remainingMs();
  if (remaining === undefined) return work();
  if (remaining === 0) return Promise.reject(new DatabaseUnavailableError(new Error('database did not answer within the request deadline')));
  return withDeadline(work(), remaining).catch((err: unknown) => {
    throw !(err instanceof AppError) && isDatabaseUnavailable(err) ? new DatabaseUnavailableError(err) : err;
  });
}

function bounded(q: Queryable): Queryable {
  return {
    query: (sql, params) => due(() => q.query(sql, params)),
    exec: (sql) => due(() => q.exec(sql)),
  };
}

/**
 * The app's database with each call of a request bounded by the request's deadline: a database that does not answer
 * (frozen, or a network that drops packets) costs a request at most its deadline, then 503 DATABASE_UNAVAILABLE,
 * however many statements it would have run. A transaction's statements are bounded one by one too, so one the
 * deadline cut short is rolled back instead of committing after its request was answered.
 */
export function withRequestDeadline(db: Db): Db {
  const base = bounded(db);
  const wrapped: Db = {
    kind: db.kind,
    query: base.query,
    exec: base.exec,
    transaction: (fn) => due(() => db.transaction((tx) => fn(bounded(tx)))),
    close: () => db.close(),
  };
  if (db.listen) wrapped.listen = db.listen.bind(db);
  return wrapped;
}
