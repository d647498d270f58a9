import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import feedRoutes from '../routes/feeds';
import { INITIAL_DATA_ID } from '@vitrine/contracts';
import { jsonForScript, POST, PROFILE, SeoPagesService } from '../services/seo-pages';
import { answerKey, queryOf, requestLanguage } from './answer-cache';

const PAGE_CACHE_CONTROL = 'no-cache';
/** The query parameters a page reads (the blog's); any other (`/?anything=N`) shares the plain page's entry. */
const PAGE_PARAMS = ['page', 'category'] as const;

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

    // Rendered pages go through the answer cache (plugins/answer-cache.ts): one build per content version,
    // shell, language and path with the page's own parameters; a hit reads nothing from the database.
    let lastShell = '';
    let shellHash = '';
    app.decorate('renderSitePage', async (request: FastifyRequest, reply: FastifyReply, shellHtml: string) => {
      if (shellHtml !== lastShell) {
        lastShell = shellHtml;
        shellHash = createHash('sha1').update(shellHtml).digest('base64url').slice(0, 12);
      }
      const url = answerKey(request.url, queryOf(request.url), PAGE_PARAMS);
      try {
        return await app.answerCache.serve(request, reply, {
          key: `page|${shellHash}|${requestLanguage(request)}|${url}`,
          cacheControl: PAGE_CACHE_CONTROL,
          build: async () => {
            const page = await withInitialData(url, await service.render(url, shellHtml));
            return page && { statusCode: page.statusCode, contentType: 'text/html; charset=utf-8', body: page.html };
          },
        });
      } catch (err) {
        // A failing database must not take the site down: the plain shell still boots the SPA.
        request.log.error({ err }, 'page render failed; answering the plain shell');
        return false;
      }
    });

    await app.register(feedRoutes, { service });
  },
  { name: 'seo-pages', dependencies: ['services', 'answer-cache'] },
);
