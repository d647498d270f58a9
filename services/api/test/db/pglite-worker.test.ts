import type { Db } from '../../src/db';
import { createPgliteDb, PGLITE_SETTINGS } from '../../src/db/pglite';
import { DatabaseUnavailableError } from '../../src/errors';

// The embedded database runs in a worker thread (db/pglite-worker.ts); the Db surface must behave as
// PGlite in the same thread did: values, errors, transactions one at a time, and the HTTP thread free.

describe('PGlite in a worker thread', () => {
  let db: Db;

  beforeAll(async () => {
    db = await createPgliteDb('memory://');
    await db.exec('CREATE TABLE t (id serial PRIMARY KEY, name text UNIQUE NOT NULL, at timestamptz, tags text[], doc jsonb, n int NOT NULL DEFAULT 0)');
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  it('starts with the memory settings', async () => {
    const [row] = await db.query<{ shared_buffers: string }>("SELECT current_setting('shared_buffers') AS shared_buffers");
    expect(PGLITE_SETTINGS).toContain(`shared_buffers=${row!.shared_buffers}`);
  });

  it('carries parameters and results across the thread: dates, arrays, json, numbers', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const [row] = await db.query<{ id: number; at: Date; tags: string[]; doc: { a: number[] } }>(
      'INSERT INTO t (name, at, tags, doc) VALUES ($1, $2, $3, $4) RETURNING id, at, tags, doc',
      ['one', at, ['x', 'y'], JSON.stringify({ a: [1, 2] })],
    );
    expect(row).toEqual({ id: expect.any(Number), at, tags: ['x', 'y'], doc: { a: [1, 2] } });
    expect(row!.at).toBeInstanceOf(Date);
  });

  it('keeps the fields of database errors (SQLSTATE, constraint) that the services read', async () => {
    await db.query("INSERT INTO t (name) VALUES ('dup')");
    const err = await db.query("INSERT INTO t (name) VALUES ('dup')").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_name_key' });
    expect(err).not.toBeInstanceOf(DatabaseUnavailableError);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>("INSERT INTO t (name) VALUES ('kept') RETURNING id");
      return row!.id;
    });
    expect(await db.query('SELECT 1 FROM t WHERE id = $1', [id])).toHaveLength(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO t (name) VALUES ('dropped')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query("SELECT 1 FROM t WHERE name = 'dropped'")).toHaveLength(0);
  });

  it('runs one transaction at a time; statements outside wait for it to end', async () => {
    await db.query("INSERT INTO t (name) VALUES ('counter')");
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async (tx) => {
      order.push('first began');
      await tx.query("UPDATE t SET n = n + 1 WHERE name = 'counter'");
      await gate;
      order.push('first ends');
    });
    // Let the first transaction begin before the others are sent.
    while (!order.includes('first began')) await new Promise((r) => setImmediate(r));
    const second = db.transaction(async (tx) => {
      order.push('second began');
      await tx.query("UPDATE t SET n = n + 1 WHERE name = 'counter'");
    });
    const outside = db.query<{ n: number }>("SELECT n FROM t WHERE name = 'counter'").then((rows) => {
      order.push(`outside read ${rows[0]!.n}`);
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual(['first began']);
    release();
    await Promise.all([first, second, outside]);
    expect(order[0]).toBe('first began');
    expect(order[1]).toBe('first ends');
    expect(order).toContain('second began');
    expect(order.find((o) => o.startsWith('outside read'))).not.toBe('outside read 0');
    expect((await db.query<{ n: number }>("SELECT n FROM t WHERE name = 'counter'"))[0]!.n).toBe(2);
  });

  it('leaves this thread free while a statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    try {
      // Millions of rows: far longer than a few timer periods on any machine, all of it in the worker.
      const heavy = db.query<{ n: number }>('SELECT count(*)::int AS n FROM generate_series(1, 3000000) g');
      let ticksWhileRunning = 0;
      let done = false;
      void heavy.finally(() => (done = true));
      while (!done && ticksWhileRunning < 3) {
        await new Promise((r) => setTimeout(r, 5));
        if (!done) ticksWhileRunning = ticks;
      }
      expect(ticksWhileRunning).toBeGreaterThanOrEqual(3);
      expect((await heavy)[0]!.n).toBe(3_000_000);
    } finally {
      clearInterval(timer);
    }
  }, 60_000);

  it('relays NOTIFY to listeners once the transaction commits, until they stop listening', async () => {
    const heard: string[] = [];
    const states: boolean[] = [];
    const stop = await db.listen!('changes', { notify: (payload) => heard.push(payload), state: (on) => states.push(on) });
    expect(states).toEqual([true]);
    await db.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('changes', 'v2')");
      expect(heard).toEqual([]);
    });
    for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(heard).toEqual(['v2']);
    await stop();
    await db.query("SELECT pg_notify('changes', 'v3')");
    await db.query('SELECT 1');
    expect(heard).toEqual(['v2']);
  });

  it('answers DATABASE_UNAVAILABLE once closed', async () => {
    const other = await createPgliteDb('memory://');
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await other.close(); // twice is fine
  }, 60_000);
});
