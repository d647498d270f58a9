import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable } from './types';

/** The signed-in staff member a request acts for (the audit log's actor; docs/decisions/audit-log.md). */
export interface Actor {
  id: number;
  name: string;
}

const requests = new AsyncLocalStorage<{ actor?: Actor }>();

export const actorContext = {
  /** Runs the rest of a request (its later hooks and handler) with a context of its own. */
  run(fn: () => void): void {
    requests.run({}, fn);
  },
  /** The request acts for this staff member from now on (once authenticated). */
  set(actor: Actor): void {
    const store = requests.getStore();
    if (store) store.actor = actor;
  },
  current(): Actor | undefined {
    return requests.getStore()?.actor;
  },
};

/** A statement that writes (also inside a WITH). */
const WRITES = /\b(?:insert\s+into|update\s+[\w."]+\s+set|delete\s+from)\b/i;

/**
 * The app's database, naming the actor to the audit triggers: a transaction begun for a signed-in staff member
 * first sets `vitrine.actor` for itself, and a single write of theirs runs in a transaction that does; reads, and
 * everything done for nobody (visitors, jobs, the seed), go through as they are.
 */
export function withActor(db: Db): Db {
  const name = (tx: Queryable, actor: Actor) => tx.query("SELECT set_config('vitrine.actor', $1, true)", [JSON.stringify(actor)]);
  const wrapped: Db = {
    kind: db.kind,
    query<T>(sql: string, params?: readonly unknown[]): Promise<T[]> {
      const actor = actorContext.current();
      if (!actor || !WRITES.test(sql)) return db.query<T>(sql, params);
      return db.transaction(async (tx) => {
        await name(tx, actor);
        return tx.query<T>(sql, params);
      });
    },
    exec: (sql) => db.exec(sql),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const actor = actorContext.current();
      if (!actor) return db.transaction(fn);
      return db.transaction(async (tx) => {
        await name(tx, actor);
        return fn(tx);
      });
    },
    close: () => db.close(),
  };
  if (db.listen) wrapped.listen = db.listen.bind(db);
  return wrapped;
}
