import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../errors';
import { etagFor, etagMatches } from '../../lib/etag';
import { FEED_CACHE_CONTROL, type FeedsService } from '../../services/feeds';

export interface FeedRoutesOptions {
  service: FeedsService;
}

/**
 * Sends a cacheable text answer: weak ETag of the content version and the
 * body's hash (as the public API), Cache-Control, and 304 when the client holds it.
 */
export async function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  service: FeedsService,
  answer: { body: string; contentType: string; cacheControl: string; statusCode?: number; /** when the caller already read it */ version?: number },
): Promise<FastifyReply> {
  const statusCode = answer.statusCode ?? 200;
  void reply.header('cache-control', answer.cacheControl).header('vary', 'accept-encoding');
  if (statusCode === 200) {
    const etag = etagFor(answer.version ?? (await service.version()), answer.body);
    void reply.header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  }
  return reply.code(statusCode).type(answer.contentType).send(answer.body);
}

const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';
const FEED_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.xml$/;

/** /sitemap.xml, /robots.txt, /rss.xml and /rss/{category}.xml at the site's root (not under /api). */
const feedRoutes: FastifyPluginAsync<FeedRoutesOptions> = async (app, { service }) => {
  const schema = { hide: true };

  app.get('/robots.txt', { config: { policy: 'public' }, schema }, (request, reply) =>
    sendCacheable(request, reply, service, { body: service.robotsTxt(), contentType: 'text/plain; charset=utf-8', cacheControl: FEED_CACHE_CONTROL }),
  );

  app.get('/sitemap.xml', { config: { policy: 'public' }, schema }, async (request, reply) =>
    sendCacheable(request, reply, service, { body: await service.sitemapXml(), contentType: XML, cacheControl: FEED_CACHE_CONTROL }),
  );

  app.get('/rss.xml', { config: { policy: 'public' }, schema }, async (request, reply) => {
    const body = await service.rssXml();
    if (body === undefined) throw new NotFoundError();
    return sendCacheable(request, reply, service, { body, contentType: RSS, cacheControl: FEED_CACHE_CONTROL });
  });

  app.get<{ Params: { file: string } }>('/rss/:file', { config: { policy: 'public' }, schema }, async (request, reply) => {
    const match = FEED_FILE.exec(request.params.file);
    const body = match?.[1] ? await service.rssXml(match[1]) : undefined;
    if (body === undefined) throw new NotFoundError();
    return sendCacheable(request, reply, service, { body, contentType: RSS, cacheControl: FEED_CACHE_CONTROL });
  });
};

export default feedRoutes;
