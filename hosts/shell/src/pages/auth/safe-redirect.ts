import { DASHBOARD_PATH } from '../../app/guard';

/**
 * Where to go after signing in: the `redirect` the guard added, when it is a
 * path of this site under /admin (never another origin), else the dashboard.
 */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return DASHBOARD_PATH;
  try {
    const base = window.location.origin;
    const url = new URL(target, base);
    if (url.origin !== base) return DASHBOARD_PATH;
    if (url.pathname !== '/admin' && !url.pathname.startsWith('/admin/')) return DASHBOARD_PATH;
    return url.pathname + url.search + url.hash;
  } catch {
    return DASHBOARD_PATH;
  }
}
