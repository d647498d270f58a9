import { lazy, useEffect, type ComponentType } from 'react';
import { DEFAULT_SITE_NAME, IDENTITY_ENTRY, SENT_PARAM, type HeadContext, type PageHead, type RemoteRoute, type RouteData, type RouteLoadContext } from '@vitrine/contracts';
import { i18n } from '@vitrine/core';
import { WhatsappButton } from '../components/whatsapp-button';
import type { PageHeadContext } from './head';
import { entryKey, PAGE_QUERY_ENTRY, POSTED_FORM_ENTRY, RouteDataContext, type LoaderContext, type RouteLoader } from './loader';
import { siteLoader } from './site';
import { statusOf, type Seed } from './use-request';

/** A loader's answer in a route's data, whatever its key (a route holds one answer per loader). */
export type ReadEntry = <T>(loader: RouteLoader<T>) => T | undefined;

/**
 * What every public page loads besides its own loaders: the site's settings, whose WhatsApp button every
 * page shows. It is part of each route's data, so the server embeds it in the page and it costs no request.
 */
const EVERY_PAGE: readonly RouteLoader<unknown>[] = [siteLoader];

/**
 * How long the browser reuses an every-page answer on later navigations instead of asking again: the API
 * serves it with max-age=60, so a change the staff save reaches a browsing visitor within the same minute
 * either way (and the next full page load at once).
 */
const REUSE_MS = 60_000;

/**
 * The every-page answers this browser already has (from the page it hydrated, or a navigation), by entry and the
 * language they were asked in (the site's answer holds the opening hours in the page's language): a navigation
 * after a language switch asks again.
 */
const known = new Map<string, { seed: Seed<unknown>; at: number }>();
const knownKey = (entry: string) => `${i18n.language}|${entry}`;

/** Keeps the every-page answers of a route's data that are not known yet (those of the server-rendered page). */
function remember(data: RouteData): void {
  for (const [key, entry] of Object.entries(data.entries)) {
    const seed = entry as Seed<unknown>;
    if (seed.ok && EVERY_PAGE.some((loader) => key.startsWith(`${loader.id}:`)) && known.get(knownKey(key))?.seed !== seed) known.set(knownKey(key), { seed, at: Date.now() });
  }
}

/**
 * A public page's route: the loaders its first render reads (the first one is the page's subject:
 * its 404 is the page's 404) and its head, built from their answers. The same definition serves the
 * server render, the browser's hydration and every later navigation (docs/decisions/server-rendering.md).
 */
export interface PageDefinition {
  /** The page's own loaders; the every-page ones (EVERY_PAGE) are added to them, never as the subject. */
  loaders: readonly RouteLoader<unknown>[];
  /** The loader whose 404 (or missing key) is the page's 404: the first by default, null for none. */
  subject?: RouteLoader<unknown> | null;
  /**
   * The query parameters the page renders from: the server caches one page per value of these and drops the
   * others, so a parameter read during the first render must be listed here (or read after hydration).
   */
  query?: readonly string[];
  head(read: ReadEntry, ctx: PageHeadContext): PageHead;
  /** An API path to POST once when the server-rendered page is shown (RemoteRoute.beacon). */
  beacon?(read: ReadEntry): string | undefined;
}

/** Identity at run time; types a page definition. */
export function definePage(definition: PageDefinition): PageDefinition {
  return definition;
}

export function reader(data: RouteData): ReadEntry {
  return <T,>(loader: RouteLoader<T>) => {
    const prefix = `${loader.id}:`;
    for (const [key, entry] of Object.entries(data.entries)) {
      if (key.startsWith(prefix) && (entry as Seed<T>).ok) return (entry as { data: T }).data;
    }
    return undefined;
  };
}

/** A page's head, with the site's identity from its data (the default name when the site answer is missing). */
function headOf(definition: PageDefinition, data: RouteData, ctx: HeadContext): PageHead {
  const read = reader(data);
  return definition.head(read, { ...ctx, site: read(siteLoader)?.identity ?? { name: DEFAULT_SITE_NAME, logo: null } });
}

/**
 * Runs every loader of the page for this route, and the every-page ones. A loader that answers 404 is
 * recorded as such (the page shows its not-found); any other failure of the subject loader fails the load
 * (the caller falls back to rendering without data, where the page shows its error and Retry); other
 * loaders' failures are left out, and the page asks again itself. In the browser (`reuse`) an every-page
 * answer known for less than REUSE_MS is put in the data again instead of being asked for. The site answer's
 * name and logo are also put under IDENTITY_ENTRY, where the shell's header, footer and head read them.
 */
