import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../errors';
import { DEFAULT_LOCALE, LANGUAGE_QUERY_PARAM, normalizeLocale, type Locale } from '@vitrine/contracts';
import { answerKey, queryOf } from '../../plugins/answer-cache';
import { FEED_CACHE_CONTROL, type FeedsService } from '../../services/feeds';

export interface FeedRoutesOptions {
  service: FeedsService;
}

const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';
const FEED_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.xml$/;
const SITEMAP_FILE = /^([1-9][0-9]{0,5})\.xml$/;

/**
 * A feed's language: `?lang=` only (a feed reader sends no cookie; the address says it), any tag mapped to one of the
 * five ('en' → en-US); pt-BR without one or for an unsupported one.
 */
function feedLanguage(request: FastifyRequest): Locale {
  return normalizeLocale(queryOf(request.url).lang) ?? DEFAULT_LOCALE;
}

/**
 * A feed through the answer cache, keyed by its path and language (no other query parameter changes a feed): built
 * once per content version, gzip and brotli stored with it. An unknown feed is the usual 404, not cached.
 */
async function sendFeed(request: FastifyRequest, reply: FastifyReply, contentType: string, load: () => Promise<string | undefined> | string): Promise<FastifyReply> {
  const lang = feedLanguage(request);
  await request.server.answerCache.serve(request, reply, {
    key: answerKey(request.url, {}, [], lang === DEFAULT_LOCALE ? '' : `lang=${lang}`),
    query: [LANGUAGE_QUERY_PARAM],
    cacheControl: FEED_CACHE_CONTROL,
    build: async () => {
      const body = await load();
      if (body === undefined) throw new NotFoundError();
      return { statusCode: 200, contentType, body };
    },
  });
  return reply;
}

/** /sitemap.xml (and its index's /sitemaps/{n}.xml), /robots.txt, /rss.xml and /rss/{category}.xml (each feed in a language with ?lang=) at the site's root (not under /api). */
const feedRoutes: FastifyPluginAsync<FeedRoutesOptions> = async (app, { service }) => {
  const schema = { hide: true };

  app.get('/robots.txt', { config: { policy: 'public' }, schema }, (request, reply) =>
    sendFeed(request, reply, 'text/plain; charset=utf-8', () => service.robotsTxt()),
  );

  app.get('/sitemap.xml', { config: { policy: 'public' }, schema }, (request, reply) => sendFeed(request, reply, XML, () => service.sitemapXml()));

  // The files of the sitemap index, when /sitemap.xml is one (a large site); a number past the last is a 404.
  app.get<{ Params: { file: string } }>('/sitemaps/:file', { config: { policy: 'public' }, schema }, (request, reply) => {
    const match = SITEMAP_FILE.exec(request.params.file);
    if (!match?.[1]) throw new NotFoundError();
    const n = Number(match[1]);
    return sendFeed(request, reply, XML, () => service.sitemapFile(n));
  });

  app.get('/rss.xml', { config: { policy: 'public' }, schema }, (request, reply) => sendFeed(request, reply, RSS, () => service.rssXml(undefined, feedLanguage(request))));

  app.get<{ Params: { file: string } }>('/rss/:file', { config: { policy: 'public' }, schema }, (request, reply) => {
    const match = FEED_FILE.exec(request.params.file);
    if (!match?.[1]) throw new NotFoundError();
    const category = match[1];
    return sendFeed(request, reply, RSS, () => service.rssXml(category, feedLanguage(request)));
  });
};

export default feedRoutes;
