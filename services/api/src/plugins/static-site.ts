import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { PrecompressedCheck } from '../lib/fresh-precompressed';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute, type RemotesConfig } from '@vitrine/contracts';
import { RELEASE_ID, type ReleaseRemote } from '../releases/files';
import type { ServedRelease } from '../releases/registry';
import { remoteUrlFor } from '../releases/urls';

/** What this process serves of the remotes' releases (releases/registry.ts). */
export interface SiteReleases {
  active(remote: ReleaseRemote): ServedRelease | undefined;
  release(remote: ReleaseRemote, id: string): ServedRelease | undefined;
  /** The active release first, then the other kept ones, newest first. */
  kept(remote: ReleaseRemote): readonly ServedRelease[];
}

export interface SiteOptions {
  /** The shell's built files (index.html at its root). */
  shellDir?: string | undefined;
  /** Each remote's dist folder; a missing folder answers 404 (the shell shows its fallback). */
  remotes?: { public_remote?: string | undefined; admin_remote?: string | undefined };
  uploadsDir?: string | undefined;
  /** Where the shell finds each remote's manifest (PUBLIC_REMOTE_URL / ADMIN_REMOTE_URL). */
  remoteUrls: { public_remote: string; admin_remote: string };
  /**
   * Serve the remotes from their releases instead of the `remotes` folders (docs/decisions/releases.md): /remotes/<r>/
   * is the active release, /remotes/<r>/r/<id>/ any kept one, and /remotes.json names the active release's own URL.
   */
  releases?: SiteReleases | undefined;
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** webpack chunk names carry a content hash: `123.a1b2c3d4e5.js`, `main.a1b2c3d4.css`. */
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|mjs|woff2?|png|jpe?g|svg|webp|gif)$/i;
const ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json', 'remotes.json']);

function cacheControlFor(file: string): string {
  // A pre-compressed copy (`remoteEntry.js.br`) is cached as the file it stands for.
  const base = path.basename(file).replace(/\.(br|gz)$/, '');
  if (ENTRY_FILES.has(base) || base.endsWith('.html')) return NO_CACHE;
  if (HASHED.test(base)) return IMMUTABLE;
  // Code without a hash in its name (the shell's main.js) changes under the same name: revalidated by ETag.
  if (/\.(js|mjs|css|json)$/.test(base)) return NO_CACHE;
  return 'public, max-age=3600';
}

