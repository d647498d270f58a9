/**
 * Route names and paths of SPEC §2, written once. The shell's router, the
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
} as const;

export type AdminRouteName = keyof typeof ADMIN_ROUTES;
export type RouteName = PublicRouteName | AdminRouteName;

export const ADMIN_ROUTE_NAMES = Object.keys(ADMIN_ROUTES) as AdminRouteName[];

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
