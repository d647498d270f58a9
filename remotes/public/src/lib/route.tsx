import { lazy, type ComponentType } from 'react';
import type { HeadContext, PageHead, RemoteRoute, RouteData, RouteLoadContext } from '@vitrine/contracts';
import { entryKey, RouteDataContext, type LoaderContext, type RouteLoader } from './loader';
import { statusOf, type Seed } from './use-request';

/** A loader's answer in a route's data, whatever its key (a route holds one answer per loader). */
export type ReadEntry = <T>(loader: RouteLoader<T>) => T | undefined;

/**
 * A public page's route: the loaders its first render reads (the first one is the page's subject:
 * its 404 is the page's 404) and its head, built from their answers. The same definition serves the
 * server render, the browser's hydration and every later navigation (docs/decisions/server-rendering.md).
 */
export interface PageDefinition {
  loaders: readonly RouteLoader<unknown>[];
  /** The loader whose 404 (or missing key) is the page's 404: the first by default, null for none. */
  subject?: RouteLoader<unknown> | null;
  head(read: ReadEntry, ctx: HeadContext): PageHead;
}

/** Identity at run time; types a page definition. */
export function definePage(definition: PageDefinition): PageDefinition {
  return definition;
}

function reader(data: RouteData): ReadEntry {
  return <T,>(loader: RouteLoader<T>) => {
    const prefix = `${loader.id}:`;
    for (const [key, entry] of Object.entries(data.entries)) {
      if (key.startsWith(prefix) && (entry as Seed<T>).ok) return (entry as { data: T }).data;
    }
    return undefined;
  };
}

/**
 * Runs every loader of the page for this route. A loader that answers 404 is recorded as such (the page
 * shows its not-found); any other failure of the subject loader fails the load (the caller falls back
 * to rendering without data, where the page shows its error and Retry); other loaders' failures are
 * left out, and the page asks again itself.
 */
async function loadPage(definition: PageDefinition, ctx: RouteLoadContext): Promise<RouteData> {
  const entries: Record<string, Seed<unknown>> = {};
  let status = 200;
  const subjectLoader = definition.subject === undefined ? definition.loaders[0] : definition.subject;
  await Promise.all(
    definition.loaders.map(async (loader) => {
      const subject = loader === subjectLoader;
      const key = loader.key(ctx);
      if (key === null) {
        if (subject) status = 404;
        return;
      }
      try {
        entries[entryKey(loader, key)] = { ok: true, data: await loader.load(ctx as LoaderContext) };
      } catch (error) {
        const code = statusOf(error);
        if (code === 404) {
          entries[entryKey(loader, key)] = { ok: false, status: 404 };
          if (subject) status = 404;
        } else if (subject) {
          throw error;
        }
      }
    }),
  );
  return { status, entries };
}

function withData(Page: ComponentType): ComponentType<{ data: RouteData }> {
  return function RoutePage({ data }: { data: RouteData }) {
    return (
      <RouteDataContext.Provider value={data}>
        <Page />
      </RouteDataContext.Provider>
    );
  };
}

/** The route as the server renders it: the page's component is already loaded. */
export function serverRoute(definition: PageDefinition, Page: ComponentType): RemoteRoute {
  return {
    load: (ctx) => loadPage(definition, ctx),
    head: (data, ctx) => definition.head(reader(data), ctx),
    Component: withData(Page),
  };
}

/**
 * The route as the browser runs it: the page's code (its own chunk) and the public texts of the current
 * language are fetched by `preload`, which the shell awaits before hydrating a server-rendered page, so
 * the first render matches the server's HTML; until then the page is a lazy component.
 */
export function browserRoute(definition: PageDefinition, loadPage_: () => Promise<ComponentType>, loadTexts: () => Promise<void>): RemoteRoute & { Page: ComponentType } {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const ensure = () => {
    pending ??= Promise.all([loadPage_(), loadTexts()]).then(
      ([Page]) => (loaded = Page),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => ensure().then((Page) => ({ default: Page })));
  const Page = (props: object) => {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  };
  return {
    load: (ctx) => loadPage(definition, ctx),
    head: (data, ctx) => definition.head(reader(data), ctx),
    Component: withData(Page),
    preload: () => ensure().then(() => undefined),
    Page,
  };
}
