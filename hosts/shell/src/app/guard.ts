import { ADMIN_ROUTE_NAMES, ADMIN_ROUTES, buildPath, canOpenRoute, type ActiveRoutes, type AdminRouteName, type RoleRoutes } from '@vitrine/contracts';
import { authStore, redirect } from '@vitrine/core';
import { fetchActiveRoutes } from '../api/auth';

export const LOGIN_PATH = '/login';
export const FORBIDDEN_PATH = '/error-forbidden';
export const DASHBOARD_PATH = ADMIN_ROUTES.dashboard;

/** Where a first-access user must go before anything else: verify the email by code, then choose a password. */
export function firstAccessStep(user: { status: string; verified_at?: string | null }): string | null {
  if (user.status !== 'first-access') return null;
  return user.verified_at ? '/first-access' : '/verify-account';
}

/** The first screen of the menu a user's roles open (the profile is open to everyone, so there always is one). */
function firstScreen(roles: readonly RoleRoutes[]): AdminRouteName | undefined {
  return ADMIN_ROUTE_NAMES.find((route) => route !== 'compose' && canOpenRoute(roles, route));
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(`${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`);
}

/**
 * The signed-in user's roles, refreshed for `flag` (a route name, or 'all'); no token → login, a first-access user
 * is sent to finish their first access.
 */
async function refreshAccess(request: Request, flag: AdminRouteName | 'all'): Promise<ActiveRoutes> {
  const { authToken, authUser } = authStore.getState();
  if (!authToken || !authUser) throw loginRedirect(request);
  let access;
  try {
    access = await fetchActiveRoutes(authUser.id, flag);
  } catch (error) {
    // A 401 has already cleared the session (common error handler); anything else: try again from login.
    if (!authStore.getState().authToken) throw loginRedirect(request);
    throw error;
  }
  const step = firstAccessStep(access.user);
  if (step) throw redirect(step);
  return access;
}

/**
 * The route guard for an authenticated route: no token → login;
 * the active routes are refreshed first; no role lists the route → error-forbidden;
 * a first-access user is sent to finish their first access.
 */
export function requireRoute(name: AdminRouteName) {
  return async ({ request }: { request: Request }): Promise<null> => {
    const access = await refreshAccess(request, name);
    if (!canOpenRoute(access.roles, name)) {
      // Everyone is sent to the dashboard after signing in; whoever may not open it starts at their first screen.
      const start = name === 'dashboard' ? firstScreen(access.roles) : undefined;
      throw redirect(start ? buildPath(ADMIN_ROUTES[start]) : FORBIDDEN_PATH);
    }
    return null;
  };
}

/** login (and the other signed-out pages): a visitor with a token goes to the dashboard. */
export function redirectIfSignedIn(): null {
  const { authToken, authUser } = authStore.getState();
  if (authToken && authUser) {
    throw redirect(firstAccessStep(authUser) ?? DASHBOARD_PATH);
  }
  return null;
}

/** first-access and verify-account need a signed-in first-access user. */
export function requireFirstAccess(step: '/verify-account' | '/first-access') {
  return ({ request }: { request: Request }): null => {
    const { authToken, authUser } = authStore.getState();
    if (!authToken || !authUser) throw loginRedirect(request);
    const needed = firstAccessStep(authUser);
    if (!needed) throw redirect(DASHBOARD_PATH);
    if (needed !== step) throw redirect(needed);
    return null;
  };
}

/**
 * An /admin address that is no admin screen (the admin's not-found page): signed-in users only, with their roles
 * refreshed like any admin route's ('all': the roles alone), so the menu beside the page lists what they may open
 * (the roles are not kept across reloads: a not-found page opened first would otherwise draw an empty menu).
 */
export async function requireSignedInWithRoles({ request }: { request: Request }): Promise<null> {
  await refreshAccess(request, 'all');
  return null;
}

/** The /admin layout itself: signed-in users only. */
export function requireSignedIn({ request }: { request: Request }): null {
  const { authToken, authUser } = authStore.getState();
  if (!authToken || !authUser) throw loginRedirect(request);
  return null;
}
