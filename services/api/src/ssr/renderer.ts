import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { matchRoute, type PostedForm, type ServerRenderedPage as RenderedPage } from '@vitrine/contracts';
import { systemClock, type Clock } from '../lib/clock';
import type { PageStylesheet } from './document';
import { RenderPool, type PageHttp } from './render-pool';

/** What the page links of the remote's browser build: its stylesheets, and the scripts hydration needs first. */
export interface RemoteAssets {
  styles: PageStylesheet[];
  /** remoteEntry.js and the exposed module's own chunks, fetched in parallel with the shell's code. */
  scripts: string[];
  /** The release of the public remote these come from, and the page was rendered with (when served from releases). */
  release?: string;
}

/** The public remote's build as the release store names it: its folder, where browsers fetch its files, its release. */
export interface RemoteBuild {
  dir: string;
  baseUrl: string;
  release: string;
}

export interface PageRendererOptions {
  /** The shell's dist folder (its server build is server/render.js). */
  shellDir: string;
  /** The public remote's dist folder (server/pages.js and mf-manifest.json). */
  remoteDir: string;
  /** Where browsers fetch the public remote's files (PUBLIC_REMOTE_URL's folder), for its stylesheets. */
  remoteBaseUrl: string;
  /**
   * The active release of the public remote (docs/decisions/releases.md), asked at each check instead of
   * remoteDir/remoteBaseUrl; undefined: none. Another release is loaded like a deploy.
   */
  remote?: () => RemoteBuild | undefined;
  log: FastifyBaseLogger;
  /** How often (ms) the builds' files are checked for a new deploy. */
  checkEveryMs?: number;
  /** Render workers (SSR_WORKERS). */
  workers: number;
  /** A render's time limit, and a worker's for evaluating the builds (SSR_RENDER_TIMEOUT_MS). */
  timeoutMs: number;
  /** Each render worker's V8 old generation, MB (SSR_WORKER_MEMORY_MB). */
  memoryMb: number;
  /** The time limits' timers (tests move their own). */
  clock?: Clock;
}

/** A build that could not be loaded is tried again when its files change, or after this long (a machine too busy to load it in time). */
const RETRY_FAILED_MS = 30_000;

/** Size and modification time: a redeployed file differs in one of them. */
async function stampOf(file: string): Promise<string> {
  const stat = await fs.promises.stat(file);
  return `${stat.size}:${stat.mtimeMs}`;
}

/**
 * The server builds a public page is rendered with, by path (docs/decisions/server-rendering.md), loaded again
 * when a deploy replaces them. Their code never runs on this thread: each deploy of the builds (the shell's
 * server/render.js and the public remote's server/pages.js) gets a pool of render workers (ssr/render-pool.ts,
 * ssr/render-worker.ts) that evaluate them and render the pages, with a time and a memory limit. This thread only
 * looks at the files (no more than once a second), reads the remote's manifest and answers the loaders' reads.
 * `version` changes with either build, so what was rendered with an old build is not served after a deploy.
 */
export class PageRenderer {
  private current: { stamp: string; pool: RenderPool; assets: RemoteAssets } | undefined;
  /** Every pool not ended yet: the current one and retired ones still finishing their renders. */
  private readonly pools = new Set<RenderPool>();
  private failure: { stamp: string | undefined; at: number; message: string } | undefined;
  private checkedAt = 0;
  private checking: Promise<void> | undefined;
  /** The release a check loads (asked once per check). */
  private build: RemoteBuild | undefined;
  private closed = false;

  constructor(private readonly options: PageRendererOptions) {}

  private get shellFile() {
    return path.join(this.options.shellDir, 'server', 'render.js');
  }

  private get remoteDir() {
    return this.build?.dir ?? this.options.remoteDir;
  }

  private get remoteFile() {
    return path.join(this.remoteDir, 'server', 'pages.js');
  }

  /** Identifies the loaded builds (part of every rendered page's cache key). */
  get version(): string {
    return this.current?.stamp ?? '-|-';
  }

  /** Re-reads the builds when their files changed (at most once per checkEveryMs). */
  async refresh(): Promise<void> {
    if (this.closed || Date.now() - this.checkedAt < (this.options.checkEveryMs ?? 1000)) return;
    this.checking ??= this.check().finally(() => {
      this.checkedAt = Date.now();
      this.checking = undefined;
    });
    await this.checking;
  }

