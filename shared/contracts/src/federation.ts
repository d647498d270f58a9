import type { ComponentType } from 'react';
import type { RouteName } from './routes';
import type { PostedForm } from './forms';

/** The container names of the remotes (never a reserved word such as `public`). */
export const REMOTES = { public: 'public_remote', admin: 'admin_remote' } as const;
export type RemoteName = (typeof REMOTES)[keyof typeof REMOTES];

/**
 * The small fixed surface each remote exposes as `./pages`: one component
 * (lazy inside the remote) per route name it renders. The shell owns the router;
 * a route whose page a remote does not (yet) export shows not-found.
 */
export interface RemotePagesModule {
  pages: Partial<Record<RouteName, ComponentType>>;
  /**
   * Server-renderable routes (public remote, since shared surface 1.0): each declares its data, its
   * page and its head, so the server renders the same HTML the browser hydrates
   * (docs/decisions/server-rendering.md). A shell that finds none renders `pages` as a SPA.
   */
  routes?: Partial<Record<RouteName, RemoteRoute>>;
  /**
   * The public remote's part of the public footer (optional): the newsletter
   * sign-up, the company's contact details and social links. The shell draws it at the top of its footer on
   * the remote's pages, with the page's route data (the remote reads its own answers in it), inside
   * Suspense and an error boundary: while it loads (or hydrates) the server's markup stays, and a failing
   * one shows nothing. A shell that does not know this field ignores it.
   */
  footer?: ComponentType<FooterProps>;
  /**
   * The chrome around the remote's pages (admin remote, optional): its menu, header and user menu, with the
   * router's `<Outlet />` where the page goes. The admin remote draws its own chrome with its own antd, so
   * antd is never a shared singleton (a shared module is never tree-shaken) and never reaches the shell.
   * The shell renders it inside Suspense and an error boundary; a remote without one (or one that fails)
   * gets the shell's plain frame around its pages.
   */
  layout?: ComponentType;
}

/** What the shell hands the remote's footer: the data of the page it is drawn under. */
export interface FooterProps {
  data: RouteData;
}

/** An HTTP client with the one verb the public reads need (axios in the browser, in-process on the server). */
export interface RouteHttp {
  get<T = unknown>(url: string, config?: { params?: object }): Promise<{ data: T }>;
}

/** What a route's loader reads: the route's params, its query string and an HTTP client. */
export interface RouteLoadContext {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  http: RouteHttp;
  /**
   * A form of the page sent without its code that the server answers with the page again (its fields and the
   * API's answer): the server render only. The route puts it in its data, so hydration shows the same form.
   */
  form?: PostedForm;
}

/** A route's loaded data: the answers its page renders from, and the HTTP status of the page (404 when it names nothing). */
export interface RouteData {
  status: number;
  /** Opaque to the shell: the remote's page reads it back. Plain JSON (it is embedded in the page). */
  entries: Record<string, unknown>;
}

/** The head of a page, as the server writes it and the browser updates it on navigation. */
export interface PageHead {
  title: string;
  description: string;
  /** Path (or absolute URL) of the canonical page; the server makes it absolute. */
  canonical: string;
  type: 'article' | 'profile' | 'website';
  image?: { url: string; alt: string } | undefined;
  /** Extra meta tags after Open Graph: [attribute, name, content] (article:*, profile:*). */
  meta?: [string, string, string][];
  /** Extra <link> tags: rel, href, type?, title?. */
  links?: { rel: string; href: string; type?: string; title?: string }[];
  jsonLd?: object[];
  /** Whether crawlers should index it (false for search results and not-found states). */
  index?: boolean;
  /**
   * The languages the page's content exists in: the hreflang alternates list only these (and x-default). Unset: all
   * five (a page whose every text is translated). An article lists the languages it is published in.
   */
  languages?: readonly string[];
  /**
   * The language of the page's main content when it may differ from the page's own (an article shown in its original):
   * the canonical URL is that language's version. Unset: the page's language.
   */
  contentLang?: string;
}

