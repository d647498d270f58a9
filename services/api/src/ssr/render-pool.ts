import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { RouteHttp, ServerRenderedPage } from '@vitrine/contracts';
import type { Clock } from '../lib/clock';
import type { FromWorker, RenderJobInput, RenderWorkerData, ToWorker } from './render-protocol';

/**
 * Renders one worker takes at a time: while one waits for its reads (answered by the main thread), the other
 * renders. The memory limit is sized for two (SSR_WORKER_MEMORY_MB).
 */
export const RENDERS_PER_WORKER = 2;
/** How long a worker has to drop a render cancelled at its time limit before it is terminated (its thread is stuck). */
export const CANCEL_GRACE_MS = 1000;
/**
 * Each worker's young generation, MB (semi-spaces of 8 MB; the API's thread runs with 4). Left to V8, a worker given
 * an old generation limit gets a young generation sized from it, a small one: renders then promoted their garbage and
 * collected the old generation over and over (the FAQ page took 22–31 ms in a worker instead of 4–6; measured).
 */
const YOUNG_GENERATION_MB = 24;

/**
 * dist/render-worker.js next to the bundle; from source (tests, tsx), the TypeScript file required through tsx's
 * CommonJS hook (as db/pglite.ts starts its worker).
 */
function workerScript(): { script: string; eval: boolean } {
  const built = path.join(__dirname, 'render-worker.js');
  if (fs.existsSync(built)) return { script: built, eval: false };
  return { script: `require('tsx/cjs'); require(${JSON.stringify(path.join(__dirname, 'render-worker.ts'))});`, eval: true };
}

export interface RenderPoolOptions {
  /** The builds of one deploy (the pool's workers evaluate these and no others). */
  files: RenderWorkerData;
  /** Workers (SSR_WORKERS). */
  size: number;
  /** A render's limit from its request, waiting for a worker included; a new worker's evaluation of the builds gets as long (SSR_RENDER_TIMEOUT_MS). */
  timeoutMs: number;
  /** Each worker's V8 old generation, MB (SSR_WORKER_MEMORY_MB). */
  memoryMb: number;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A worker started to replace one that died could not evaluate the builds: the pool renders no more. */
  onUnusable: (err: Error) => void;
  /** No warn line per failed render (a smoke render reports its failures itself). */
  quiet?: boolean;
}

/** Why a page was not rendered (the plain shell answers it): the log line's `reason`. */
export type RenderFailure = 'error' | 'time limit' | 'memory limit' | 'worker exited' | 'unavailable' | 'closing';
type Failure = RenderFailure;

/** What became of a render: the page (undefined: the path is no server-rendered page), or why there is none. */
export type RenderOutcome = { page: ServerRenderedPage | undefined; failure?: undefined } | { page?: undefined; failure: { reason: RenderFailure; detail: string } };

/**
 * The loaders' client on the main thread. `text`, when there, answers a read as the API wrote it (status and JSON
 * text): it goes to the worker as it is, which parses it (no parse and clone of the objects on the main thread).
 */
export interface PageHttp extends RouteHttp {
  text?(url: string, config?: { params?: object }): Promise<{ status: number; body: string }>;
}

interface Job {
  id: number;
  input: RenderJobInput;
  http: PageHttp;
  slot: Slot | undefined;
  /** The time limit's timer (aborted when the job ends). */
  timer: AbortController;
  done: boolean;
  settle: (outcome: RenderOutcome) => void;
}

