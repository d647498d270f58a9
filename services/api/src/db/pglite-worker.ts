// The embedded database's own thread: owns one PGlite (WASM PostgreSQL) and answers the messages of
// db/pglite.ts, so a heavy statement runs here and never holds the HTTP thread (docs/performance.md,
// "Embedded database"). Built to dist/pglite-worker.js beside the server.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { PgliteNotification, PgliteRequest, PgliteResponse, PgliteWorkerData, SerializedError } from './pglite-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');

/** Every own field of a database error that survives a structured clone (code, constraint, detail…). */
function serialize(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { ...fields, message: err.message, name: err.name };
}

interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  done: Promise<void>;
}

async function main(): Promise<void> {
  const { dataDir, settings, from } = workerData as PgliteWorkerData;
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])],
    ...(from ? { loadDataDir: await fs.openAsBlob(from) } : {}),
  });
  const open = new Map<number, OpenTransaction>();
  const subscriptions = new Map<number, () => Promise<void>>();
  let nextTx = 1;
  let nextSub = 1;

  const reply = (message: PgliteResponse) => port!.postMessage(message);

  const begin = (id: number) => {
    const txId = nextTx++;
    let began = false;
    // PGlite's transaction() holds its lock until the callback ends: other statements wait meanwhile.
    const done = pg.transaction(async (tx) => {
      const commit = await new Promise<boolean>((finish) => {
        open.set(txId, { tx, finish, done });
        began = true;
        reply({ id, ok: true, tx: txId });
      });
      if (!commit) await tx.rollback();
    });
    done.catch((err: unknown) => {
      if (!began) reply({ id, ok: false, error: serialize(err) });
    });
  };

  const handle = async (req: PgliteRequest): Promise<void> => {
    const conn = req.tx === undefined ? pg : open.get(req.tx)?.tx;
    switch (req.op) {
      case 'query':
        if (!conn) throw new Error('transaction is over');
        reply({ id: req.id, ok: true, rows: (await conn.query(req.sql, req.params as unknown[])).rows });
        return;
      case 'exec':
        if (!conn) throw new Error('transaction is over');
        reply({ id: req.id, ok: true, rows: (await conn.exec(req.sql)).flatMap((result) => result.rows) });
        return;
      case 'begin':
        begin(req.id);
        return;
      case 'end': {
        const entry = req.tx === undefined ? undefined : open.get(req.tx);
        if (!entry) throw new Error('transaction is over');
        open.delete(req.tx!);
        entry.finish(req.commit);
        await entry.done;
        reply({ id: req.id, ok: true });
        return;
      }
      case 'listen': {
        const sub = nextSub++;
        subscriptions.set(sub, await pg.listen(req.channel, (payload) => port!.postMessage({ notify: sub, payload } satisfies PgliteNotification)));
        reply({ id: req.id, ok: true, sub });
        return;
      }
      case 'unlisten':
        await subscriptions.get(req.sub)?.();
        subscriptions.delete(req.sub);
        reply({ id: req.id, ok: true });
        return;
      case 'dump':
        await fs.promises.writeFile(req.file, Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer()));
        reply({ id: req.id, ok: true });
        return;
      case 'close':
        await pg.close();
        reply({ id: req.id, ok: true });
        port!.close();
        return;
    }
  };

  port!.on('message', (req: PgliteRequest) => {
    handle(req).catch((err: unknown) => reply({ id: req.id, ok: false, error: serialize(err) }));
  });
  reply({ id: 0, ok: true });
}

main().catch((err: unknown) => {
  port.postMessage({ id: 0, ok: false, error: serialize(err) } satisfies PgliteResponse);
});
