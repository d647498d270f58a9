import {
  ACCESSES,
  USER_SORTS,
  USER_STATUSES,
  USER_TYPE_DEFAULT_ACCESSES,
  USER_TYPES,
  type Access,
  type Gender,
  type User,
  type UserCreateInput,
  type UsersListInput,
  type UserSort,
  type UserStatus,
  type UserType,
  type UserUpdateInput,
} from '@vitrine/contracts';

/** The users list pages by 10 from page 1. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_SORT: UserSort = 'created_at';

export type SortOrder = 'asc' | 'desc';

/** Each sort's own direction when none is asked: newest first, names and emails A to Z (as the API does). */
export const naturalOrder = (sort: UserSort): SortOrder => (sort === 'created_at' ? 'desc' : 'asc');

/** What the users screen shows, read from and written to the URL. */
export interface UsersView {
  search?: string;
  type?: UserType;
  status?: UserStatus;
  sort: UserSort;
  order: SortOrder;
  page: number;
  limit: number;
}

/** The URL's names: `?q=ana&type=manager&status=active&sort=name&page=2&limit=20`. */
const PARAM = {
  search: 'q',
  type: 'type',
  status: 'status',
  sort: 'sort',
  order: 'order',
  page: 'page',
  limit: 'limit',
} as const satisfies Record<keyof UsersView, string>;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => values.find((v) => v === value);