interface Slot {
  worker: Worker;
  /** 'stopping': terminated by the pool, not exited yet (no render is handed to it). */
  state: 'starting' | 'ready' | 'stopping' | 'gone';
  /** It evaluated the builds (a worker lost after that is replaced). */
  wasReady: boolean;
  jobs: Map<number, Job>;
  /** Settles when the worker has evaluated the builds (rejects: it could not). */
  ready: Promise<void>;
  /** The renders cancelled at their time limit that the worker has not dropped yet, with their grace timers. */
  cancelling: Map<number, AbortController>;
  /** The worker's termination, once asked. */
  terminated: Promise<number> | undefined;
  /** Set when the worker failed or was terminated: what its renders under way are told. */
  end: { reason: Failure; detail: string } | undefined;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The render workers of one deploy of the server builds (docs/decisions/server-rendering.md, "Rendering in
 * workers"). Each worker evaluates the builds once, then renders the pages it is sent, at most RENDERS_PER_WORKER
 * at a time; the loaders' reads come back here over the worker's message port and go to the request's in-process
 * client. A render that throws, outlasts its time limit or exhausts its worker's memory resolves undefined (the
 * plain shell answers) with one warn line; a worker that is stuck or out of memory is replaced. The main thread
 * never runs the builds' code.
 */
export class RenderPool {
  /** The query parameters each route renders from (RemoteRoute.query), as the first worker read them. */
  queries: Record<string, readonly string[] | undefined> = {};
  private knowsQueries = false;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextJob = 1;
  private retired = false;
  private closed = false;
  private readonly script = workerScript();

  constructor(private readonly options: RenderPoolOptions) {}

  /** No worker is left and none will be started (retired and done, or closed). */
  get ended(): boolean {
    return this.retired && this.slots.size === 0;
  }

  /** Starts the first worker and waits for its evaluation of the builds (rejects when they cannot be used), then the others. */
  async start(): Promise<void> {
    try {
      await this.spawn().ready;
    } catch (err) {
      await this.close();
      throw err;
    }
    for (let i = 1; i < this.options.size; i += 1) this.spawn().ready.catch((err: unknown) => this.unusable(err));
  }

  /** Renders a page; undefined when it is no server-rendered page or when it could not be rendered (logged). Never rejects. */
  async render(input: RenderJobInput, http: PageHttp): Promise<ServerRenderedPage | undefined> {
    return (await this.attempt(input, http)).page;
  }

