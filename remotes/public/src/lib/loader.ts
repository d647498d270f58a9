import { createContext, useContext } from 'react';
import type { RouteData, RouteLoadContext } from '@vitrine/contracts';
import { http, useLocation, useParams } from '@vitrine/core';
import type { PublicHttp } from '../api/public-content';
import { useRequest, type Seed } from './use-request';

/** What a route loader reads: the route's params, its query string and an HTTP client. */
export interface LoaderContext extends RouteLoadContext {
  http: PublicHttp;
}

/**
 * A public route's data needs, as plain functions of the route (no React, no window): the server
 * runs them for the first render, the browser's router on later navigations (lib/route.tsx), and
 * a page reads the answers back with useLoader. `id` names the loader in the route's data; `key`
 * says what the answer depends on (a new key loads again) and is null when the params name
 * nothing (the page shows its not-found without asking).
 */
export interface RouteLoader<T> {
  id: string;
  key(ctx: Omit<LoaderContext, 'http'>): string | null;
  load(ctx: LoaderContext): Promise<T>;
}

/** Identity at run time; types a loader. */
export function defineLoader<T>(loader: RouteLoader<T>): RouteLoader<T> {
  return loader;
}

/** Where a loader's answer sits in a route's data. */
export function entryKey(loader: RouteLoader<unknown>, key: string): string {
  return `${loader.id}:${key}`;
}

/** Where a page's data keeps a form sent without its code and not taken (RouteLoadContext.form; lib/route.tsx). */
export const POSTED_FORM_ENTRY = '~posted-form';
/** Where a page's data keeps its own query (the parameters it renders from): its forms' action (lib/form.tsx). */
export const PAGE_QUERY_ENTRY = '~page-query';

/** The route's loaded data (lib/route.tsx provides it around the page). */
export const RouteDataContext = createContext<RouteData | null>(null);

/**
 * A loader's answer for the current route: from the route's loaded data when it is there (the
 * first render of a server-rendered page, and every navigation the router loaded), else fetched
 * with the app's HTTP client: loading / success / error, and retry.
 */
export function useLoader<T>(loader: RouteLoader<T>) {
  const params = useParams();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const route = useContext(RouteDataContext);
  const key = loader.key({ params, search: query });
  const entry = key === null ? null : entryKey(loader as RouteLoader<unknown>, key);
  const seed = entry === null ? undefined : (route?.entries[entry] as Seed<T> | undefined);
  return useRequest(entry, () => loader.load({ params, search: query, http }), seed);
}
