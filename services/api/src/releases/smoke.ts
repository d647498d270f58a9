import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildPath, DEFAULT_LOCALE, PUBLIC_ROUTES } from '@vitrine/contracts';
import { AppError } from '../errors';
import { systemClock, type Clock } from '../lib/clock';
import { RenderPool, type PageHttp, type RenderOutcome } from '../ssr/render-pool';
import { ReleaseError } from './errors';

/** A page of the smoke render as it went. */
export interface SmokePage {
  url: string;
  status: number;
  ms: number;
}

/** What the smoke render of a release found: the pages it rendered, or why it did not run at all. */
export type SmokeReport = { pages: SmokePage[]; skipped?: undefined } | { pages?: undefined; skipped: string };

export interface SmokeOptions {
  /** The served shell's dist: its server build (server/render.js) renders the remote's pages. */
  shellDir: string | undefined;
  /** Answers the loaders' reads with the current content (ssr/api-http.ts). */
  http: PageHttp;
  /** The site's public URL (PUBLIC_URL), as pages are rendered with it. */
  origin: string;
  /** Each page's time limit, the worker's evaluation of the builds included (SSR_RENDER_TIMEOUT_MS). */
  timeoutMs: number;
  /** The worker's V8 old generation, MB (SSR_WORKER_MEMORY_MB). */
  memoryMb: number;
  clock?: Clock;
  log?: FastifyBaseLogger;
}

const SILENT = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => SILENT,
} as unknown as FastifyBaseLogger;

/** The newest public post (a path of the post page), or undefined when the site has none. */
async function newestPost(http: PageHttp): Promise<string | undefined> {
  const list = await http.get<{ data: { items: { id: number; unique_key: string }[] } }>('/public/articles', { params: { page: 1 } });
  const post = list.data.data.items[0];
  return post ? buildPath(PUBLIC_ROUTES.post, { uniqueKey: post.unique_key, id: post.id }) : undefined;
}

const describe = (outcome: RenderOutcome): string => (outcome.failure ? `${outcome.failure.reason}: ${outcome.failure.detail}` : 'it is not a page of the build');

/**
 * The smoke render of a public release before it becomes the active one (docs/decisions/releases.md, "What is
 * refused"): its server build, with the served shell's, in a render worker of its own (the time and memory limits of
 * the server's renders), renders the home page and the newest post with the current content, in the site's default
 * language. Each must be a page of the build, answered 2xx with markup. Refused with the page and the reason
 * otherwise. Skipped (said so) when there is no shell server build: the server renders no page then, so no code of the
 * release runs on it.
 */
export async function smokeRender(releaseDir: string, options: SmokeOptions): Promise<SmokeReport> {
  const shellFile = options.shellDir && path.join(options.shellDir, 'server', 'render.js');
  if (!shellFile || !fs.existsSync(shellFile)) return { skipped: `no shell server build (${shellFile ?? 'hosts/shell/dist/server/render.js'}): the server renders no page with it` };
  const clock = options.clock ?? systemClock;
  const refuse = (why: string) => new ReleaseError('smoke', `the release's server build failed its smoke render: ${why}; it was not activated`);
  const pool = new RenderPool({
    files: { shellFile, remoteFile: path.join(releaseDir, 'server', 'pages.js') },
    size: 1,
    timeoutMs: options.timeoutMs,
    memoryMb: options.memoryMb,
    clock,
    log: options.log ?? SILENT,
    quiet: true,
    onUnusable: () => undefined,
  });
  try {
    try {
      await pool.start();
    } catch (err) {
      throw refuse(`its code could not be loaded (${err instanceof Error ? err.message : String(err)})`);
    }
    // Not the release's fault: the content could not be read (the database is down). Nothing is activated; try again.
    const post = await newestPost(options.http).catch((err: unknown) => {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', { message: `the smoke render could not read the current content (${err instanceof Error ? err.message : String(err)}): try again`, headers: { 'retry-after': '5' } });
    });
    const pages: SmokePage[] = [];
    for (const url of ['/', ...(post ? [post] : [])]) {
      const started = clock.now();
      const outcome = await pool.attempt({ url, origin: options.origin, lang: DEFAULT_LOCALE, timeoutMs: options.timeoutMs }, options.http);
      const page = outcome.page;
      if (!page) throw refuse(`${url}: ${describe(outcome)}`);
      if (page.status < 200 || page.status >= 300 || page.route === 'not-found') throw refuse(`${url} answered ${page.status} (${page.route})`);
      if (page.body.trim() === '') throw refuse(`${url} rendered no markup`);
      pages.push({ url, status: page.status, ms: clock.now() - started });
    }
    return { pages };
  } finally {
    await pool.close();
  }
}
