import type { AdminRouteName } from './routes';

/** The five accesses. Each access is a role stored in the database. */
export const ACCESSES = ['dashboard', 'article_management', 'site_editor', 'user_management', 'settings'] as const;
export type Access = (typeof ACCESSES)[number];

/**
 * The role → route-name map (docs/decisions/access-map.md). Seeded into the
 * roles table as each role's active_routes; the shell's guard and the API's
 * authorization both read the roles from the database, this constant is the seed.
 */
export const ACCESS_ROUTES: Record<Access, readonly AdminRouteName[]> = {
  dashboard: ['dashboard'],
  article_management: ['list-of-articles', 'compose', 'list-of-categories'],
  site_editor: ['list-leads', 'message-received', 'settings-whatsapp', 'list-faq'],
  user_management: ['users', 'audit-log'],
  settings: ['settings', 'seo', 'settings-whatsapp'],
};

/** Routes only users of type admin open, whatever their roles hold (the audit log). */
export const ADMIN_ONLY_ROUTES: readonly AdminRouteName[] = ['audit-log'];

/** A user's roles as they count for them: a non-admin's roles lose the admin-only routes. */
export function rolesForUser<R extends RoleRoutes>(roles: readonly R[], userType: string): R[] {
  if (userType === 'admin') return [...roles];
  return roles.map((role) => ({ ...role, active_routes: role.active_routes.filter((route) => !(ADMIN_ONLY_ROUTES as readonly string[]).includes(route)) }));
}

/** Open to every signed-in user whatever their roles. */
export const SIGNED_IN_ROUTES: readonly AdminRouteName[] = ['settings-profile'];

export interface RoleRoutes {
  name: string;
  active_routes: string[];
}

/** The one access rule: a route is allowed when any role lists it (or it is open to all signed-in users). */
export function canOpenRoute(roles: readonly RoleRoutes[], route: string): boolean {
  if ((SIGNED_IN_ROUTES as readonly string[]).includes(route)) return true;
  return roles.some((role) => role.active_routes.includes(route));
}

export const USER_TYPES = ['admin', 'manager', 'operational', 'internship', 'ceo', 'marketing_director'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_STATUSES = ['active', 'inactive', 'blocked', 'first-access'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * The accesses a new user of each type is proposed (the users screen checks them when a type is
 * chosen; what is saved is what stays checked, and nobody grants an access they do not hold).
 * This is the one place the defaults are written.
 */
export const USER_TYPE_DEFAULT_ACCESSES: Record<UserType, readonly Access[]> = {
  admin: ACCESSES,
  ceo: ACCESSES,
  manager: ['dashboard', 'article_management', 'user_management'],
  marketing_director: ['dashboard', 'article_management', 'site_editor', 'settings'],
  operational: ['dashboard', 'article_management'],
  internship: ['article_management'],
};

/** What the users list sorts by (POST /user/users-list `sort`, with `order`); newest first by default. */
export const USER_SORTS = ['created_at', 'name', 'email'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const GENDERS = ['female', 'male', 'other', 'unspecified'] as const;
export type Gender = (typeof GENDERS)[number];
