import { http, useLocation, useParams } from '@vitrine/core';
import type { PublicHttp } from '../api/public-content';
import { useRequest } from './use-request';

/** What a route loader reads: the route's params, its query string and an HTTP client. */
export interface LoaderContext {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  http: PublicHttp;
}

/**
 * A public route's data needs, as plain functions of the route (no React, no window): the browser
 * runs them through useLoader; the server render of the next issue can run the same functions in
 * Node with its own client. `key` says what the answer depends on (a new key loads again) and is
 * null when the params name nothing (the page shows its not-found without asking).
 */
export interface RouteLoader<T> {
  key(ctx: Omit<LoaderContext, 'http'>): string | null;
  load(ctx: LoaderContext): Promise<T>;
}

/** Identity at run time; types a loader. */
export function defineLoader<T>(loader: RouteLoader<T>): RouteLoader<T> {
  return loader;
}

/**
 * Runs a route loader for the current route with the app's HTTP client (which answers from the
 * page's embedded initial data first, `takeInitialData`): loading / success / error, and retry.
 */
export function useLoader<T>(loader: RouteLoader<T>) {
  const params = useParams();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  return useRequest(loader.key({ params, search: query }), () => loader.load({ params, search: query, http }));
}
