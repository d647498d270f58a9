import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db';

/**
 * The job engine: pg-boss 10 on the app's own database connection, so the same
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
  /** How often expired active jobs are failed over and old jobs archived (per cluster, not per replica). */
  maintenanceIntervalSeconds: number;
  /** How often schedules are checked; and how often the schedule queue is polled. */
  cronMonitorIntervalSeconds: number;
  cronWorkerIntervalSeconds: number;
  /** First wait before retrying a failed start (doubles up to 60 s). */
  startRetrySeconds: number;
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

/** pg-boss sends its DDL and maintenance as multi-statement scripts without parameters. */
function isScript(text: string): boolean {
  return /;\s*\S/.test(text.trim().replace(/;\s*$/, ''));
}

/** pg-boss's database port over the app's Queryable (pool, PGlite, or a transaction). */
export function bossDb(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: await q.query(text, values) };
      if (isScript(text)) {
        await q.exec(text);
        return { rows: [] };
      }
      return { rows: (await q.query(text)) ?? [] };
    },
  };
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
      schema: options.schema,
      migrate: true,
      supervise: options.workers,
      schedule: options.workers,
      maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds,
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

  function toRun<T>(job: PgBoss.JobWithMetadata<T>): JobRun<T> {
    return { id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit, lastAttempt: job.retryCount >= job.retryLimit };
  }

  /**
   * Replicas starting together race to create the same queue (pg-boss creates a partition per queue) and
   * PostgreSQL may abort one of them as a deadlock: whoever lost finds the queue made by the winner.
   */
  async function createQueueOnce(name: string, queueOptions: PgBoss.Queue): Promise<void> {
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
      name,
      policy: def.options.policy ?? 'standard',
      retryLimit: def.options.retryLimit,
      retryDelay: def.options.retryDelaySeconds,
      retryBackoff: def.options.retryBackoff,
      expireInSeconds: def.options.expireInSeconds,
    };
    await createQueueOnce(name, queueOptions);
    await boss.updateQueue(name, queueOptions);
    if (!options.workers) return;
    def.workerId = await boss.work<object>(
      name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: def.options.pollingIntervalSeconds },
      async ([job]) => (job ? def.handler(toRun(job)) : undefined),
    );
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
    starting ??= startOnce().finally(() => (starting = undefined));
    return starting;
  }

  async function startOnce(): Promise<void> {
    try {
      await boss.start();
      for (const [name, def] of queues) await declare(name, def);
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
      // pg-boss 10 keeps every queue's jobs in one partitioned table; 'created' and 'retry' have not run (yet again).
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