async function loadPage(definition: PageDefinition, ctx: RouteLoadContext, reuse = false): Promise<RouteData> {
  const entries: Record<string, unknown> = {};
  let status = 200;
  const subjectLoader = definition.subject === undefined ? definition.loaders[0] : definition.subject;
  await Promise.all(
    [...new Set([...definition.loaders, ...EVERY_PAGE])].map(async (loader) => {
      const subject = loader === subjectLoader;
      const key = loader.key(ctx);
      if (key === null) {
        if (subject) status = 404;
        return;
      }
      const entry = entryKey(loader, key);
      const shared = reuse && EVERY_PAGE.includes(loader);
      const had = shared ? known.get(knownKey(entry)) : undefined;
      if (had && Date.now() - had.at < REUSE_MS) {
        entries[entry] = had.seed;
        return;
      }
      try {
        const seed: Seed<unknown> = { ok: true, data: await loader.load(ctx as LoaderContext) };
        entries[entry] = seed;
        if (shared) known.set(knownKey(entry), { seed, at: Date.now() });
      } catch (error) {
        const code = statusOf(error);
        if (code === 404) {
          entries[entry] = { ok: false, status: 404 };
          if (subject) status = 404;
        } else if (subject) {
          throw error;
        }
      }
    }),
  );
  const identity = reader({ status, entries })(siteLoader)?.identity;
  if (identity) entries[IDENTITY_ENTRY] = identity;
  // The page's forms post to its own address with its own parameters (never a result's `sent`), the same on the
  // server and in the browser whatever else the visitor's address holds; a form the server answered comes with it.
  const own = new URLSearchParams();
  for (const name of queryOf(definition)) if (name !== SENT_PARAM && ctx.search.has(name)) own.set(name, ctx.search.get(name) ?? '');
  const query = own.toString();
  if (query) entries[PAGE_QUERY_ENTRY] = query;
  if (ctx.form) entries[POSTED_FORM_ENTRY] = ctx.form;
  return { status, entries };
}

/** What the server keeps of a route that declares no parameters of its own (RemoteRoute.query unset). */
const DEFAULT_QUERY = ['page', 'category'] as const;

/**
 * The parameters a page renders from: its own (else the server's old default list), and a form's result (`?sent=`,
 * forms-without-js.md), which every page with a form shows.
 */
function queryOf(definition: PageDefinition): readonly string[] {
  return [...(definition.query ?? DEFAULT_QUERY), SENT_PARAM];
}

/**
 * The page with its route's data, and what every public page shows around it: the WhatsApp button, from
 * the site's settings in that data (none without them). In the browser (`reuse`) the every-page answers
 * of the data are kept for the next navigations (lib/route.tsx `loadPage`).
 */
function withData(Page: ComponentType, reuse = false): ComponentType<{ data: RouteData }> {
  return function RoutePage({ data }: { data: RouteData }) {
    useEffect(() => {
      if (reuse) remember(data);
    }, [data]);
    const whatsapp = reader(data)(siteLoader)?.whatsapp;
    return (
      <RouteDataContext.Provider value={data}>
        <Page />
        {whatsapp ? <WhatsappButton setting={whatsapp} /> : null}
      </RouteDataContext.Provider>
    );
  };
}

/** The route as the server renders it: the page's component is already loaded. */
export function serverRoute(definition: PageDefinition, Page: ComponentType): RemoteRoute {
  return {
    load: (ctx) => loadPage(definition, ctx),
    head: (data, ctx) => headOf(definition, data, ctx),
    ...(definition.beacon ? { beacon: (data: RouteData) => definition.beacon?.(reader(data)) } : {}),
    Component: withData(Page),
    query: queryOf(definition),
  };
}

/**
 * The route as the browser runs it: the page's code (its own chunk) and the public texts of the current
 * language are fetched by `preload`, which the shell awaits before hydrating a server-rendered page, so
 * the first render matches the server's HTML; until then the page is a lazy component.
 */
export function browserRoute(definition: PageDefinition, loadPage_: () => Promise<ComponentType>, loadTexts: () => Promise<void>): RemoteRoute & { Page: ComponentType } {
  const { Component: Page, preload } = preloadable(() => Promise.all([loadPage_(), loadTexts()]).then(([Page]) => Page));
  return {
    load: (ctx) => loadPage(definition, ctx, true),
    head: (data, ctx) => headOf(definition, data, ctx),
    Component: withData(Page, true),
    preload,
    query: queryOf(definition),
    Page,
  };
}

/**
 * A component in a chunk of its own that renders at once once `preload` has settled (a plain lazy one
 * suspends on its first render even then, which would make hydration wait), and lazily before.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): { Component: ComponentType<P>; preload: () => Promise<void> } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const ensure = () => {
    pending ??= load().then(
      (Component) => (loaded = Component),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => ensure().then((Component) => ({ default: Component })));
  const Component = (props: P) => {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  };
  return { Component, preload: () => ensure().then(() => undefined) };
}
