/**
 * Route names and paths, written once. The shell's router, the
 * admin menu, the guard and the API's authorization all read these.
 */
export const PUBLIC_ROUTES = {
  home: '/',
  blog: '/blog',
  'list-article-results': '/list-article-results/:search?',
  post: '/post/:uniqueKey?/:id?',
  profile: '/profile/:uniqueKey?/:id?',
  contact: '/contact',
  login: '/login',
  'recover-password': '/recover-password',
  'reset-password': '/reset-password/:id?/:uniqueKey?',
  'unsubscribe-newsletter': '/unsubscribe-newsletter/:uniqueKey?/:id?',
  'error-forbidden': '/error-forbidden',
  'rc-sistemI': '/rc-sistemI',
  faq: '/faq/:product?',
  playground: '/playground',
  'first-access': '/first-access',
  'verify-account': '/verify-account',
  logout: '/logout',
} as const;

export type PublicRouteName = keyof typeof PUBLIC_ROUTES;

/** Authenticated routes, all under /admin. */
export const ADMIN_ROUTES = {
  dashboard: '/admin/dashboard',
  users: '/admin/users',
  'list-of-articles': '/admin/list-of-articles',
  compose: '/admin/compose/:uniqueKey?/:id?',
  'list-of-categories': '/admin/list-of-categories',
  'settings-profile': '/admin/settings-profile',
  settings: '/admin/settings',
  seo: '/admin/seo',
  'list-leads': '/admin/list-leads',
  'message-received': '/admin/message-received',
  'settings-whatsapp': '/admin/settings-whatsapp',
  /** The FAQ's entries, managed by site_editor. */
  'list-faq': '/admin/list-faq',
  /** Who changed what (the audit log); user_management's, and only admins see it. */
  'audit-log': '/admin/audit-log',
} as const;

export type AdminRouteName = keyof typeof ADMIN_ROUTES;
export type RouteName = PublicRouteName | AdminRouteName;

/**
 * What the shell's router puts in each route's `handle`: the route's name (a layout reads the open page's
 * name from `useMatches()`, e.g. for its title or the menu's selected entry).
 */
export interface RouteHandle {
  name: RouteName | 'not-found';
}

// Pure (annotated): a bundle that never reads it, such as the public remote's, leaves it and ADMIN_ROUTES out.
export const ADMIN_ROUTE_NAMES = /* @__PURE__ */ Object.keys(ADMIN_ROUTES) as AdminRouteName[];

/** Fills a route pattern's parameters; optional parameters left out are dropped. */
export function buildPath(pattern: string, params: Record<string, string | number | undefined> = {}): string {
  const out = pattern
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg;
      const key = seg.replace(/^:/, '').replace(/\?$/, '');
      const value = params[key];
      return value === undefined || value === '' ? null : encodeURIComponent(String(value));
    })
    .filter((seg): seg is string => seg !== null)
    .join('/');
  return out === '' ? '/' : out;
}

/** The search form's field: a GET of the results' route without a term, `?q=term`, goes to the term's results. */
export const SEARCH_TERM = 'q';

/** A route pattern as a RegExp over a pathname (optional parameters may be left out; one trailing slash allowed). */
function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      if (seg.startsWith(':')) return seg.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body}/?$`);
}

function routeMatchers(): [RouteName, RegExp][] {
  return (Object.entries({ ...PUBLIC_ROUTES, ...ADMIN_ROUTES }) as [RouteName, string][]).map(([name, pattern]) => [name, patternToRegExp(pattern)]);
}

// Pure (annotated): a bundle that never matches a path (the public remote's) leaves the matchers and ADMIN_ROUTES out.
const ROUTE_MATCHERS = /* @__PURE__ */ routeMatchers();

/** The route a pathname opens, or undefined when the shell would show its not-found page. `/admin` redirects to the dashboard. */
export function matchRoute(pathname: string): RouteName | undefined {
  if (pathname === '/admin' || pathname === '/admin/') return 'dashboard';
  return ROUTE_MATCHERS.find(([, re]) => re.test(pathname))?.[0];
}

/** Public routes that are no public pages: sign-in and account screens, where no staff-written SEO markup runs. */
export const ACCOUNT_ROUTES: readonly PublicRouteName[] = ['login', 'recover-password', 'reset-password', 'first-access', 'verify-account', 'logout', 'error-forbidden'];

/** Does this pathname show a public page, the only pages that get the SEO entries' head and body markup? */
export function isSeoPage(pathname: string): boolean {
  const name = matchRoute(pathname);
  return name !== undefined && name in PUBLIC_ROUTES && !(ACCOUNT_ROUTES as readonly string[]).includes(name);
}