/** What a head is built with: the translator of the page's language, that language, and the absolute site URL. */
export interface HeadContext {
  t: (key: string, options?: Record<string, unknown>) => string;
  lang: string;
  /** Absolute URL of the site (no trailing slash), e.g. https://www.example.com. */
  origin: string;
  /** The route's params and query string, as the loaders read them. */
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/** One server-renderable route of a remote. */
export interface RemoteRoute {
  /** Runs the page's loaders (server: first render; browser: later navigations). */
  load(ctx: RouteLoadContext): Promise<RouteData>;
  /** The page, rendered from its loaded data. */
  Component: ComponentType<{ data: RouteData }>;
  /** The head tags of the page for this data. */
  head(data: RouteData, ctx: HeadContext): PageHead;
  /** Fetches the page's code and texts (browser), so hydration renders at once. */
  preload?(): Promise<void>;
  /**
   * An API path (after the API base) to POST once when a server-rendered page of this data is shown (a read),
   * sent by the shell's starter before the page's code runs; the page skips it then (takeSentBeacon).
   */
  beacon?(data: RouteData): string | undefined;
  /**
   * The query parameters the page renders from (`page`, `status`…): the server renders and caches one page
   * per value of these, and drops every other parameter (`/?anything=N` is the plain page). Unset: the
   * server's default list.
   */
  query?: readonly string[];
}

/**
 * The public remote's server build (`dist/server/pages.js`, CommonJS): its routes with eager components,
 * and how to have its texts in a language. The server loads it by path and hands it the shell's
 * shared singletons as `require` (docs/decisions/server-rendering.md).
 */
export interface ServerRemoteModule {
  routes: Partial<Record<RouteName, RemoteRoute>>;
  /** The remote's part of the public footer, loaded (RemotePagesModule.footer). */
  footer?: ComponentType<FooterProps>;
  /** Registers the remote's texts with the shared i18n instance; answers their namespaces (the server loads them per language). */
  registerTexts(): readonly string[];
}

/** The id of the `<script type="application/json">` holding a server-rendered page's hydration data. */
export const SSR_DATA_ID = 'vt-ssr-data';

/**
 * The id of the public layout's <main> (the page's content; the skip link's target). A server-rendered
 * document holds its first paint until that element is parsed whole (`<link rel=expect blocking=render>`),
 * so the browser never paints a half-parsed header that then grows (a layout shift).
 */
export const MAIN_CONTENT_ID = 'main';

/** The cookie that tells the server the visitor's chosen language (set with the stored choice; `?lang=` wins). */
export const LANGUAGE_COOKIE = 'vt_lang';

/** The language cookie as written, by the browser's switch and by the server for a page asked with `?lang=`: a year, the whole site. */
export function languageCookie(locale: string): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * JSON inside a <script> (the hydration data, JSON-LD): `<`, `>` and `&` as \u escapes, so no text in it
 * ("</script>", "<!--") can end the element; U+2028/9 too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A public page as the shell's server build renders it (hosts/shell/src/server/render.tsx), for the server to send. */
export interface ServerRenderedPage {
  status: number;
  /** The route name rendered ('not-found' for an unknown path). */
  route: string;
  /** <title> and the page's head tags. */
  head: string;
  /** The markup inside #root. */
  body: string;
  data: SsrData;
  /** An API path the browser POSTs once when the page is shown, before its code runs (RemoteRoute.beacon). */
  beacon?: string;
}

/** The hydration data of a server-rendered page. */
export interface SsrData {
  /** The language it was rendered in. */
  lang: string;
  /** react-router's loader data, by route id. */
  loaderData: Record<string, unknown>;
  /** The route name of the page (the remote page to preload before hydrating). */
  route: string;
  /** The runtime config (`/remotes.json`), so hydration does not wait for it. */
  runtime?: { apiBaseUrl: string; remotes: Record<string, string> };
}

/**
 * The shell's starter of a server-rendered page (hosts/shell/src/start/start.ts): the one script such a page
 * runs during its load; it starts the shell's entry (`data-main`) on the visitor's first intent.
 */
export const SHELL_STARTER = 'start.js';

/** The window event the shell dispatches once the page's React root exists (hydrating or rendered). */
export const STARTED_EVENT = 'vt:started';

/**
 * The window property where the starter lists the beacons (API paths) it sent for this document, so the page's
 * own code does not send them again when it hydrates.
 */
export const SENT_BEACONS = '__vtSentBeacons';

const sentBeacons = () => globalThis as unknown as Record<typeof SENT_BEACONS, string[] | undefined>;

/** The starter sent `path` for this document. */
export function recordSentBeacon(path: string): void {
  (sentBeacons()[SENT_BEACONS] ??= []).push(path);
}

/** Whether the starter already sent `path` for this document (at most once: a later view sends its own). */
export function takeSentBeacon(path: string): boolean {
  const sent = sentBeacons()[SENT_BEACONS];
  const index = sent?.indexOf(path) ?? -1;
  if (index < 0) return false;
  sent?.splice(index, 1);
  return true;
}

