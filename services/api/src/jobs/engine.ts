import { PgBoss, type Db as BossDb, type JobWithMetadata, type Queue } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db';
import { advisoryXactLock } from '../db/advisory-lock';

/**
 * The job engine: pg-boss 12 on the app's own database connection, so the same
 * code runs on PGlite (embedded default) and on PostgreSQL (DATABASE_URL).
 * See docs/decisions/job-engine.md.
 */

/** What a handler sees of a job. */
export interface JobRun<T> {
  id: string;
  data: T;
  /** 0 on the first run, 1 on the first retry, … */
  retryCount: number;
  retryLimit: number;
  /** True when a failure of this run is the last one (no retry follows). */
  lastAttempt: boolean;
}

export type JobHandler<T> = (job: JobRun<T>) => Promise<unknown>;

export interface QueueOptions {
  /** 'singleton': at most one job of the queue active at a time (scheduled work). */
  policy?: 'standard' | 'singleton';
  retryLimit: number;
  /** Seconds before the first retry; with backoff, doubled (with jitter) at every retry. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run still active after this long is failed (its worker died) and retried elsewhere. */
  expireInSeconds: number;
  /** How often an idle worker looks for work (a local send() wakes it at once). */
  pollingIntervalSeconds: number;
}

export interface SendOptions {
  /** Deduplication: one job per key (and per singletonSeconds slot when given). */
  singletonKey?: string;
  singletonSeconds?: number;
  startAfterSeconds?: number;
}

export interface EngineTuning {
  /** How often runs past their expiry are failed over (pg-boss's supervise pass; per cluster, not per replica). */
  maintenanceIntervalSeconds: number;
  /** How often schedules are checked; and how often the schedule queue is polled. */
  cronMonitorIntervalSeconds: number;
  cronWorkerIntervalSeconds: number;
  /** First wait before retrying a failed start (doubles up to 60 s). */
  startRetrySeconds: number;
  /**
   * Every worker's idle poll instead of its queue's `pollingIntervalSeconds` (tests: an hour, so that only
   * wake-ups deliver). Unset in production.
   */
  pollingSeconds?: number;
  /**
   * How long launch() and stop() wait for a start that neither succeeds nor fails (a hung database):
   * past it the app starts, or closes, without waiting; a send still starts the engine first.
   */
  startWaitSeconds: number;
}

export const DEFAULT_TUNING: EngineTuning = {
  maintenanceIntervalSeconds: 60,
  cronMonitorIntervalSeconds: 30,
  cronWorkerIntervalSeconds: 10,
  startRetrySeconds: 5,
  startWaitSeconds: 10,
};

/** Resolves when `promise` settles or after `ms`, whichever comes first (never rejects). */
function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

export interface JobEngineOptions {
  db: Db;
  /** PostgreSQL schema holding the engine's tables (pgboss by default; one per test file). */
  schema: string;
  /** Run workers and the scheduler in this process (JOBS=on); off: enqueue only. */
  workers: boolean;
  log: FastifyBaseLogger;
  tuning?: Partial<EngineTuning>;
}

