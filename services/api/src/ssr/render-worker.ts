// A render worker (docs/decisions/server-rendering.md, "Rendering in workers"): the only place the shell's and the
// public remote's server builds run. Started by ssr/renderer.ts for one deploy of the builds (workerData), it
// evaluates them, then renders the pages it is sent; the loaders' reads go to the main thread over this thread's
// message port, which answers them in-process as before. A render that never ends or allocates without end is this
// thread's problem alone: the main thread terminates it (time limit) or V8 does (memory limit), and starts another.
// Built to dist/render-worker.js beside the server.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { PostedForm, RouteHttp, ServerRemoteModule, ServerRenderedPage } from '@vitrine/contracts';
import type { FromWorker, RenderWorkerData, ToWorker } from './render-protocol';

const port = parentPort;
if (!port) throw new Error('render-worker runs as a worker thread');
const send = (message: FromWorker) => port.postMessage(message);

/** The shell's server build (hosts/shell/dist/server/render.js). */
interface ShellServer {
  render(input: { url: string; origin: string; lang: string; http: RouteHttp; remote: ServerRemoteModule; timeoutMs?: number; form?: PostedForm }): Promise<ServerRenderedPage | undefined>;
  shared: Record<string, unknown>;
}

/** Runs a CommonJS file's code with the given `require`; answers its exports. */
function evaluate(file: string, code: string, requireFn: (id: string) => unknown): Record<string, unknown> {
  const module: { exports: Record<string, unknown> } = { exports: {} };
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename: file }) as (...args: unknown[]) => void;
  wrapper(module.exports, requireFn, module, file, path.dirname(file));
  return module.exports;
}

/**
 * The two builds, as the API's main thread evaluated them before: the shell's with Node's require (its npm packages
 * resolve from beside it, else from the API's own node_modules: a shell deployed in a folder of its own), the
 * remote's with a `require` that answers the shell's shared singletons first (@vitrine/core, React…), as Module
 * Federation does in the browser.
 */
function load({ shellFile, remoteFile }: RenderWorkerData): { shell: ShellServer; remote: ServerRemoteModule } {
  const fromShell = createRequire(shellFile);
  const fromApi = createRequire(__filename);
  const requirePackage = (id: string): unknown => {
    try {
      return fromShell(id);
    } catch {
      return fromApi(id);
    }
  };
  const shell = evaluate(shellFile, fs.readFileSync(shellFile, 'utf8'), requirePackage) as Partial<ShellServer>;
  if (typeof shell.render !== 'function' || typeof shell.shared !== 'object' || shell.shared === null) throw new Error(`${shellFile} is not the shell's server build`);
  const shared = shell.shared;
  const requireShared = (id: string): unknown => (id in shared ? shared[id] : requirePackage(id));
  const exported = evaluate(remoteFile, fs.readFileSync(remoteFile, 'utf8'), requireShared);
  const remote = (exported.default ?? exported) as Partial<ServerRemoteModule>;
  if (typeof remote.routes !== 'object' || remote.routes === null || typeof remote.registerTexts !== 'function') throw new Error(`${remoteFile} is not a remote's server build`);
  return { shell: shell as ShellServer, remote: remote as ServerRemoteModule };
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

send({ type: 'booted' });
let builds: { shell: ShellServer; remote: ServerRemoteModule } | undefined;
try {
  builds = load(workerData as RenderWorkerData);
  const queries: Record<string, readonly string[] | undefined> = {};
  for (const [name, route] of Object.entries(builds.remote.routes)) queries[name] = route?.query ? [...route.query] : undefined;
  send({ type: 'ready', queries });
} catch (err) {
  send({ type: 'unusable', message: message(err) });
}

/** Renders under way (cancelled ones are dropped from here: their late results and reads are not sent). */
const live = new Set<number>();
/** Reads waiting for the main thread's answer. */
const reads = new Map<number, { resolve: (value: { data: unknown }) => void; reject: (err: unknown) => void }>();
let nextRead = 1;

/** The loaders' HTTP client for render `job`: each read is asked of the main thread (the API in-process). */
function httpFor(job: number): RouteHttp {
  return {
    get<T>(url: string, config?: { params?: object }): Promise<{ data: T }> {
      if (!live.has(job)) return Promise.reject(new Error(`GET ${url}: the render was cancelled`));
      const id = nextRead++;
      return new Promise((resolve, reject) => {
        reads.set(id, { resolve: resolve as (value: { data: unknown }) => void, reject });
        send({ type: 'get', id, job, url, ...(config?.params ? { params: { ...(config.params as Record<string, unknown>) } } : {}) });
      });
    },
  };
}

async function render(id: number, input: Extract<ToWorker, { type: 'render' }>['input']): Promise<void> {
  live.add(id);
  try {
    if (!builds) throw new Error('the server builds are not loaded');
    const page = await builds.shell.render({ ...input, http: httpFor(id), remote: builds.remote });
    if (live.has(id)) send({ type: 'rendered', id, page: page ?? null });
  } catch (err) {
    if (live.has(id)) send({ type: 'failed', id, message: message(err) });
  } finally {
    live.delete(id);
  }
}

port.on('message', (msg: ToWorker) => {
  switch (msg.type) {
    case 'render':
      void render(msg.id, msg.input);
      break;
    case 'data': {
      const read = reads.get(msg.id);
      if (!read) return;
      reads.delete(msg.id);
      if (msg.ok) {
        try {
          read.resolve({ data: 'text' in msg ? JSON.parse(msg.text) : msg.data });
        } catch (err) {
          read.reject(err);
        }
      }
      // The error a loader reads as the browser's client gives it: `response.status` (a 404 makes the page's 404).
      else read.reject(Object.assign(new Error(msg.message), msg.status === undefined ? {} : { response: { status: msg.status } }));
      break;
    }
    case 'cancel':
      live.delete(msg.id);
      send({ type: 'cancelled', id: msg.id });
      break;
  }
});
