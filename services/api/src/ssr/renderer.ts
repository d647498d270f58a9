import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type { FastifyBaseLogger } from 'fastify';
import { matchRoute, type PostedForm, type RouteHttp, type ServerRemoteModule, type ServerRenderedPage as RenderedPage } from '@vitrine/contracts';
import type { PageStylesheet } from './document';

/** The shell's server build (hosts/shell/dist/server/render.js). */
interface ShellServer {
  render(input: { url: string; origin: string; lang: string; http: RouteHttp; remote: ServerRemoteModule; timeoutMs?: number; form?: PostedForm }): Promise<RenderedPage | undefined>;
  shared: Record<string, unknown>;
}

/** What the page links of the remote's browser build: its stylesheets, and the scripts hydration needs first. */
export interface RemoteAssets {
  styles: PageStylesheet[];
  /** remoteEntry.js and the exposed module's own chunks, fetched in parallel with the shell's code. */
  scripts: string[];
}

interface Loaded<T> {
  stamp: string;
  module: T;
}

export interface PageRendererOptions {
  /** The shell's dist folder (its server build is server/render.js). */
  shellDir: string;
  /** The public remote's dist folder (server/pages.js and mf-manifest.json). */
  remoteDir: string;
  /** Where browsers fetch the public remote's files (PUBLIC_REMOTE_URL's folder), for its stylesheets. */
  remoteBaseUrl: string;
  log: FastifyBaseLogger;
  /** How often (ms) the builds' files are checked for a new deploy. */
  checkEveryMs?: number;
}

/** Runs a CommonJS file's code with the given `require`; answers its exports. */
function evaluate(file: string, code: string, requireFn: (id: string) => unknown): Record<string, unknown> {
  const module: { exports: Record<string, unknown> } = { exports: {} };
  const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename: file }) as (...args: unknown[]) => void;
  wrapper(module.exports, requireFn, module, file, path.dirname(file));
  return module.exports;
}

/** Size and modification time: a redeployed file differs in one of them. */
async function stampOf(file: string): Promise<string> {
  const stat = await fs.promises.stat(file);
  return `${stat.size}:${stat.mtimeMs}`;
}

/**
 * Loads the two server builds a public page is rendered with, by path
 * (docs/decisions/server-rendering.md), and loads them again when a deploy replaces them:
 * - the shell's, with Node's require (its npm packages come from node_modules);
 * - the public remote's, evaluated with a `require` that answers the shell's shared singletons
 *   (@vitrine/core, @vitrine/ui, @vitrine/i18n, React…), as Module Federation does in the browser.
 * The files are looked at no more than once a second; `version` changes with either build, so
 * what was rendered with an old build is not served after a deploy.
 */
export class PageRenderer {
  private shell: Loaded<ShellServer> | undefined;
  private remote: Loaded<{ remote: ServerRemoteModule } & RemoteAssets> | undefined;
  private checkedAt = 0;
  private checking: Promise<void> | undefined;
  private failure: string | undefined;
  private requirePackage: (id: string) => unknown = createRequire(__filename);

  constructor(private readonly options: PageRendererOptions) {}

  private get shellFile() {
    return path.join(this.options.shellDir, 'server', 'render.js');
  }

  private get remoteFile() {
    return path.join(this.options.remoteDir, 'server', 'pages.js');
  }

  /** Identifies the loaded builds (part of every rendered page's cache key). */
  get version(): string {
    return `${this.shell?.stamp ?? '-'}|${this.remote?.stamp ?? '-'}`;
  }

  /** Re-reads the builds when their files changed (at most once per checkEveryMs). */
  async refresh(): Promise<void> {
    if (Date.now() - this.checkedAt < (this.options.checkEveryMs ?? 1000)) return;
    this.checking ??= this.check().finally(() => {
      this.checkedAt = Date.now();
      this.checking = undefined;
    });
    await this.checking;
  }

