import { requestDeadline, withRequestDeadline } from '../../src/db/deadline';
import type { Db, Queryable } from '../../src/db';
import { DatabaseUnavailableError } from '../../src/errors';
import { setupApp, type TestContext } from '../helpers';

/** A database whose every statement answers after `ms` (fake timers), or never once frozen. */
function slowDb(ms: number) {
  const state = { frozen: false, ran: [] as string[], committed: false };
  const statement = (sql: string): Promise<Record<string, unknown>[]> => {
    if (state.frozen) return new Promise(() => undefined);
    return new Promise((resolve) =>
      setTimeout(() => {
        state.ran.push(sql);
        resolve([]);
      }, ms),
    );
  };
  const q: Queryable = { query: <T>(sql: string) => statement(sql) as Promise<T[]>, exec: (sql) => statement(sql) };
  const db: Db = {
    kind: 'postgres',
    ...q,
    async transaction(fn) {
      const result = await fn(q);
      await statement('COMMIT');
      state.committed = true;
      return result;
    },
    close: async () => undefined,
  };
  return { db, state };
}

/** Runs `work` as a request would, its database work due within `ms`. */
function inRequest<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => requestDeadline.run(ms, () => void work().then(resolve, reject)));
}

describe('a request’s database deadline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('bounds statements run one after another: three of 3 s each end at the 8 s deadline, 503 DATABASE_UNAVAILABLE', async () => {
    const { db, state } = slowDb(3000);
    const bounded = withRequestDeadline(db);
    const settled = jest.fn();
    const start = Date.now();
    const outcome = inRequest(8000, async () => {
      await bounded.query('SELECT 1');
      await bounded.query('SELECT 2');
      await bounded.query('SELECT 3');
    }).then(
      () => 'answered',
      (err: unknown) => {
        settled(Date.now() - start);
        return err;
      },
    );
    await jest.advanceTimersByTimeAsync(7999);
    expect(settled).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(DatabaseUnavailableError);
    expect(settled).toHaveBeenCalledWith(8000);
    expect(state.ran).toEqual(['SELECT 1', 'SELECT 2']);
  });

  it('bounds a frozen database: the first statement never answers, the request ends at its deadline', async () => {
    const { db, state } = slowDb(10);
    state.frozen = true;
    const outcome = inRequest(8000, () => withRequestDeadline(db).query('SELECT 1')).then(() => 'answered', (err: unknown) => (err instanceof DatabaseUnavailableError ? 'unavailable' : 'other'));
    await jest.advanceTimersByTimeAsync(8000);
    expect(await outcome).toBe('unavailable');
  });

  it('cuts a transaction short without committing it: a statement due after the deadline is refused', async () => {
    const { db, state } = slowDb(3000);
    const outcome = inRequest(5000, () =>
      withRequestDeadline(db).transaction(async (tx) => {
        await tx.query('UPDATE a');
        await tx.query('UPDATE b');
        await tx.query('UPDATE c');
      }),
    ).catch((err: unknown) => err);
    await jest.advanceTimersByTimeAsync(5000);
    expect(await outcome).toBeInstanceOf(DatabaseUnavailableError);
    // The statement in flight at the deadline still ends (at 6 s); nothing after it runs and nothing commits.
    await jest.advanceTimersByTimeAsync(10_000);
    expect(state.ran).toEqual(['UPDATE a', 'UPDATE b']);
    expect(state.committed).toBe(false);
  });

  it('leaves work outside a request (jobs, the start) to the statement timeouts alone', async () => {
    const { db, state } = slowDb(3000);
    const work = (async () => {
      const bounded = withRequestDeadline(db);
      for (const n of [1, 2, 3, 4]) await bounded.query(`SELECT ${n}`);
    })();
    await jest.advanceTimersByTimeAsync(12_000);
    await work;
    expect(state.ran).toHaveLength(4);
  });

  it('keeps an error of the statement itself as it is', async () => {
    const broken: Db = { ...slowDb(0).db, query: () => Promise.reject(Object.assign(new Error('duplicate key'), { code: '23505' })) };
    const err = await inRequest(8000, () => withRequestDeadline(broken).query('INSERT')).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505' });
  });
});

describe('the app with its database frozen (PGlite, fake timers)', () => {
  let ctx: TestContext;
  const freeze = { on: false };
  const never = new Promise<never>(() => undefined);

  beforeAll(async () => {
    ctx = await setupApp('pglite', {
      wrapDb: (db) => ({
        ...db,
        query: (sql, params) => (freeze.on ? never : db.query(sql, params)),
        exec: (sql) => (freeze.on ? never : db.exec(sql)),
        transaction: (fn) => (freeze.on ? never : db.transaction(fn)),
      }),
    });
  }, 180_000);
  afterAll(async () => {
    freeze.on = false;
    await ctx?.close();
  });

  it('has no plugin timeout: a slow machine makes the start slower, never failed (docs/operations.md, "Start-up")', () => {
    expect(ctx.app.initialConfig.pluginTimeout).toBe(0);
  });

  it('answers a signed-in request 503 DATABASE_UNAVAILABLE in the envelope by its 8 s deadline', async () => {
    freeze.on = true;
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const answer = ctx.call('GET', '/api/mail/outbox', { token: ctx.admin.token });
      await jest.advanceTimersByTimeAsync(8000);
      const res = await answer;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: true, statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      jest.useRealTimers();
      freeze.on = false;
    }
  });
});