/** A file's path inside a release, as the route's wildcard gives it (decoded): plain segments only, no '.' or '..'. */
function isInsidePath(file: string): boolean {
  return file.length > 0 && !/[\\\0]/.test(file) && file.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** A release's files under /remotes/<r>/r/<id>/: none of them ever changes (the manifest and the entry included). */
const RELEASE_PATH = /^\/remotes\/[^/]+\/r\/[^/]+\//;

/**
 * The remotes served from their releases (docs/decisions/releases.md, "Serving"): /remotes/<r>/<file> from the active
 * release, with the entry files no-cache as before; a hashed chunk that the active release lacks from the other kept
 * releases, newest first (a page opened before an activation still loads its lazy chunks); /remotes/<r>/r/<id>/<file>
 * from that release while it is kept, everything immutable. A release is never written to once published, so its
 * pre-compressed copies are always its files' (no freshness check).
 */
const releaseFiles = async (app: FastifyInstance, options: { releases: SiteReleases }) => {
  const { releases } = options;
  await app.register(fastifyStatic, {
    serve: false,
    decorateReply: true,
    cacheControl: false,
    index: false,
    dotfiles: 'ignore',
    preCompressed: true,
    setHeaders: (res, file) => {
      const url = (res as unknown as FastifyReply).request?.url ?? '';
      res.header('cache-control', RELEASE_PATH.test(url) ? IMMUTABLE : cacheControlFor(file));
      res.header('access-control-allow-origin', '*');
    },
  });
  // A file answered from the active release is repeated by the answer replay (plugins/answer-replay.ts) only while
  // that release is still the active one (its files never change, so the replay's own check would hold forever).
  const servedFrom = new WeakMap<FastifyRequest, { remote: ReleaseRemote; id: string }>();
  app.addHook('onSend', (request, reply, payload, done) => {
    const served = servedFrom.get(request);
    // A body compressed on the way out (a stream by now) is not recorded by the replay anyway.
    if (served && Buffer.isBuffer(payload) && reply.statusCode === 200) {
      app.answerReplay.offer(reply, payload, { valid: () => releases.active(served.remote)?.id === served.id });
    }
    done(null, payload);
  });
  for (const remote of ['public', 'admin'] as const) {
    app.get<{ Params: { release: string; '*': string } }>(`/remotes/${remote}/r/:release/*`, { config: { policy: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const release = RELEASE_ID.test(request.params.release) ? releases.release(remote, request.params.release) : undefined;
      if (!release || !isInsidePath(request.params['*'])) return reply.callNotFound();
      return reply.sendFile(`/${request.params['*']}`, release.dir);
    });
    app.get<{ Params: { '*': string } }>(`/remotes/${remote}/*`, { config: { policy: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const file = request.params['*'];
      const active = releases.active(remote);
      if (!active || !isInsidePath(file)) return reply.callNotFound();
      servedFrom.set(request, { remote, id: active.id });
      // Only a hashed file is looked for in the other releases: its name is its content, the same wherever it is found.
      let dir = active.dir;
      if (HASHED.test(file) && !fs.existsSync(path.join(active.dir, file))) {
        dir = releases.kept(remote).find((r) => r.id !== active.id && fs.existsSync(path.join(r.dir, file)))?.dir ?? active.dir;
      }
      return reply.sendFile(`/${file}`, dir);
    });
  }
};

function isDir(dir: string | undefined): dir is string {
  return !!dir && fs.existsSync(dir) && fs.statSync(dir).isDirectory();
}

const RESERVED = /^\/(api|remotes|uploads)(\/|$)/;

/** A path whose last segment has an extension (`/main.js`, `/favicon.ico`): a file, never a page route. */
export function isFilePath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '/';
  return /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/**
 * Supplies the HTML of a browser navigation (e.g. a post's page with its meta
 * tags and content for crawlers) from the shell's index.html. Answers true when
 * it sent the reply, false to leave the request to the static files and the
 * plain SPA fallback. Set as the `renderSitePage` decorator (plugins/seo-pages.ts).
 */
export type SitePageRenderer = (request: FastifyRequest, reply: FastifyReply, shellHtml: string) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    renderSitePage?: SitePageRenderer;
  }
}

function isNavigation(request: FastifyRequest, orAnything = false): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (RESERVED.test(request.url.split('?')[0] ?? '/')) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || (orAnything && (accept === '' || accept.includes('*/*')));
}

/**
 * The embedded site, served by the API's own process: the shell at / with SPA fallback, each
 * remote under /remotes/<name>/, uploads under /uploads/ and the runtime
 * /remotes.json the shell reads to find the remotes.
 */