export interface JobEngine {
  /** Declares a queue and its handler; its worker starts with the engine (or at once when already started). */
  define<T extends object>(queue: string, options: QueueOptions, handler: JobHandler<T>): Promise<void>;
  /**
   * A cron schedule (UTC) for a defined queue, saved when the engine starts. Every replica saves the same
   * schedule; the job is still sent once per tick across them (docs/decisions/job-engine.md).
   */
  schedule(queue: string, cron: string, data?: object): Promise<void>;
  /** Enqueues a job; with `tx` the job is inserted in that transaction (it exists only if the transaction commits). */
  send(queue: string, data: object, options?: SendOptions, tx?: Queryable): Promise<string | null>;
  /** Wakes this process's worker of the queue (after a send inside a transaction has committed). */
  notify(queue: string): void;
  /** Whether a job of the queue whose data contains `data` waits to run (queued, or failed and due to retry). */
  waiting(queue: string, data: object): Promise<boolean>;
  /**
   * A job sent every time this process's engine starts with workers on (after its workers and schedules):
   * work that must not wait for the next scheduled tick after a restart.
   */
  atStart(queue: string, data?: object): void;
  /**
   * Runs every job that is due now in this process, queue by queue, until none is left; returns how many ran.
   * `ignoreDelays` also runs retries whose backoff has not elapsed. For tests and one-off scripts.
   */
  drain(options?: { ignoreDelays?: boolean }): Promise<number>;
  /** Starts the engine (installs or migrates its tables, declares queues, saves schedules, starts workers); throws when it cannot. */
  start(): Promise<void>;
  /**
   * start(), but a failure (database down at boot) is logged and retried in the background (5 s, doubling
   * to 60 s) instead of failing the app: requests that need no job keep working meanwhile.
   */
  launch(): Promise<void>;
  /** Stops polling and scheduling; waits (up to timeoutMs) for running jobs, then fails the rest so they retry. */
  stop(timeoutMs?: number): Promise<void>;
  readonly workers: boolean;
  /** True once start() (or a launch() retry) has succeeded, until stop(). */
  readonly started: boolean;
  readonly boss: PgBoss;
}

/** pg-boss 10 left its tables at this schema version; later majors start from 25 and cannot migrate them. */
const LAST_V10_SCHEMA_VERSION = 24;
/** The tables pg-boss 10 kept in its schema (and its per-queue partitions, named j + a hash). */
const V10_TABLES = ['version', 'queue', 'schedule', 'subscription', 'job', 'archive'];
/** Serializes the move of a pg-boss 10 install and the carry-over of its jobs across processes. */
const JOBS_V10_LOCK_KEY = 727_010;

/** PostgreSQL's answers to two sessions creating the same object: unique_violation, duplicate_*, deadlock. */
const INSTALL_RACE_CODES = new Set(['23505', '42P06', '42P07', '42710', '40P01']);

function isInstallRace(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && INSTALL_RACE_CODES.has(code);
}

/** pg-boss sends its DDL and maintenance as multi-statement scripts without parameters. */
function isScript(text: string): boolean {
  return /;\s*\S/.test(text.trim().replace(/;\s*$/, ''));
}

/**
 * pg-boss's database port over the app's Queryable (pool, PGlite, or a transaction). A script answers the rows
 * of all its statements (pg-boss reads its advisory lock's row and its claim's from one script). Over the app's
 * Db it can also LISTEN (a dedicated connection on PostgreSQL, in-process on PGlite): a job sent by any process
 * wakes the workers of every process at once.
 */
export function bossDb(q: Queryable | Db): BossDb {
  const port: BossDb = {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: await q.query(text, values) };
      if (isScript(text)) return { rows: await q.exec(text) };
      return { rows: (await q.query(text)) ?? [] };
    },
  };
  const listen = 'listen' in q ? q.listen?.bind(q) : undefined;
  if (listen) {
    port.listen = async (channel, onNotification, onReconnect) => {
      // Each LISTEN that takes (the first, and again after a lost connection) makes the workers look once: a job sent
      // while nobody listened is not missed.
      const stop = await listen(channel, { notify: onNotification, state: (listening) => listening && onReconnect() });
      return { close: stop };
    };
  }
  return port;
}

interface Defined {
  options: QueueOptions;
  handler: JobHandler<object>;
  workerId?: string;
}

