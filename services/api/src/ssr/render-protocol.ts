// Messages between ssr/renderer.ts (the API's main thread) and ssr/render-worker.ts (a render worker, which alone
// runs the shell's and the public remote's server builds): docs/decisions/server-rendering.md, "Rendering in workers".
import type { PostedForm, ServerRenderedPage } from '@vitrine/contracts';

/** What a render worker is started with: the two builds it evaluates (those of one deploy, its generation). */
export interface RenderWorkerData {
  shellFile: string;
  remoteFile: string;
}

/** A page to render: RenderInput of the shell's server build, less the remote and the HTTP client (the worker's own). */
export interface RenderJobInput {
  url: string;
  origin: string;
  lang: string;
  /** The shell's own stop for React's stream (SSR_RENDER_TIMEOUT_MS; the main thread's limit comes first). */
  timeoutMs: number;
  form?: PostedForm;
}

/** Main thread → worker. */
export type ToWorker =
  | { type: 'render'; id: number; input: RenderJobInput }
  /** The answer to a loader's read (`get`): its JSON, or the status of its failure (RouteHttp's error shape). */
  | { type: 'data'; id: number; ok: true; data: unknown }
  /** The same as the API's JSON text, which the worker parses (not parsed then cloned on the main thread). */
  | { type: 'data'; id: number; ok: true; text: string }
  | { type: 'data'; id: number; ok: false; message: string; status?: number }
  /** A render over its time limit: the worker drops it and says so (a worker that cannot is terminated). */
  | { type: 'cancel'; id: number };

/** Worker → main thread. */
export type FromWorker =
  /** The worker's own code is running; it now evaluates the builds (the time limit starts here). */
  | { type: 'booted' }
  /** The builds are evaluated: the query parameters each route of the remote renders from (RemoteRoute.query). */
  | { type: 'ready'; queries: Record<string, readonly string[] | undefined> }
  /** The builds could not be used (a throw, not the expected shape). */
  | { type: 'unusable'; message: string }
  /** A loader's read (RouteHttp.get) for render `job`, answered by the main thread in-process. */
  | { type: 'get'; id: number; job: number; url: string; params?: Record<string, unknown> }
  /** A render's result: the page, or null when the path is not a server-rendered page. */
  | { type: 'rendered'; id: number; page: ServerRenderedPage | null }
  | { type: 'failed'; id: number; message: string }
  | { type: 'cancelled'; id: number };