export default fp<SiteOptions>(
  async function staticSite(app: FastifyInstance, options: SiteOptions) {
    const releases = options.releases;
    const remotesJson: RemotesConfig = { apiBaseUrl: '/api', remotes: options.remoteUrls };
    // With releases, each remote's entry names its active release (read at each request: an activation is seen at once).
    const currentRemotes = (): RemotesConfig =>
      releases
        ? {
            apiBaseUrl: '/api',
            remotes: {
              public_remote: remoteUrlFor(options.remoteUrls.public_remote, 'public', releases.active('public')?.id),
              admin_remote: remoteUrlFor(options.remoteUrls.admin_remote, 'admin', releases.active('admin')?.id),
            },
          }
        : remotesJson;
    app.get('/remotes.json', { config: { policy: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', NO_CACHE).header('access-control-allow-origin', '*').send(currentRemotes()),
    );

    const mounts: { prefix: string; dir: string | undefined; cors: boolean }[] = [
      ...(releases
        ? []
        : [
            { prefix: '/remotes/public/', dir: options.remotes?.public_remote, cors: true },
            { prefix: '/remotes/admin/', dir: options.remotes?.admin_remote, cors: true },
          ]),
      { prefix: '/uploads/', dir: options.uploadsDir, cors: false },
    ];
    if (releases) await app.register(releaseFiles, { releases });
    // A pre-compressed copy is sent only while it holds the file beside it (lib/fresh-precompressed.ts): a redeploy
    // that leaves an old .br or .gz behind is never hidden from the browsers that accept it.
    const precompressed = new PrecompressedCheck();
    const roots = [...mounts.filter((m) => m.prefix !== '/uploads/'), { prefix: '/', dir: options.shellDir, cors: false }].filter(
      (m): m is { prefix: string; dir: string; cors: boolean } => isDir(m.dir),
    );
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const accept = request.headers['accept-encoding'];
      if (typeof accept !== 'string' || !isFilePath(request.url)) return;
      const pathname = request.url.split('?', 1)[0] ?? '/';
      const mount = roots.find((m) => pathname.startsWith(m.prefix) && (m.prefix !== '/' || !RESERVED.test(pathname)));
      if (!mount) return;
      const kept = precompressed.acceptable(mount.dir, pathname.slice(mount.prefix.length), accept);
      if (kept !== accept) request.headers['accept-encoding'] = kept;
    });

    for (const mount of mounts) {
      if (!isDir(mount.dir)) continue;
      await app.register(fastifyStatic, {
        root: mount.dir,
        prefix: mount.prefix,
        decorateReply: false,
        cacheControl: false,
        index: false,
        wildcard: true,
        schemaHide: true,
        // The build writes .br and .gz next to each text file (configs/webpack): sent as they are.
        preCompressed: mount.prefix !== '/uploads/',
        setHeaders: (res, file) => {
          res.header('cache-control', mount.prefix === '/uploads/' ? 'public, max-age=86400' : cacheControlFor(file));
          if (mount.cors) res.header('access-control-allow-origin', '*');
        },
      });
    }

    const shellDir = options.shellDir;
    if (!isDir(shellDir)) return;
    const indexFile = path.join(shellDir, 'index.html');
    // The shell's index.html, re-read when its mtime or size changes (a redeployed shell is picked up at once).
    // A synchronous stat: microseconds on a local disk, where the promise's round trip through the thread
    // pool was a third of the cost of a cached page (docs/decisions/answer-cache.md).
    let cached: { mtimeMs: number; size: number; html: string } | undefined;
    const readShell = async (): Promise<string | undefined> => {
      try {
        const stat = fs.statSync(indexFile);
        if (cached?.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
          cached = { mtimeMs: stat.mtimeMs, size: stat.size, html: await fs.promises.readFile(indexFile, 'utf8') };
        }
        return cached.html;
      } catch {
        return undefined;
      }
    };

    // Pages that carry their own head and content (renderSitePage) are answered before the static files;
    // also for `Accept: */*` or none, as link-preview bots ask (the renderer only takes paths that are no files).
    app.addHook('onRequest', async (request, reply) => {
      const render = app.renderSitePage;
      if (!render || !isNavigation(request, true) || isFilePath(request.url)) return;
      const shellHtml = await readShell();
      if (shellHtml !== undefined && (await render(request, reply, shellHtml))) return reply;
    });

    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      decorateReply: false,
      cacheControl: false,
      index: ['index.html'],
      // Files are looked up on disk per request (a redeployed shell's new chunks are served at once);
      // what is not a file falls through to the not-found handler and so to the SPA fallback below.
      wildcard: true,
      schemaHide: true,
      preCompressed: true,
      setHeaders: (res, file) => res.header('cache-control', cacheControlFor(file)),
    });

    // Any browser navigation outside /api, /remotes and /uploads gets the shell; its router takes over.
    // A path no route of the shell knows (contracts' route table) is the not-found page: same HTML, status 404.
    app.decorate('siteFallback', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isNavigation(request)) return false;
      if (!fs.existsSync(indexFile)) return false;
      const known = matchRoute(request.url.split('?', 1)[0] ?? '/') !== undefined;
      await reply.code(known ? 200 : 404).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
      return true;
    });
  },
  { name: 'static-site', dependencies: ['errors'] },
);
