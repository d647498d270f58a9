import { REMOTES, type PostedForm, type PublicRouteName, type RouteData, type RouteHttp } from '@vitrine/contracts';
import { http, type LoaderFunctionArgs } from '@vitrine/core';
import { loadRemotePages } from './remotes';

/** What the server passes its router's loaders (server/render.tsx): its in-process HTTP client. */
export interface ServerLoadContext {
  server: true;
  http: RouteHttp;
  /** A form of the page the server answers with the page again (RouteLoadContext.form). */
  form?: PostedForm;
}

/** A public page's loaded data, as its route's loader answers it. */
export interface LoadedPage {
  routeData: RouteData;
}

export function isLoadedPage(value: unknown): value is LoadedPage {
  return typeof value === 'object' && value !== null && 'routeData' in value;
}

/**
 * The router's loader of a public remote route (docs/decisions/server-rendering.md): runs the remote
 * route's own loaders — on the server for the first render, in the browser for every later navigation,
 * which keeps the current page on screen until the next one has its data and code (no loading state,
 * no shift). In the browser a failure answers null: the page then loads its own data and shows its
 * error and Retry, or the remote's fallback; on the server it fails the render (the plain shell is sent).
 */
export function publicPageLoader(name: PublicRouteName) {
  return async ({ params, request, context }: LoaderFunctionArgs): Promise<LoadedPage | null> => {
    const server = (context as Partial<ServerLoadContext> | undefined)?.server ? (context as ServerLoadContext) : undefined;
    try {
      const module = await loadRemotePages(REMOTES.public);
      const route = module.routes?.[name];
      if (!route) return null;
      const search = new URL(request.url).searchParams;
      const form = server?.form;
      const [routeData] = await Promise.all([route.load({ params, search, http: server?.http ?? http, ...(form ? { form } : {}) }), route.preload?.()]);
      return { routeData };
    } catch (error) {
      if (server) throw error;
      return null;
    }
  };
}
