import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, type PublicSeo, type RemotesConfig, type RouteHttp } from '@vitrine/contracts';
import feedRoutes, { sendCacheable } from '../routes/feeds';
import { FeedsService } from '../services/feeds';
import { composeDocument } from '../ssr/document';
import { PageRenderer } from '../ssr/renderer';
import type { SiteOptions } from './static-site';

const PAGE_CACHE_CONTROL = 'no-cache';
/** Rendered pages are kept per content version, and at most this long (a scheduled post goes live without a write). */
const RENDER_TTL_MS = 30_000;
const RENDER_CACHE_MAX = 500;

const LOCALES = ['pt-BR', 'en-US', 'es-ES', 'fr-FR', 'ht-HT'] as const;
type Locale = (typeof LOCALES)[number];

/** One of the five languages for a tag ('en', 'EN-us' → en-US), else undefined. */
function normalizeLocale(value: string | null | undefined): Locale | undefined {
  const tag = (value ?? '').trim().replace(/_/g, '-').toLowerCase();
  if (!tag) return undefined;
  return LOCALES.find((code) => code.toLowerCase() === tag) ?? LOCALES.find((code) => code.slice(0, 2) === tag.split('-')[0]);
}

const LANGUAGE_PATTERN = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/** The page's language, as the browser will pick it: `?lang=`, then the remembered choice (cookie), then pt-BR. */
export function pageLanguage(request: FastifyRequest): Locale {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const cookie = LANGUAGE_PATTERN.exec(request.headers.cookie ?? '')?.[1];
  return normalizeLocale(query.get('lang')) ?? normalizeLocale(cookie) ?? 'pt-BR';
}

export interface SeoPagesOptions {
  site?: Omit<SiteOptions, 'remoteUrls'> | undefined;
}

type Page = { statusCode: number; html: string } | undefined;

/**
 * The public pages, server-rendered by the same React components the browser hydrates
 * (docs/decisions/server-rendering.md): `renderSitePage`, which the static site calls for
 * navigations, answers home, blog, search, post and profile (and the not-found page) with their
 * markup, head and hydration data; other paths, or any failure of the server builds, leave the
 * request to the plain shell (the browser renders it). Also /sitemap.xml, /robots.txt and the feeds.
 */
export default fp<SeoPagesOptions>(
  async function seoPages(app: FastifyInstance, options: SeoPagesOptions) {
    const service = new FeedsService({ db: app.db, config: app.config, storage: app.storage });
    await app.register(feedRoutes, { service });

    const shellDir = options.site?.shellDir;
    const remoteDir = options.site?.remotes?.public_remote;
    if (!shellDir || !remoteDir) return;
    const runtimeConfig: RemotesConfig = { apiBaseUrl: '/api', remotes: { public_remote: app.config.publicRemoteUrl, admin_remote: app.config.adminRemoteUrl } };
    const renderer = new PageRenderer({
      shellDir,
      remoteDir,
      remoteBaseUrl: app.config.publicRemoteUrl.replace(/[^/]*$/, ''),
      log: app.log,
    });

    /** The loaders' reads, answered by the API itself in-process (as the browser would ask them). */
    const http: RouteHttp = {
      async get<T>(url: string, config?: { params?: object }) {
        const query = new URLSearchParams();
        for (const [key, value] of Object.entries(config?.params ?? {})) if (value !== undefined && value !== null) query.set(key, String(value));
        const qs = query.toString();
        const res = await app.inject({ method: 'GET', url: `/api${url}${qs ? `?${qs}` : ''}` });
        if (res.statusCode >= 400) throw Object.assign(new Error(`GET ${url}: ${res.statusCode}`), { response: { status: res.statusCode } });
        return { data: res.json() as T };
      },
    };

    const seoEntries = async (): Promise<PublicSeo[]> => {
      try {
        return (await http.get<{ data: PublicSeo[] }>('/seo/public-seo')).data.data;
      } catch {
        return [];
      }
    };

    const renderPage = async (url: string, lang: Locale, shellHtml: string): Promise<Page> => {
      const rendered = await renderer.render({ url, origin: app.config.publicUrl, lang, http });
      if (!rendered) return undefined;
      // The browser's runtime config comes with the page: hydration does not wait for /remotes.json.
      const page = { ...rendered.page, data: { ...rendered.page.data, runtime: runtimeConfig } };
      const html = composeDocument(shellHtml, page, { styles: rendered.styles, scripts: rendered.scripts, seo: await seoEntries() });
      return html === undefined ? undefined : { statusCode: page.status, html };
    };

    // A per-process cache of rendered pages, keyed by the content version (shared by every
    // replica through the database), the builds and the shell's HTML.
    const cache = new Map<string, { at: number; page: Page }>();
    let lastShell = '';
    let lastShellKey = 0;
    const renderCached = async (url: string, lang: Locale, shellHtml: string, version: number): Promise<Page> => {
      if (shellHtml !== lastShell) {
        lastShell = shellHtml;
        lastShellKey += 1;
        cache.clear();
      }
      await renderer.refresh();
      const key = `${version}|${lastShellKey}|${renderer.version}|${lang}|${url}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < RENDER_TTL_MS) return hit.page;
      const page = await renderPage(url, lang, shellHtml);
      if (cache.size >= RENDER_CACHE_MAX) cache.delete(cache.keys().next().value as string);
      cache.set(key, { at: Date.now(), page });
      return page;
    };

    app.decorate('renderSitePage', async (request: FastifyRequest, reply: FastifyReply, shellHtml: string) => {
      // The back-office is the browser's alone (the shell's render would only redirect it to sign in).
      if (/^\/admin(\/|$)/.test(request.url)) return false;
      let page;
      let version;
      try {
        version = await service.version();
        page = await renderCached(request.url, pageLanguage(request), shellHtml, version);
      } catch (err) {
        // A failing database or render must not take the site down: the plain shell still boots the SPA.
        request.log.error({ err }, 'page render failed; answering the plain shell');
        return false;
      }
      if (!page) return false;
      void reply.header('vary', 'accept-encoding, cookie');
      await sendCacheable(request, reply, service, {
        body: page.html,
        statusCode: page.statusCode,
        contentType: 'text/html; charset=utf-8',
        cacheControl: PAGE_CACHE_CONTROL,
        version,
      });
      return true;
    });
  },
  { name: 'seo-pages', dependencies: ['services'] },
);