/** The view the URL describes; anything unknown or malformed is left out (a hand-edited link never breaks the page). */
export function readUsersView(params: URLSearchParams): UsersView {
  const page = Number(params.get(PARAM.page));
  const limit = Number(params.get(PARAM.limit));
  const search = params.get(PARAM.search)?.trim();
  const sort = oneOf(USER_SORTS, params.get(PARAM.sort)) ?? DEFAULT_SORT;
  return {
    search: search || undefined,
    type: oneOf(USER_TYPES, params.get(PARAM.type)),
    status: oneOf(USER_STATUSES, params.get(PARAM.status)),
    sort,
    order: oneOf(['asc', 'desc'] as const, params.get(PARAM.order)) ?? naturalOrder(sort),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}

/**
 * `params` with `change` applied; other parameters stay. Defaults are left out of the URL. Any change
 * but the page's goes back to the first page.
 */
export function writeUsersView(params: URLSearchParams, change: Partial<UsersView>): URLSearchParams {
  const next = new URLSearchParams(params);
  const view: UsersView = { ...readUsersView(params), ...change };
  if (!('page' in change)) view.page = 1;
  if ('sort' in change && !('order' in change)) view.order = naturalOrder(view.sort);
  const text: Record<keyof UsersView, string | undefined> = {
    search: view.search?.trim() || undefined,
    type: view.type,
    status: view.status,
    sort: view.sort === DEFAULT_SORT ? undefined : view.sort,
    order: view.order === naturalOrder(view.sort) ? undefined : view.order,
    page: view.page === 1 ? undefined : String(view.page),
    limit: view.limit === DEFAULT_PAGE_SIZE ? undefined : String(view.limit),
  };
  const keys = Object.keys(PARAM) as (keyof UsersView)[];
  // Written again in one order, so the same view always reads the same.
  for (const key of keys) next.delete(PARAM[key]);
  for (const key of keys) {
    const value = text[key];
    if (value !== undefined) next.set(PARAM[key], value);
  }
  return next;
}

/** No search and no filter (the sort, the page and its size stay). */
export const CLEARED_FILTERS: Pick<UsersView, 'search' | 'type' | 'status'> = { search: undefined, type: undefined, status: undefined };

export const hasFilters = (view: UsersView) => view.search !== undefined || view.type !== undefined || view.status !== undefined;

/** The body of POST /user/users-list; the API's defaults are not sent. */
export function listInput(view: UsersView): UsersListInput {
  return {
    ...(view.search && { search: view.search }),
    ...(view.type && { type: view.type }),
    ...(view.status && { status: view.status }),
    ...(view.sort !== DEFAULT_SORT && { sort: view.sort }),
    ...(view.order !== naturalOrder(view.sort) && { order: view.order }),
    page: view.page,
    limit: view.limit,
  };
}

/* ------------------------------------------------------------------------------------------------
 * Who may do what: the API's rules (services/api/src/services/users.ts), mirrored so the screen never offers what the
 * API refuses. The API still decides.
 * ---------------------------------------------------------------------------------------------- */

/** The signed-in user as these rules see them. */
export interface Actor {
  id: number;
  type: UserType;
  /** The accesses they hold (the roles the guard last read, else the stored user's). */
  held: ReadonlySet<Access>;
}

const isAccess = (name: string): name is Access => (ACCESSES as readonly string[]).includes(name);

/** The accesses someone holds: their roles as the guard last read them, or, before that, the stored user's. */
export function heldAccesses(user: Pick<User, 'accesses'> | null, roles: readonly { name: string }[]): Set<Access> {
  const names = roles.length > 0 ? roles.map((role) => role.name) : (user?.accesses ?? []);
  return new Set(names.filter(isAccess));
}

/** Why an action is not offered: it is oneself (status, delete), or an admin's record and the actor is not an admin (ADMIN_ONLY). */
export type Denial = 'self' | 'adminOnly' | null;

/** Only an admin edits an admin (anyone here may edit their own record). */
export function editDenial(target: Pick<User, 'id' | 'type'>, actor: Actor): Denial {
  return target.type === 'admin' && actor.type !== 'admin' && target.id !== actor.id ? 'adminOnly' : null;
}

/** Nobody changes their own status or deletes themselves (CANNOT_CHANGE_OWN_STATUS / CANNOT_DELETE_SELF); an admin's only an admin. */
export function manageDenial(target: Pick<User, 'id' | 'type'>, actor: Actor): Denial {
  if (target.id === actor.id) return 'self';
  return target.type === 'admin' && actor.type !== 'admin' ? 'adminOnly' : null;
}

/** Only an admin makes someone an admin. */
export const mayChooseType = (type: UserType, actor: Actor) => type !== 'admin' || actor.type === 'admin';

/** Nobody grants or removes an access they do not hold (ACCESS_NOT_HELD). */
export const mayToggleAccess = (access: Access, actor: Actor) => actor.held.has(access);

/**
 * No access by proxy: someone else's sign-in email (where their recovery links and codes go) is changed only by
 * an admin or by someone holding every access they hold (TARGET_ACCESS_NOT_HELD); one's own always. The change
 * is confirmed by the actor's own password either way.
 */
export function mayChangeEmail(target: Pick<User, 'id' | 'accesses'>, actor: Actor): boolean {
  return target.id === actor.id || actor.type === 'admin' || target.accesses.every((access) => !isAccess(access) || actor.held.has(access));
}

/** The row's status action: an active (or first-access) user is deactivated, an inactive or blocked one activated. */
export function statusAction(user: Pick<User, 'status'>): { kind: 'activate' | 'deactivate'; status: 'active' | 'inactive' } {
  return user.status === 'inactive' || user.status === 'blocked' ? { kind: 'activate', status: 'active' } : { kind: 'deactivate', status: 'inactive' };
}

/**
 * The accesses proposed when `type` is chosen: its defaults (USER_TYPE_DEFAULT_ACCESSES), among those the
 * actor may change; an access the actor does not hold keeps its current state (they cannot touch it).
 * In ACCESSES order.
 */
export function proposeAccesses(type: UserType, current: readonly Access[], actor: Actor): Access[] {
  const defaults = new Set(USER_TYPE_DEFAULT_ACCESSES[type]);
  return ACCESSES.filter((access) => (mayToggleAccess(access, actor) ? defaults.has(access) : current.includes(access)));
}

/* ------------------------------------------------------------------------------------------------
 * The form
 * ---------------------------------------------------------------------------------------------- */

export interface UserFormValues {
  name: string;
  last_name: string;
  email: string;
  position: string;
  type: UserType;
  /** Edit only: first-access is set by the API, never chosen. */
  status: UserStatus;
  accesses: Access[];
  gender: Gender;
  phone: string;
  tax_id: string;
  biography: string;
  /** Edit only, asked once the email changed: the signed-in user's own password, confirming it. */
  current_password?: string;
}

/** A new user's form: the first type offered and its defaults the actor may grant. */
export function emptyValues(actor: Actor): UserFormValues {
  const type: UserType = 'operational';
  return {
    name: '',
    last_name: '',
    email: '',
    position: '',
    type,
    status: 'first-access',
    accesses: proposeAccesses(type, [], actor),
    gender: 'unspecified',
    phone: '',
    tax_id: '',
    biography: '',
  };
}

export function valuesOf(user: User): UserFormValues {
  return {
    name: user.name,
    last_name: user.last_name,
    email: user.email,
    position: user.position,
    type: user.type,
    status: user.status,
    accesses: ACCESSES.filter((access) => user.accesses.includes(access)),
    gender: user.gender,
    phone: user.phone ?? '',
    tax_id: user.tax_id ?? '',
    biography: user.biography ?? '',
  };
}

/** An optional text: trimmed, none when blank. */
const optional = (value: string) => value.trim() || null;
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

/** POST /user/user's body: the form, trimmed, and who creates the user (the API checks it is the caller). */
export function createInput(values: UserFormValues, actor: Pick<User, 'id' | 'unique_key'>): UserCreateInput {
  const input: UserCreateInput = {
    name: values.name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    position: values.position.trim(),
    type: values.type,
    accesses: ACCESSES.filter((access) => values.accesses.includes(access)),
    gender: values.gender,
    created_by: actor.id,
    created_by_unique_key: actor.unique_key,
  };
  for (const key of ['phone', 'tax_id', 'biography'] as const) {
    const value = optional(values[key]);
    if (value !== null) input[key] = value;
  }
  return input;
}

/**
 * PUT /user/user's body: only what changed (empty when nothing did). The status goes through its own call. A
 * changed email carries the signed-in user's password (`current_password`), which confirms it.
 */
export function updateInput(values: UserFormValues, user: User): UserUpdateInput {
  const input: UserUpdateInput = {};
  for (const key of ['name', 'last_name', 'position'] as const) if (values[key].trim() !== user[key]) input[key] = values[key].trim();
  if (values.email.trim().toLowerCase() !== user.email.toLowerCase()) {
    input.email = values.email.trim();
    if (values.current_password) input.current_password = values.current_password;
  }
  if (values.type !== user.type) input.type = values.type;
  if (!sameSet(values.accesses, user.accesses)) input.accesses = ACCESSES.filter((access) => values.accesses.includes(access));
  if (values.gender !== user.gender) input.gender = values.gender;
  for (const key of ['phone', 'tax_id', 'biography'] as const) if (optional(values[key]) !== (user[key] ?? null)) input[key] = optional(values[key]);
  return input;
}

/** The status the form asks for, when it is a change the status call can make. */
export function statusChange(values: Pick<UserFormValues, 'status'>, user: Pick<User, 'status'>): 'active' | 'inactive' | 'blocked' | null {
  if (values.status === user.status || values.status === 'first-access') return null;
  return values.status;
}

export const fullName = (user: Pick<User, 'name' | 'last_name'>) => `${user.name} ${user.last_name}`.trim();