  private async check(): Promise<void> {
    try {
      const shellStamp = await stampOf(this.shellFile);
      if (this.shell?.stamp !== shellStamp) this.shell = { stamp: shellStamp, module: await this.loadShell() };
      const remoteStamp = `${await stampOf(this.remoteFile)}|${await stampOf(path.join(this.options.remoteDir, 'mf-manifest.json'))}|${shellStamp}`;
      if (this.remote?.stamp !== remoteStamp) this.remote = { stamp: remoteStamp, module: await this.loadRemote(this.shell.module) };
      if (this.failure) this.options.log.info('server rendering is back: the public pages are rendered on the server again');
      this.failure = undefined;
    } catch (err) {
      // The site stays up: pages go out as the plain shell and the browser renders them (as a SPA).
      const message = err instanceof Error ? err.message : String(err);
      if (this.failure !== message) this.options.log.error({ err }, 'server rendering unavailable; public pages are sent as the plain shell');
      this.failure = message;
      this.shell = undefined;
      this.remote = undefined;
    }
  }

  /**
   * The shell's server build, evaluated afresh (a deploy replaces it). Its npm packages resolve from beside
   * it, else from the API's own node_modules (a shell deployed in a folder of its own).
   */
  private async loadShell(): Promise<ShellServer> {
    const file = this.shellFile;
    const fromShell = createRequire(file);
    const fromApi = createRequire(__filename);
    const requirePackage = (id: string): unknown => {
      try {
        return fromShell(id);
      } catch {
        return fromApi(id);
      }
    };
    const module = evaluate(file, await fs.promises.readFile(file, 'utf8'), requirePackage) as Partial<ShellServer>;
    if (typeof module.render !== 'function' || typeof module.shared !== 'object') throw new Error(`${file} is not the shell's server build`);
    this.requirePackage = requirePackage;
    return module as ShellServer;
  }

  private async loadRemote(shell: ShellServer): Promise<{ remote: ServerRemoteModule } & RemoteAssets> {
    const file = this.remoteFile;
    const code = await fs.promises.readFile(file, 'utf8');
    const requirePackage = this.requirePackage;
    const requireShared = (id: string): unknown => (id in shell.shared ? shell.shared[id] : requirePackage(id));
    const exported = evaluate(file, code, requireShared);
    const remote = (exported.default ?? exported) as Partial<ServerRemoteModule>;
    if (typeof remote.routes !== 'object' || typeof remote.registerTexts !== 'function') throw new Error(`${file} is not a remote's server build`);
    return { remote: remote as ServerRemoteModule, ...(await this.remoteAssets()) };
  }

  /** From the remote's manifest: the stylesheets its exposed pages use, and its entry and exposed chunks. */
  private async remoteAssets(): Promise<RemoteAssets> {
    const manifest = JSON.parse(await fs.promises.readFile(path.join(this.options.remoteDir, 'mf-manifest.json'), 'utf8')) as {
      metaData?: { remoteEntry?: { name?: string; path?: string } };
      exposes?: { assets?: { css?: { sync?: string[]; async?: string[] }; js?: { sync?: string[] } } }[];
    };
    const base = this.options.remoteBaseUrl.endsWith('/') ? this.options.remoteBaseUrl : `${this.options.remoteBaseUrl}/`;
    const styles = new Set<string>();
    const scripts = new Set<string>();
    const entry = manifest.metaData?.remoteEntry;
    if (entry?.name) scripts.add(entry.path ? `${entry.path.replace(/\/?$/, '/')}${entry.name}` : entry.name);
    for (const expose of manifest.exposes ?? []) {
      for (const file of [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])]) styles.add(file);
      for (const file of expose.assets?.js?.sync ?? []) scripts.add(file);
    }
    return { styles: [...styles].map((file) => ({ href: base + file, file })), scripts: [...scripts].map((file) => base + file) };
  }

  /**
   * The query parameters the remote's route for `pathname` renders from (RemoteRoute.query), or undefined
   * when no build is loaded, the path is no route of the remote, or the route does not say.
   */
  queryOf(pathname: string): readonly string[] | undefined {
    const name = matchRoute(pathname);
    return name ? this.remote?.module.remote.routes[name]?.query : undefined;
  }

  /**
   * Renders a page with the current builds; undefined when they are unavailable or the path is not a rendered page.
   * `form`: a form of the page sent without its code and not taken, shown again as sent (routes/page-forms).
   */
  async render(input: { url: string; origin: string; lang: string; http: RouteHttp; form?: PostedForm }): Promise<({ page: RenderedPage } & RemoteAssets) | undefined> {
    await this.refresh();
    const shell = this.shell;
    const remote = this.remote;
    if (!shell || !remote) return undefined;
    const page = await shell.module.render({ ...input, remote: remote.module.remote });
    return page ? { page, styles: remote.module.styles, scripts: remote.module.scripts } : undefined;
  }
}
