import { StrictMode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import * as core from '@vitrine/core';
import * as ui from '@vitrine/ui';
import * as i18nPackage from '@vitrine/i18n';
import { ensureResources, LOCALE_CODES, type Locale } from '@vitrine/i18n';
import { DEFAULT_SITE_NAME, identityOf, REMOTES, type PostedForm, type RouteHandle, type RouteHttp, type ServerRemoteModule, type ServerRenderedPage } from '@vitrine/contracts';
import { escapeHtml, headTags } from '../app/head';
import { routes } from '../app/router';
import { isLoadedPage, type ServerLoadContext } from '../federation/public-route';
import { setServerRemote } from '../federation/remotes.server';

/**
 * The shell's server build (dist/server/render.js; docs/decisions/server-rendering.md): renders a
 * public page with the browser's own route table, layouts and the public remote's server build, in
 * the visitor's language, for the browser to hydrate.
 */

/**
 * The shared singletons a remote's server build requires (its `require` is answered from here,
 * then from the packages beside this file): the same surface Module Federation shares in the browser.
 */
export const shared: Record<string, unknown> = {
  '@vitrine/core': core,
  '@vitrine/ui': ui,
  '@vitrine/i18n': i18nPackage,
};

export interface RenderInput {
  /** Path and query of the page. */
  url: string;
  /** The site's absolute URL (PUBLIC_URL), for canonical links and structured data. */
  origin: string;
  lang: Locale;
  /** Answers the API reads of the loaders (in-process on the server). */
  http: RouteHttp;
  remote: ServerRemoteModule;
  /** Abort the render after this long (ms). */
  timeoutMs?: number;
  /**
   * A form of the page sent without its code that the server did not take: handed to the page's route (its load
   * context), which renders it as sent with the answer; its data carries it to hydration.
   */
  form?: PostedForm;
}

/** The browser's route table, for the server (built once: the routes never change in a build). */
const handler = createStaticHandler(routes);

let currentRemote: ServerRemoteModule | undefined;
let remoteNamespaces: readonly string[] = [];

/** A new remote build: its texts are registered again (a redeploy may change them), then loaded per language. */
function adoptRemote(remote: ServerRemoteModule): void {
  if (remote === currentRemote) return;
  const namespaces = remote.registerTexts();
  for (const ns of new Set([...remoteNamespaces, ...namespaces])) {
    for (const code of LOCALE_CODES) core.i18n.removeResourceBundle(code, ns);
  }
  remoteNamespaces = remote.registerTexts();
  currentRemote = remote;
  setServerRemote(REMOTES.public, remote);
}

/**
 * The i18n instance of each language, made once (a clone shares core.i18n's texts, those a remote registers
 * included): a render only reads it, and cloning was work done again on every page for the same result.
 */
const byLanguage = new Map<Locale, typeof core.i18n>();

/**
 * The i18n a page renders with: an object inheriting everything from its language's instance. react-i18next's
 * useTranslation copies every own property of the instance it is given into a wrapper each time a component
 * mounts (about 40 of them: i18next puts its bound methods on the instance), and a server render mounts every
 * component once: a tenth of a page's render went there. An heir has none of its own to copy and translates
 * the same; what the render writes on it (react-i18next's used namespaces) stays with this page.
 */
function pageI18n(lang: Locale): typeof core.i18n {
  let instance = byLanguage.get(lang);
  if (!instance) byLanguage.set(lang, (instance = core.i18n.cloneInstance({ lng: lang, initAsync: false })));
  return Object.create(instance) as typeof core.i18n;
}

function toHtml(element: React.ReactElement, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // The whole page, data included, is one answer (it is cached and compressed once): written in order,
      // never a large Suspense boundary moved to the end with an inline script to put it back (CSP forbids those).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    setTimeout(() => stream.abort(new Error('server render timed out')), timeoutMs).unref();
  });
}

/**
 * The page at `url`, or undefined when it is not a server-rendered page (the sign-in pages, the
 * back-office, a remote route the remote does not render, a redirect): the plain shell answers those.
 */
export async function render(input: RenderInput): Promise<ServerRenderedPage | undefined> {
  adoptRemote(input.remote);
  // A form's answer is said with the error texts (`errors:<code>`), as the browser's error handler says it.
  await ensureResources(core.i18n, input.lang, input.form ? [...remoteNamespaces, 'errors'] : remoteNamespaces);
  const i18n = pageI18n(input.lang);

  const request = new Request(new URL(input.url, input.origin));
  const requestContext: ServerLoadContext = { server: true, http: input.http, ...(input.form ? { form: input.form } : {}) };
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) return undefined;
  if (context.errors) throw Object.values(context.errors)[0] instanceof Error ? Object.values(context.errors)[0] : new Error('route loader failed');

  const leaf = [...context.matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.name);
  const name = (leaf?.route.handle as RouteHandle | undefined)?.name;
  if (!leaf || !name) return undefined;
  const loaded = context.loaderData[leaf.route.id];
  const route = name === 'not-found' ? undefined : input.remote.routes[name];
  if (name !== 'not-found' && (!route || !isLoadedPage(loaded))) return undefined;

  const router = createStaticRouter(handler.dataRoutes, context);
  const body = await toHtml(
    <StrictMode>
      <core.I18nextProvider i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </core.I18nextProvider>
    </StrictMode>,
    input.timeoutMs ?? 10_000,
  );

  const url = new URL(request.url);
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
  const headCtx = { t, lang: input.lang, origin: input.origin, params: leaf.params, search: url.searchParams };
  const head =
    route && isLoadedPage(loaded)
      ? route.head(loaded.routeData, headCtx)
      : { title: `${t('common:notFound.title')} · ${DEFAULT_SITE_NAME}`, description: t('common:notFound.text'), canonical: url.pathname, type: 'website' as const, index: false };
  const status = route && isLoadedPage(loaded) ? loaded.routeData.status : 404;
  return {
    status,
    route: name,
    head: `<title>${escapeHtml(head.title)}</title>${headTags(head, { lang: input.lang, origin: input.origin, siteName: identityOf(isLoadedPage(loaded) ? loaded.routeData : undefined)?.name })}`,
    body,
    data: { lang: input.lang, loaderData: context.loaderData, route: name },
    ...(route?.beacon && isLoadedPage(loaded) && status === 200 ? { beacon: route.beacon(loaded.routeData) } : {}),
  };
}