  /** Renders a page and says why not when it could not (logged, unless the pool is `quiet`). Never rejects. */
  attempt(input: RenderJobInput, http: PageHttp): Promise<RenderOutcome> {
    if (this.closed) return Promise.resolve({ failure: { reason: 'closing', detail: 'the render workers are closing' } });
    return new Promise((resolve) => {
      const job: Job = { id: this.nextJob++, input, http, slot: undefined, timer: new AbortController(), done: false, settle: resolve };
      void this.options.clock.sleep(this.options.timeoutMs, job.timer.signal).then(() => {
        if (!job.timer.signal.aborted) this.overTime(job);
      });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** A newer deploy took over: no more renders come; each worker ends once its renders and the queue are done. */
  retire(): void {
    this.retired = true;
    for (const slot of this.slots) this.endIfIdle(slot);
  }

  /** Ends every worker now (the app closes); renders under way resolve undefined. */
  async close(): Promise<void> {
    this.closed = true;
    this.retired = true;
    for (const job of this.queue.splice(0)) this.finish(job, undefined, { reason: 'closing', detail: 'the render workers are closing' });
    await Promise.all([...this.slots].map((slot) => this.stop(slot, { reason: 'closing', detail: 'the server is closing' })));
  }

  private spawn(): Slot {
    const { files, memoryMb, timeoutMs, clock } = this.options;
    const worker = new Worker(this.script.script, {
      eval: this.script.eval,
      workerData: files,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    // The server's listening socket keeps the process alive, not a render worker.
    worker.unref();
    let ready!: () => void;
    let unusable!: (err: Error) => void;
    const slot: Slot = {
      worker,
      state: 'starting',
      wasReady: false,
      jobs: new Map(),
      ready: new Promise<void>((resolve, reject) => {
        ready = resolve;
        unusable = reject;
      }),
      cancelling: new Map(),
      terminated: undefined,
      end: undefined,
    };
    // Unhandled only when nobody waits on it (a worker started beside the first).
    slot.ready.catch(() => undefined);
    this.slots.add(slot);
    const loading = new AbortController();

    worker.on('message', (message: FromWorker) => {
      switch (message.type) {
        case 'booted':
          // The builds' code runs from here: their evaluation gets the render's limit.
          void clock.sleep(timeoutMs, loading.signal).then(() => {
            if (loading.signal.aborted || slot.state !== 'starting') return;
            void this.stop(slot, { reason: 'time limit', detail: `evaluating the server builds took longer than ${timeoutMs} ms` });
          });
          break;
        case 'ready':
          loading.abort();
          if (slot.state !== 'starting') return;
          slot.state = 'ready';
          slot.wasReady = true;
          if (!this.knowsQueries) this.queries = message.queries;
          this.knowsQueries = true;
          ready();
          this.dispatch();
          this.endIfIdle(slot);
          break;
        case 'unusable':
          loading.abort();
          slot.end ??= { reason: 'error', detail: message.message };
          void this.stop(slot, slot.end);
          break;
        case 'get':
          this.read(slot, message);
          break;
        case 'rendered':
        case 'failed':
        case 'cancelled': {
          // Any word about a cancelled render shows the worker is not stuck.
          slot.cancelling.get(message.id)?.abort();
          slot.cancelling.delete(message.id);
          const job = slot.jobs.get(message.id);
          if (!job || message.type === 'cancelled') break;
          if (message.type === 'rendered') this.finish(job, message.page ?? undefined);
          else this.finish(job, undefined, { reason: 'error', detail: message.message });
          break;
        }
      }
    });
    worker.on('error', (err: Error & { code?: string }) => {
      slot.end ??=
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { reason: 'memory limit', detail: `the render worker ran out of memory (SSR_WORKER_MEMORY_MB ${memoryMb})` }
          : { reason: 'worker exited', detail: `the render worker failed: ${err.message}` };
    });
    worker.on('exit', (code) => {
      loading.abort();
      slot.state = 'gone';
      this.slots.delete(slot);
      for (const timer of slot.cancelling.values()) timer.abort();
      const end = slot.end ?? { reason: 'worker exited' as const, detail: `the render worker exited (code ${code})` };
      unusable(new Error(end.detail));
      for (const job of [...slot.jobs.values()]) this.finish(job, undefined, end);
      if (this.closed || this.retired) return;
      // A worker lost while rendering is replaced (with the same builds); one that never got ready is not.
      if (slot.wasReady) this.spawn().ready.catch((err: unknown) => this.unusable(err));
      this.dispatch();
    });
    return slot;
  }

  /** A replacement could not evaluate the builds: the renderer stops using this pool. */
  private unusable(err: unknown): void {
    if (this.closed || this.retired) return;
    const error = err instanceof Error ? err : new Error(messageOf(err));
    this.options.onUnusable(error);
    // What waits for a worker is not kept waiting on builds that cannot be evaluated: the plain shell answers it now.
    for (const job of this.queue.splice(0)) this.finish(job, undefined, { reason: 'unavailable', detail: error.message });
    this.retire();
  }

  /** A loader's read from a worker: asked of the request's in-process client, answered over the port. */
  private read(slot: Slot, message: Extract<FromWorker, { type: 'get' }>): void {
    const reply = (answer: ToWorker) => {
      if (slot.state !== 'gone') slot.worker.postMessage(answer);
    };
    const job = slot.jobs.get(message.job);
    if (!job) {
      reply({ type: 'data', id: message.id, ok: false, message: `GET ${message.url}: the render was cancelled` });
      return;
    }
    const config = message.params ? { params: message.params } : undefined;
    const { text } = job.http;
    const answered: Promise<ToWorker> = text
      ? text(message.url, config).then((res) => {
          // The error the client would throw (RouteHttp's shape: `response.status`).
          if (res.status >= 400) throw Object.assign(new Error(`GET ${message.url}: ${res.status}`), { response: { status: res.status } });
          return { type: 'data', id: message.id, ok: true, text: res.body };
        })
      : job.http.get(message.url, config).then((res) => ({ type: 'data', id: message.id, ok: true, data: res.data }));
    answered.then(reply, (err: unknown) => {
      const status = (err as { response?: { status?: unknown } } | undefined)?.response?.status;
      reply({ type: 'data', id: message.id, ok: false, message: messageOf(err), ...(typeof status === 'number' ? { status } : {}) });
    });
  }

  /** Hands waiting renders to the least busy ready workers. */
  private dispatch(): void {
    while (this.queue.length > 0) {
      let best: Slot | undefined;
      for (const slot of this.slots) {
        if (slot.state === 'ready' && slot.jobs.size < RENDERS_PER_WORKER && (!best || slot.jobs.size < best.jobs.size)) best = slot;
      }
      if (!best) return;
      const job = this.queue.shift() as Job;
      job.slot = best;
      best.jobs.set(job.id, job);
      best.worker.postMessage({ type: 'render', id: job.id, input: job.input } satisfies ToWorker);
    }
  }

  /**
   * The time limit: a render still waiting for a worker ends there; one under way is cancelled, and its worker, if it
   * does not answer the cancel within CANCEL_GRACE_MS (its thread is stuck: a loop), is terminated and replaced.
   */
  private overTime(job: Job): void {
    const slot = job.slot;
    const limit = `over its time limit (SSR_RENDER_TIMEOUT_MS ${this.options.timeoutMs})`;
    if (!slot) {
      const at = this.queue.indexOf(job);
      if (at !== -1) this.queue.splice(at, 1);
      this.finish(job, undefined, { reason: 'time limit', detail: `${limit}, waiting for a render worker` });
      return;
    }
    if (slot.state !== 'ready') {
      this.finish(job, undefined, { reason: 'time limit', detail: limit });
      return;
    }
    slot.worker.postMessage({ type: 'cancel', id: job.id } satisfies ToWorker);
    const grace = new AbortController();
    slot.cancelling.set(job.id, grace);
    this.finish(job, undefined, { reason: 'time limit', detail: limit });
    void this.options.clock.sleep(CANCEL_GRACE_MS, grace.signal).then(() => {
      if (grace.signal.aborted || slot.state !== 'ready') return;
      this.options.log.warn({ url: job.input.url }, 'a render worker did not stop a render over its time limit: terminated and replaced');
      void this.stop(slot, { reason: 'time limit', detail: `another render on its worker was ${limit}; the worker was terminated` });
    });
  }

  private finish(job: Job, page: ServerRenderedPage | undefined, failure?: { reason: Failure; detail: string }): void {
    if (job.done) return;
    job.done = true;
    job.timer.abort();
    job.slot?.jobs.delete(job.id);
    if (failure && failure.reason !== 'closing' && !this.options.quiet) {
      this.options.log.warn({ url: job.input.url, lang: job.input.lang, reason: failure.reason, detail: failure.detail }, `server render failed (${failure.reason}): the plain shell answers`);
    }
    job.settle(failure ? { failure } : { page });
    if (job.slot) this.endIfIdle(job.slot);
    this.dispatch();
  }

  private endIfIdle(slot: Slot): void {
    if (this.retired && this.queue.length === 0 && slot.jobs.size === 0 && slot.cancelling.size === 0) void this.stop(slot, { reason: 'unavailable', detail: 'a newer deploy of the server builds took over' });
  }

  private async stop(slot: Slot, end: { reason: Failure; detail: string }): Promise<void> {
    if (slot.state === 'gone') return;
    if (slot.state !== 'stopping') {
      slot.state = 'stopping';
      slot.end ??= end;
      slot.terminated = slot.worker.terminate();
    }
    await slot.terminated;
  }
}
