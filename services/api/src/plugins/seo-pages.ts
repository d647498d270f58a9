import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import feedRoutes, { sendCacheable } from '../routes/feeds';
import { SeoPagesService } from '../services/seo-pages';

const PAGE_CACHE_CONTROL = 'no-cache';

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

    app.decorate('renderSitePage', async (request: FastifyRequest, reply: FastifyReply, shellHtml: string) => {
      let page;
      try {
        page = await service.render(request.url, shellHtml);
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
      });
      return true;
    });

    await app.register(feedRoutes, { service });
  },
  { name: 'seo-pages', dependencies: ['services'] },
);