export function createJobEngine(options: JobEngineOptions): JobEngine {
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const makeBoss = (): PgBoss => {
    const instance = new PgBoss({
      db: bossDb(options.db),
      backend: options.db.kind === 'pglite' ? 'pglite' : 'postgres',
      schema: options.schema,
      migrate: true,
      supervise: options.workers,
      schedule: options.workers,
      // No registry row per process, refreshed every 30 s: nothing here reads it, and an idle process stays quiet.
      registerInstance: false,
      // A job sent by any process (a mail queued by a web replica) wakes the workers of every process at once, through
      // LISTEN/NOTIFY on the app's database; each queue's poll stays as the floor (queues are declared with notify on).
      // A process without workers only sends: it does not listen.
      useListenNotify: options.workers,
      // No job here waits for another (pg-boss's flows): their resolver looks once a minute instead of every 5 s.
      flowIntervalSeconds: 60,
      // Expiry of dead runs: a supervise pass, whose per-queue monitor step fails over what ran past its expiry.
      superviseIntervalSeconds: tuning.maintenanceIntervalSeconds,
      monitorIntervalSeconds: tuning.maintenanceIntervalSeconds,
      cronMonitorIntervalSeconds: tuning.cronMonitorIntervalSeconds,
      cronWorkerIntervalSeconds: tuning.cronWorkerIntervalSeconds,
    });
    instance.on('error', (err: Error) => options.log.error({ err }, 'job engine error'));
    return instance;
  };
  // A pg-boss instance whose start failed cannot be started again: a failed start replaces it.
  let boss = makeBoss();
  let retryTimer: NodeJS.Timeout | undefined;

  const queues = new Map<string, Defined>();
  const schedules = new Map<string, { cron: string; data: object | undefined }>();
  const startJobs = new Map<string, object>();
  let started = false;

  function toRun<T>(job: JobWithMetadata<T>): JobRun<T> {
    return { id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit, lastAttempt: job.retryCount >= job.retryLimit };
  }

  /**
   * Replicas starting together create the same queues. pg-boss creates each under an advisory lock; should
   * PostgreSQL still abort one as a deadlock (40P01) or a lock wait run out, whoever lost finds the queue made
   * by the winner, or tries again.
   */
  async function createQueueOnce(name: string, queueOptions: Omit<Queue, 'name'>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await boss.createQueue(name, queueOptions);
        return;
      } catch (err) {
        if (await boss.getQueue(name)) return;
        if (attempt >= 3) throw err;
      }
    }
  }

  async function declare(name: string, def: Defined): Promise<void> {
    const queueOptions = {
      retryLimit: def.options.retryLimit,
      retryDelay: def.options.retryDelaySeconds,
      retryBackoff: def.options.retryBackoff,
      expireInSeconds: def.options.expireInSeconds,
      // Sending a job notifies (pg_notify in the same statement, delivered when it commits): every process's worker wakes.
      notify: true,
    };
    await createQueueOnce(name, { ...queueOptions, policy: def.options.policy ?? 'standard' });
    // A queue made by an earlier version keeps its policy; its retry, expiry and notify options follow the code.
    await boss.updateQueue(name, queueOptions);
    if (!options.workers) return;
    const poll = tuning.pollingSeconds ?? def.options.pollingIntervalSeconds;
    def.workerId = await boss.work<object, unknown, { includeMetadata: true; batchSize: 1; pollingIntervalSeconds: number; notifyPollingIntervalSeconds: number }>(
      name,
      // The same poll whether notifications arrive or not: it is what finds a retry whose delay has passed.
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: poll, notifyPollingIntervalSeconds: poll },
      async ([job]) => {
        if (!job) return undefined;
        try {
          return await def.handler(toRun(job));
        } finally {
          // A worker that just ran a job looks for the next at once instead of after its poll: a burst (twelve
          // sign-ups' confirmation mails) drains one after another, not one per poll.
          notify(name);
        }
      },
    );
  }

  const v10Schema = `${options.schema}_v10`;

  /**
   * A pg-boss 10 install (schema version 24) cannot be migrated by later majors. When the engine's schema holds
   * one, and nothing else, it is renamed aside (under a lock: one process does it) and pg-boss installs afresh.
   */
  async function moveV10Aside(): Promise<void> {
    await options.db.transaction(async (tx) => {
      await advisoryXactLock(tx, JOBS_V10_LOCK_KEY);
      const [installed] = await tx.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [`${options.schema}.version`]);
      if (!installed?.present) return;
      const [row] = await tx.query<{ version: number | string }>(`SELECT version FROM ${options.schema}.version`);
      if (!row || Number(row.version) > LAST_V10_SCHEMA_VERSION) return;
      const others = await tx.query<{ relname: string }>(
        `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> ALL($2) AND c.relname !~ '^j[0-9a-f]{56}$'`,
        [options.schema, V10_TABLES],
      );
      if (others.length > 0) {
        throw new Error(
          `schema ${options.schema} holds a pg-boss 10 install and other tables (${others.map((o) => o.relname).join(', ')}): move the job engine to a schema of its own (JOBS_SCHEMA) or drop pg-boss 10's objects by hand`,
        );
      }
      await tx.exec(`ALTER SCHEMA ${options.schema} RENAME TO ${v10Schema}`);
      options.log.info({ schema: options.schema, movedTo: v10Schema }, 'job engine: pg-boss 10 install moved aside; installing the current version');
    });
  }

  /**
   * The jobs a pg-boss 10 install still had to run (queued, waiting to retry, or running when it stopped) are
   * inserted into the current install, each into its queue as declared now, and the old schema is dropped: in one
   * transaction, so they are carried over once. A running job comes back as a retry.
   */
  async function carryOverV10(): Promise<void> {
    const carried = await options.db.transaction(async (tx) => {
      await advisoryXactLock(tx, JOBS_V10_LOCK_KEY);
      const [old] = await tx.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [`${v10Schema}.job`]);
      if (!old?.present) return undefined;
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO ${options.schema}.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
            expire_seconds, singleton_key, singleton_on, start_after, created_on, keep_until, policy)
         SELECT o.id, o.name, o.priority, o.data,
            (CASE WHEN o.state::text = 'active' THEN 'retry' ELSE o.state::text END)::${options.schema}.job_state,
            o.retry_limit, o.retry_count, o.retry_delay, o.retry_backoff,
            GREATEST(1, EXTRACT(EPOCH FROM o.expire_in))::int, o.singleton_key, o.singleton_on, o.start_after, o.created_on,
            GREATEST(o.keep_until, now() + interval '1 day'), q.policy
           FROM ${v10Schema}.job o JOIN ${options.schema}.queue q ON q.name = o.name
          WHERE o.state::text IN ('created', 'retry', 'active')
         ON CONFLICT DO NOTHING
         RETURNING id`,
      );
      await tx.exec(`DROP SCHEMA ${v10Schema} CASCADE`);
      return rows.length;
    });
    if (carried !== undefined) options.log.info({ jobs: carried, from: v10Schema }, 'job engine: pending pg-boss 10 jobs carried over');
  }

  async function runOne(name: string, def: Defined, ignoreDelays: boolean): Promise<boolean> {
    const [job] = await boss.fetch<object>(name, { includeMetadata: true, batchSize: 1, ignoreStartAfter: ignoreDelays });
    if (!job) return false;
    try {
      const output = await def.handler(toRun(job));
      await boss.complete(name, job.id, output && typeof output === 'object' ? output : undefined);
    } catch (err) {
      await boss.fail(name, job.id, err instanceof Error ? { message: err.message } : { message: String(err) });
    }
    return true;
  }

  function notify(queue: string): void {
    const workerId = queues.get(queue)?.workerId;
    if (workerId) boss.notifyWorker(workerId);
  }

  let starting: Promise<void> | undefined;

  /** One start at a time: concurrent callers (launch retries, a send) share it. */
  function start(): Promise<void> {
    if (started) return Promise.resolve();
    starting ??= startRacing().finally(() => (starting = undefined));
    return starting;
  }

  /**
   * Replicas starting together on an empty database install pg-boss at the same moment. Its install runs under an
   * advisory lock, yet PostgreSQL can still refuse the loser's CREATE SCHEMA IF NOT EXISTS with a duplicate key
   * (the waiting session's catalog cache has not seen the winner's schema). The loser starts again at once and
   * finds the install done.
   */
  async function startRacing(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await startOnce();
        return;
      } catch (err) {
        if (attempt >= 3 || !isInstallRace(err)) throw err;
        options.log.info({ err, attempt }, 'job engine: another process was installing at the same time; starting again');
      }
    }
  }

  async function startOnce(): Promise<void> {
    try {
      await moveV10Aside();
      await boss.start();
      for (const [name, def] of queues) await declare(name, def);
      await carryOverV10();
      for (const [name, { cron, data }] of schedules) await boss.schedule(name, cron, data, { tz: 'UTC' });
      if (options.workers) {
        for (const [name, data] of startJobs) {
          await boss.send(name, data);
          notify(name);
        }
      }
      started = true;
    } catch (err) {
      const failed = boss;
      boss = makeBoss();
      await failed.stop({ graceful: false, close: false }).catch(() => undefined);
      throw err;
    }
  }

  return {
    get boss() {
      return boss;
    },
    get started() {
      return started;
    },
    workers: options.workers,
    async define(queue, queueOptions, handler) {
      const def: Defined = { options: queueOptions, handler: handler as JobHandler<object> };
      queues.set(queue, def);
      if (started) await declare(queue, def);
    },
    async schedule(queue, cron, data) {
      schedules.set(queue, { cron, data });
      if (started) await boss.schedule(queue, cron, data, { tz: 'UTC' });
    },
    async send(queue, data, sendOptions = {}, tx) {
      // Not started yet (database down at boot, retry pending): start now. Not inside a caller's transaction,
      // which on PGlite holds the only connection the start needs.
      if (!started) {
        if (tx) throw new Error('job engine not started: call start() before sending inside a transaction');
        await start();
      }
      const id = await boss.send(queue, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.singletonSeconds ? { singletonSeconds: sendOptions.singletonSeconds } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(tx ? { db: bossDb(tx) } : {}),
      });
      // A worker of this process picks the job up now instead of at its next poll; inside a
      // transaction the caller calls notify() once it has committed.
      if (id && !tx) notify(queue);
      return id;
    },
    notify,
    async waiting(queue, data) {
      if (!started) await start();
      // pg-boss keeps every queue's jobs under one table, job; 'created' and 'retry' have not run (yet again).
      const rows = await options.db.query<{ waiting: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM ${options.schema}.job WHERE name = $1 AND state IN ('created', 'retry') AND data @> $2::jsonb) AS waiting`,
        [queue, JSON.stringify(data)],
      );
      return rows[0]?.waiting === true;
    },
    atStart(queue, data = {}) {
      startJobs.set(queue, data);
    },
    async drain({ ignoreDelays = false } = {}) {
      let ran = 0;
      for (;;) {
        let any = false;
        for (const [name, def] of queues) {
          while (await runOne(name, def, ignoreDelays)) {
            ran += 1;
            any = true;
          }
        }
        if (!any) return ran;
      }
    },
    start,
    async launch() {
      const firstDelayMs = tuning.startRetrySeconds * 1000;
      let delayMs = firstDelayMs;
      const attempt = async (): Promise<void> => {
        retryTimer = undefined;
        try {
          await start();
          if (delayMs > firstDelayMs) options.log.info('job engine started');
        } catch (err) {
          options.log.error({ err, retryInSeconds: delayMs / 1000 }, 'job engine could not start; retrying');
          retryTimer = setTimeout(() => void attempt(), delayMs);
          retryTimer.unref();
          delayMs = Math.min(delayMs * 2, 60_000);
        }
      };
      // A hung database neither answers nor fails: the app starts anyway and the attempt goes on.
      await settledWithin(attempt(), tuning.startWaitSeconds * 1000);
    },
    async stop(timeoutMs = 10_000) {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      // A start under way (a launch retry, a send) ends first, so that nothing keeps running after stop.
      if (starting) await settledWithin(starting, tuning.startWaitSeconds * 1000);
      if (!started) return;
      started = false;
      // Resolves once running jobs finished (or, past the timeout, were failed back to the queue).
      // close: false — the database belongs to the app and is closed after the engine.
      await boss.stop({ graceful: true, close: false, timeout: timeoutMs }).catch((err: unknown) => {
        options.log.error({ err }, 'job engine did not stop cleanly');
      });
    },
  };
}