  private async check(): Promise<void> {
    let stamp: string | undefined;
    let pool: RenderPool | undefined;
    try {
      this.build = this.options.remote?.();
      if (this.options.remote && !this.build) throw new Error('the public remote has no active release');
      const shellStamp = await stampOf(this.shellFile);
      const remoteStamp = `${this.build ? `${this.build.release}|` : ''}${await stampOf(this.remoteFile)}|${await stampOf(path.join(this.remoteDir, 'mf-manifest.json'))}|${shellStamp}`;
      stamp = `${shellStamp}|${remoteStamp}`;
      if (this.current?.stamp === stamp) return;
      if (this.failure?.stamp === stamp && Date.now() - this.failure.at < RETRY_FAILED_MS) return;
      const assets = await this.remoteAssets();
      const newPool = new RenderPool({
        files: { shellFile: this.shellFile, remoteFile: this.remoteFile },
        size: Math.max(1, this.options.workers),
        timeoutMs: this.options.timeoutMs,
        memoryMb: this.options.memoryMb,
        clock: this.options.clock ?? systemClock,
        log: this.options.log,
        onUnusable: (err) => {
          if (this.current?.pool === newPool) this.fail(err, this.current.stamp);
        },
      });
      pool = newPool;
      for (const old of this.pools) if (old.ended) this.pools.delete(old);
      this.pools.add(newPool);
      await newPool.start();
      if (this.closed) {
        await newPool.close();
        return;
      }
      const previous = this.current;
      this.current = { stamp, pool: newPool, assets };
      previous?.pool.retire();
      if (this.failure) this.options.log.info('server rendering is back: the public pages are rendered on the server again');
      this.failure = undefined;
    } catch (err) {
      await pool?.close();
      this.fail(err, stamp);
    }
  }

  /** The site stays up: pages go out as the plain shell and the browser renders them (as a SPA). */
  private fail(err: unknown, stamp: string | undefined): void {
    const message = err instanceof Error ? err.message : String(err);
    if (this.failure?.message !== message) this.options.log.error({ err }, 'server rendering unavailable; public pages are sent as the plain shell');
    this.failure = { stamp, at: Date.now(), message };
    const previous = this.current;
    this.current = undefined;
    previous?.pool.retire();
  }

  /** From the remote's manifest: the stylesheets its exposed pages use, and its entry and exposed chunks. */
  private async remoteAssets(): Promise<RemoteAssets> {
    const manifest = JSON.parse(await fs.promises.readFile(path.join(this.remoteDir, 'mf-manifest.json'), 'utf8')) as {
      metaData?: { remoteEntry?: { name?: string; path?: string } };
      exposes?: { assets?: { css?: { sync?: string[]; async?: string[] }; js?: { sync?: string[] } } }[];
    };
    const baseUrl = this.build?.baseUrl ?? this.options.remoteBaseUrl;
    const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
    const styles = new Set<string>();
    const scripts = new Set<string>();
    const entry = manifest.metaData?.remoteEntry;
    if (entry?.name) scripts.add(entry.path ? `${entry.path.replace(/\/?$/, '/')}${entry.name}` : entry.name);
    for (const expose of manifest.exposes ?? []) {
      for (const file of [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])]) styles.add(file);
      for (const file of expose.assets?.js?.sync ?? []) scripts.add(file);
    }
    return {
      styles: [...styles].map((file) => ({ href: base + file, file })),
      scripts: [...scripts].map((file) => base + file),
      ...(this.build ? { release: this.build.release } : {}),
    };
  }

  /**
   * The query parameters the remote's route for `pathname` renders from (RemoteRoute.query), or undefined
   * when no build is loaded, the path is no route of the remote, or the route does not say.
   */
  queryOf(pathname: string): readonly string[] | undefined {
    const name = matchRoute(pathname);
    return name ? this.current?.pool.queries[name] : undefined;
  }

  /**
   * Renders a page with the current builds, in a render worker; undefined when they are unavailable, the path is
   * not a rendered page, or the render failed (it threw, outlasted SSR_RENDER_TIMEOUT_MS or its worker's memory:
   * logged by the pool). `http` answers the loaders' reads, here, in-process. `form`: a form of the page sent
   * without its code and not taken, shown again as sent (routes/page-forms).
   */
  async render(input: { url: string; origin: string; lang: string; http: PageHttp; form?: PostedForm }): Promise<({ page: RenderedPage } & RemoteAssets) | undefined> {
    await this.refresh();
    const current = this.current;
    if (!current) return undefined;
    const { http, ...rest } = input;
    const page = await current.pool.render({ ...rest, timeoutMs: this.options.timeoutMs }, http);
    return page ? { page, ...current.assets } : undefined;
  }

  /** Ends the render workers (the app closes). */
  async close(): Promise<void> {
    this.closed = true;
    await this.checking?.catch(() => undefined);
    this.current = undefined;
    await Promise.all([...this.pools].map((pool) => pool.close()));
    this.pools.clear();
  }
}
