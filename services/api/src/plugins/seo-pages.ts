import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildPath, languageCookie, LANGUAGE_QUERY_PARAM, isSeoPage, normalizeLocale, PUBLIC_ROUTES, SEARCH_TERM, type PostedForm, type PublicSeo, type RemotesConfig } from '@vitrine/contracts';

/** Where the search form sends its term (the results' route without its term). */
const SEARCH_PATH = PUBLIC_ROUTES['list-article-results'].replace(/\/:search\?$/, '');
import feedRoutes from '../routes/feeds';
import pageFormRoutes, { type FormPage } from '../routes/page-forms';
import { FeedsService } from '../services/feeds';
import type { Clock } from '../lib/clock';
import { composeDocument } from '../ssr/document';
import type { PageHttp } from '../ssr/render-pool';
import { PageRenderer } from '../ssr/renderer';
import { apiHttp } from '../ssr/api-http';
import { folderOf, remoteUrlFor } from '../releases/urls';
import { answerKey, queryOf, requestLanguage } from './answer-cache';
import type { SiteOptions } from './static-site';

const PAGE_CACHE_CONTROL = 'no-cache';
/**
 * The query parameters of a page whose route does not declare its own (RemoteRoute.query: a remote built
 * before routes said so); any other parameter (`/?anything=N`) shares the plain page's entry.
 */
const PAGE_PARAMS = ['page', 'category'] as const;

export interface SeoPagesOptions {
  site?: Omit<SiteOptions, 'remoteUrls'> | undefined;
  /** The render's time limits' clock (tests). */
  clock?: Clock;
}

type Page = { statusCode: number; html: string } | undefined;

