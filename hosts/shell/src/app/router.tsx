import {
  ADMIN_ROUTES,
  ADMIN_ROUTE_NAMES,
  PUBLIC_ROUTES,
  REMOTES,
  type PublicRouteName,
  type RouteHandle,
} from '@vitrine/contracts';
import { loadTexts } from '@vitrine/core';
import { LogoLoader } from '@vitrine/ui';
import { RemotePage } from '../federation/remote-page';
import { loadRemotePages } from '../federation/remotes';
import { publicPageLoader } from '../federation/public-route';
import { NotFoundPage } from '../pages/not-found';
import { DASHBOARD_PATH, redirectIfSignedIn, requireFirstAccess, requireRoute, requireSignedIn, requireSignedInWithRoles } from './guard';
import { RootLayout } from './root-layout';
import { PublicLayout } from '../layouts/public-layout';
import { leavesSeoMarkup, loadInNewDocument, loadSeoOnce, seoPending } from './seo';
import { createBrowserRouter, redirect, type RouteObject } from '@vitrine/core';

/** Starts fetching a remote while the navigation is pending (errors are shown by the page). */
const preload = (remote: (typeof REMOTES)[keyof typeof REMOTES]) => () => {
  loadRemotePages(remote).catch(() => undefined);
  return null;
};

/** Drops the leading slash: children of the layout routes use relative paths. */
const rel = (path: string) => path.replace(/^\//, '');

const publicRemoteRoute = (name: PublicRouteName): RouteObject => ({
  ...(name === 'home' ? { index: true } : { path: rel(PUBLIC_ROUTES[name]) }),
  handle: { name } satisfies RouteHandle,
  loader: publicPageLoader(name),
  element: <RemotePage remote={REMOTES.public} page={name} />,
});

const shellPage = (
  name: PublicRouteName,
  load: () => Promise<{ Component: React.ComponentType }>,
  loader?: RouteObject['loader'],
): RouteObject => ({
  path: rel(PUBLIC_ROUTES[name]),
  handle: { name } satisfies RouteHandle,
  // The sign-in texts come with the sign-in pages (public pages never download them).
  lazy: () => Promise.all([load(), loadTexts(['auth', 'errors'])]).then(([page]) => page),
  ...(loader ? { loader } : {}),
});

/** The route table: every route name of contracts' routes, and whether the shell or which remote renders it. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    // The public SEO markup, once, on the first public page (never on admin or account pages); leaving the public
    // pages for those loads a new document, so the markup's scripts stop there. The language of a `?lang=` URL is
    // picked when i18n starts and remembered by RootLayout on every navigation.
    loader: ({ request }) => {
      const url = new URL(request.url);
      return leavesSeoMarkup(url.pathname) ? loadInNewDocument(url) : loadSeoOnce(url.pathname).then(() => null);
    },
    shouldRevalidate: ({ nextUrl }) => seoPending(nextUrl.pathname),
    HydrateFallback: () => <LogoLoader active />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          publicRemoteRoute('home'),
          publicRemoteRoute('blog'),
          publicRemoteRoute('list-article-results'),
          publicRemoteRoute('post'),
          publicRemoteRoute('profile'),
          publicRemoteRoute('contact'),
          publicRemoteRoute('unsubscribe-newsletter'),
          publicRemoteRoute('rc-sistemI'),
          publicRemoteRoute('faq'),
          shellPage('login', () => import('../pages/login').then((m) => ({ Component: m.LoginPage })), redirectIfSignedIn),
          shellPage('recover-password', () => import('../pages/recover-password').then((m) => ({ Component: m.RecoverPasswordPage })), redirectIfSignedIn),
          shellPage('reset-password', () => import('../pages/reset-password').then((m) => ({ Component: m.ResetPasswordPage }))),
          shellPage('verify-account', () => import('../pages/verify-account').then((m) => ({ Component: m.VerifyAccountPage })), requireFirstAccess('/verify-account')),
          shellPage('first-access', () => import('../pages/first-access').then((m) => ({ Component: m.FirstAccessPage })), requireFirstAccess('/first-access')),
          shellPage('logout', () => import('../pages/logout').then((m) => ({ Component: m.LogoutPage }))),
          shellPage('error-forbidden', () => import('../pages/error-forbidden').then((m) => ({ Component: m.ForbiddenPage }))),
        ],
      },
      {
        lazy: () => import('../layouts/main-layout').then((m) => ({ Component: m.MainLayout })),
        children: [publicRemoteRoute('playground')],
      },
      {
        path: 'admin',
        loader: requireSignedIn,
        // The admin remote draws the chrome (AdminFrame); it is fetched with the frame, so the chrome and the page
        // arrive together. A remote that is down leaves the plain frame, where the page shows its Retry.
        lazy: () =>
          Promise.all([import('../layouts/admin-frame'), loadTexts(['errors']), loadRemotePages(REMOTES.admin).catch(() => undefined)]).then(([m]) => ({
            Component: m.AdminFrame,
          })),
        children: [
          { index: true, loader: () => redirect(DASHBOARD_PATH) },
          ...ADMIN_ROUTE_NAMES.map(
            (name): RouteObject => ({
              path: ADMIN_ROUTES[name].replace(/^\/admin\//, ''),
              handle: { name } satisfies RouteHandle,
              loader: async (args) => {
                preload(REMOTES.admin)();
                return requireRoute(name)(args);
              },
              element: <RemotePage remote={REMOTES.admin} page={name} />,
            }),
          ),
          { path: '*', handle: { name: 'not-found' } satisfies RouteHandle, loader: requireSignedInWithRoles, element: <NotFoundPage /> },
        ],
      },
      {
        element: <PublicLayout />,
        children: [{ path: '*', handle: { name: 'not-found' } satisfies RouteHandle, element: <NotFoundPage /> }],
      },
    ],
  },
];

/** The browser's router; `hydrationData` is a server-rendered page's loaded data (no loader runs again for it). */
export function createRouter(hydrationData?: { loaderData: Record<string, unknown> }) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}
