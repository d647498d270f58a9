import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import feedRoutes, { sendCacheable } from '../routes/feeds';
import { INITIAL_DATA_ID } from '@vitrine/contracts';
import { jsonForScript, POST, PROFILE, SeoPagesService } from '../services/seo-pages';

const PAGE_CACHE_CONTROL = 'no-cache';
/** Rendered pages are kept per content version, and at most this long (a scheduled post goes live without a write). */
const RENDER_TTL_MS = 30_000;
const RENDER_CACHE_MAX = 500;

type Rendered = Awaited<ReturnType<SeoPagesService['render']>>;

/**
 * The API calls a page's first render makes (paths relative to /api, exactly as the
 * public remote calls them). Their answers are embedded in the page, so the first
 * page of a visit makes no API call and never downloads the API client.
 */
export function initialDataPaths(url: string): string[] {
  const [rawPath = '/'] = url.split('?', 1);
  const paths = ['/seo/public-seo'];
  if (rawPath === '/' || rawPath === '') paths.push('/public/home', '/user/user/recent-updated-users/4');
  const post = POST.exec(rawPath);
  if (post) paths.push(`/public/article/${post[2]}/${post[1]}`);
  const profile = PROFILE.exec(rawPath);
  if (profile) paths.push(`/public/author/${profile[2]}/${profile[1]}`);
  return paths;
}

/**
 * Findable without JavaScript (docs/decisions/findable-without-js.md):
 * - `renderSitePage`, which the static site calls for browser navigations: the
 *   post, profile, blog and home pages get the shell's index.html with their
 *   own head and content (404 with the plain shell for an unknown or
 *   unpublished post or profile); other paths keep the plain SPA fallback;
 * - /sitemap.xml, /robots.txt, /rss.xml and /rss/{category}.xml.
 */
export default fp(
  async function seoPages(app: FastifyInstance) {
    const service = new SeoPagesService({
      db: app.db,
      config: app.config,
      storage: app.storage,
      publicContent: app.services.publicContent,
      log: app.log,
    });

    /** The same answers the API gives (asked of the API itself, in-process), embedded before </body>. */
    const withInitialData = async (url: string, page: Rendered): Promise<Rendered> => {
      if (!page || page.statusCode !== 200) return page;
      const data: Record<string, unknown> = {};
      for (const path of initialDataPaths(url)) {
        const res = await app.inject({ method: 'GET', url: `/api${path}` });
        if (res.statusCode === 200) data[path] = res.json();
      }
      const script = `<script id="${INITIAL_DATA_ID}" type="application/json">${jsonForScript(data)}</script>`;
      const at = page.html.lastIndexOf('</body>');
      const html = at === -1 ? page.html + script : page.html.slice(0, at) + script + page.html.slice(at);
      return { ...page, html };
    };

    // A per-process cache of rendered pages, keyed by the content version (shared by every
    // replica through the database) and the shell's HTML: rendering the home page runs the
    // home-section queries, which a crawler or a busy landing page should not repeat per hit.
    const cache = new Map<string, { at: number; page: Rendered }>();
    let lastShell = '';
    let lastShellKey = 0;
    const renderCached = async (url: string, shellHtml: string, version: number): Promise<Rendered> => {
      if (shellHtml !== lastShell) {
        lastShell = shellHtml;
        lastShellKey += 1;
        cache.clear();
      }
      const key = `${version}|${lastShellKey}|${url}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < RENDER_TTL_MS) return hit.page;
      const page = await withInitialData(url, await service.render(url, shellHtml));
      if (cache.size >= RENDER_CACHE_MAX) cache.delete(cache.keys().next().value as string);
      cache.set(key, { at: Date.now(), page });
      return page;
    };

    app.decorate('renderSitePage', async (request: FastifyRequest, reply: FastifyReply, shellHtml: string) => {
      let page;
      let version;
      try {
        // One read of the version serves the cache key and the ETag.
        version = await service.version();
        page = await renderCached(request.url, shellHtml, version);
      } catch (err) {
        // A failing database must not take the site down: the plain shell still boots the SPA.
        request.log.error({ err }, 'page render failed; answering the plain shell');
        return false;
      }
      if (!page) return false;
      await sendCacheable(request, reply, service, {
        body: page.html,
        statusCode: page.statusCode,
        contentType: 'text/html; charset=utf-8',
        cacheControl: PAGE_CACHE_CONTROL,
        version,
      });
      return true;
    });

    await app.register(feedRoutes, { service });
  },
  { name: 'seo-pages', dependencies: ['services'] },
);