/** The search results' path for a search form's GET (`/list-article-results?q=term`), or undefined. */
export function searchRedirect(url: string): string | undefined {
  const at = url.indexOf('?');
  if ((at === -1 ? url : url.slice(0, at)).replace(/\/+$/, '') !== SEARCH_PATH || at === -1) return undefined;
  const query = new URLSearchParams(url.slice(at + 1));
  const asked = query.get(SEARCH_TERM);
  if (asked === null) return undefined;
  const term = asked.trim().slice(0, 200);
  const lang = normalizeLocale(query.get(LANGUAGE_QUERY_PARAM));
  return `${buildPath(PUBLIC_ROUTES['list-article-results'], { search: term || undefined })}${lang ? `?${LANGUAGE_QUERY_PARAM}=${lang}` : ''}`;
}

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
    // Served from releases (docs/decisions/releases.md): the public remote's active release, asked at each check.
    const releases = app.releases?.registry;
    if (!shellDir || (!remoteDir && !releases)) return;
    const { publicRemoteUrl, adminRemoteUrl } = app.config;
    /**
     * The browser's runtime config for a page rendered with a release of the public remote: that release's manifest
     * (the browser hydrates the page with the code it was rendered with, whatever is active by then), and the admin
     * remote's active release.
     */
    const runtimeConfigFor = (release: string | undefined): RemotesConfig => ({
      apiBaseUrl: '/api',
      remotes: {
        public_remote: remoteUrlFor(publicRemoteUrl, 'public', release),
        admin_remote: remoteUrlFor(adminRemoteUrl, 'admin', releases?.active('admin')?.id),
      },
    });
    const renderer = new PageRenderer({
      shellDir,
      remoteDir: remoteDir ?? '',
      remoteBaseUrl: folderOf(publicRemoteUrl),
      ...(releases
        ? {
            remote: () => {
              const active = releases.active('public');
              return active && { dir: active.dir, baseUrl: folderOf(remoteUrlFor(publicRemoteUrl, 'public', active.id)), release: active.id };
            },
          }
        : {}),
      log: app.log,
      workers: app.config.ssrWorkers,
      timeoutMs: app.config.ssrRenderTimeoutMs,
      memoryMb: app.config.ssrWorkerMemoryMb,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    // The render workers start with the server (the first page does not wait for them), and end with it.
    app.addHook('onListen', async () => {
      void renderer.refresh();
    });
    app.addHook('onClose', async () => {
      await renderer.close();
    });

    const httpIn = (lang?: string): PageHttp => apiHttp(app, lang);
    const http = httpIn();

    const seoEntries = async (): Promise<PublicSeo[]> => {
      try {
        return (await http.get<{ data: PublicSeo[] }>('/seo/public-seo')).data.data;
      } catch {
        return [];
      }
    };

    const renderPage = async (url: string, lang: string, shellHtml: string, form?: PostedForm): Promise<Page> => {
      const rendered = await renderer.render({ url, origin: app.config.publicUrl, lang, http: httpIn(lang), ...(form ? { form } : {}) });
      if (!rendered) return undefined;
      // The browser's runtime config comes with the page: hydration does not wait for /remotes.json.
      const page = { ...rendered.page, data: { ...rendered.page.data, runtime: runtimeConfigFor(rendered.release) } };
      // The staff's SEO markup goes on public pages only: not on the back office, not on the not-found page.
      const seo = page.route !== 'not-found' && isSeoPage(url.split('?', 1)[0] ?? '/') ? await seoEntries() : [];
      const html = composeDocument(shellHtml, page, { styles: rendered.styles, scripts: rendered.scripts, seo, ...(rendered.release ? { releases: { public: rendered.release } } : {}) });
      return html === undefined ? undefined : { statusCode: page.status, html };
    };

    // Rendered pages go through the answer cache (plugins/answer-cache.ts): one build per content version,
    // shell, server builds, language and path with the page's own parameters; a hit reads nothing from the database.
    let lastShell = '';
    let shellHash = '';
    app.decorate('renderSitePage', async (request: FastifyRequest, reply: FastifyReply, shellHtml: string) => {
      // The back-office is the browser's alone (the shell's render would only redirect it to sign in).
      if (/^\/admin(\/|$)/.test(request.url)) return false;
      // The search form is a plain GET form (it works before the page's code runs): its term goes to the results' path.
      const searched = searchRedirect(request.url);
      if (searched) {
        await reply.code(303).header('cache-control', 'no-store').header('location', searched).send();
        return true;
      }
      if (shellHtml !== lastShell) {
        lastShell = shellHtml;
        shellHash = createHash('sha1').update(shellHtml).digest('base64url').slice(0, 12);
      }
      const lang = requestLanguage(request);
      // A page asked in a language (`?lang=`: the language links of every page's header) remembers it for the
      // next pages, with or without the page's code: the same cookie the browser's own switch writes.
      const query = queryOf(request.url);
      const asked = normalizeLocale(query[LANGUAGE_QUERY_PARAM]);
      if (asked) void reply.header('set-cookie', languageCookie(asked));
      try {
        // A deploy of the shell's or the remote's server build is seen within a second (and changes the key);
        // the route's own query parameters are part of it.
        await renderer.refresh();
        const known = renderer.queryOf(request.url.split('?', 1)[0] ?? '/') ?? PAGE_PARAMS;
        const url = answerKey(request.url, query, known);
        return await app.answerCache.serve(request, reply, {
          key: `page|${shellHash}|${renderer.version}|${releases?.active('admin')?.id ?? '-'}|${lang}|${url}`,
          query: [...known, LANGUAGE_QUERY_PARAM],
          cacheControl: PAGE_CACHE_CONTROL,
          vary: 'cookie',
          build: async () => {
            const page = await renderPage(url, lang, shellHtml);
            return page && { statusCode: page.statusCode, contentType: 'text/html; charset=utf-8', body: page.html };
          },
        });
      } catch (err) {
        // A failing database or render must not take the site down: the plain shell still boots the SPA.
        request.log.error({ err }, 'page render failed; answering the plain shell');
        return false;
      }
    });

    /**
     * A page answered to one of its forms sent without JavaScript and not taken (routes/page-forms): the page at the
     * form's address (its own parameters only), rendered for this answer alone with the form as sent and the API's
     * answer, never through the answer cache (nor, so, the replay): nobody else ever gets it. Without the server
     * builds (or when the render fails) it is the plain shell with the status: the browser renders the page.
     */
    const indexFile = path.join(shellDir, 'index.html');
    const renderFormPage = async (request: FastifyRequest, reply: FastifyReply, page: FormPage): Promise<unknown> => {
      void reply.code(page.statusCode).headers({ ...page.headers, 'cache-control': 'no-store' }).type('text/html; charset=utf-8');
      let shellHtml: string;
      try {
        shellHtml = await fs.promises.readFile(indexFile, 'utf8');
      } catch {
        return reply.type('application/json; charset=utf-8').send(page.form?.error ?? { error: true, statusCode: page.statusCode });
      }
      try {
        await renderer.refresh();
        const known = renderer.queryOf(page.url.split('?', 1)[0] ?? '/') ?? PAGE_PARAMS;
        const rendered = await renderPage(answerKey(page.url, queryOf(page.url), known), page.lang, shellHtml, page.form);
        if (rendered) return await reply.send(rendered.html);
      } catch (err) {
        request.log.error({ err }, 'form page render failed; answering the plain shell');
      }
      return reply.send(shellHtml);
    };
    await app.register(pageFormRoutes, { render: renderFormPage });
  },
  { name: 'seo-pages', dependencies: ['services', 'answer-cache'] },
);
