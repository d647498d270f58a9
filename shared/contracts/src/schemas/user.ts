import { Type } from 'typebox';
import { ACCESSES, GENDERS, USER_SORTS, USER_STATUSES, USER_TYPES } from '../access';
import { EMAIL_PATTERN, LIMITS } from '../validation';
import { Id, Timestamp, UniqueKey } from './common';

const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: LIMITS.email });
const Required = (max: number) => Type.String({ minLength: 1, maxLength: max });
const Nullable = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);

export const UserTypeSchema = Type.Enum([...USER_TYPES]);
export const UserStatusSchema = Type.Enum([...USER_STATUSES]);
export const AccessSchema = Type.Enum([...ACCESSES]);
export const GenderSchema = Type.Enum([...GENDERS]);

export const UserSchema = Type.Object(
  {
    id: Id,
    unique_key: UniqueKey,
    name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    position: Type.String(),
    type: UserTypeSchema,
    status: UserStatusSchema,
    accesses: Type.Array(AccessSchema),
    gender: GenderSchema,
    phone: Type.Union([Type.String(), Type.Null()]),
    tax_id: Type.Union([Type.String(), Type.Null()]),
    biography: Type.Union([Type.String(), Type.Null()]),
    photo: Type.Union([Type.String(), Type.Null()]),
    /** When the account's email was verified by code; null until then (first-access flow). */
    verified_at: Type.Optional(Type.Union([Timestamp, Type.Null()])),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'User' },
);

/** What anyone may see of a user (author cards, public profile). */
export const PublicUserSchema = Type.Object(
  {
    id: Id,
    unique_key: UniqueKey,
    name: Type.String(),
    last_name: Type.String(),
    position: Type.String(),
    gender: GenderSchema,
    biography: Type.Union([Type.String(), Type.Null()]),
    photo: Type.Union([Type.String(), Type.Null()]),
    updated_at: Timestamp,
  },
  { $id: 'PublicUser' },
);

const userFields = {
  name: Required(LIMITS.name),
  last_name: Required(LIMITS.name),
  email: Email,
  position: Required(LIMITS.position),
  type: UserTypeSchema,
  accesses: Type.Array(AccessSchema, { maxItems: ACCESSES.length, uniqueItems: true }),
  gender: Type.Optional(GenderSchema),
  phone: Type.Optional(Nullable(LIMITS.phone)),
  tax_id: Type.Optional(Nullable(LIMITS.taxId)),
  biography: Type.Optional(Nullable(LIMITS.biography)),
  photo: Type.Optional(Nullable(LIMITS.url)),
};

/** POST /user/user. The API generates a first-access password and answers it once. */
export const UserCreateBody = Type.Object(
  { ...userFields, created_by: Id, created_by_unique_key: UniqueKey },
  { additionalProperties: false },
);

/** PUT /user/user/{id}/{unique_key}: any subset of the user fields. */
export const UserUpdateBody = Type.Object(
  {
    name: Type.Optional(userFields.name),
    last_name: Type.Optional(userFields.last_name),
    email: Type.Optional(userFields.email),
    position: Type.Optional(userFields.position),
    type: Type.Optional(userFields.type),
    accesses: Type.Optional(userFields.accesses),
    gender: userFields.gender,
    phone: userFields.phone,
    tax_id: userFields.tax_id,
    biography: userFields.biography,
    photo: userFields.photo,
    /**
     * The acting user's own password, required whenever `email` changes: one's own email or someone else's
     * (CURRENT_PASSWORD_REQUIRED / CURRENT_PASSWORD_INCORRECT). Never stored.
     */
    current_password: Type.Optional(Type.String({ maxLength: LIMITS.password })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const UserCreatedSchema = Type.Object({
  user: UserSchema,
  /** Shown once in the first-access credentials dialog. */
  temporary_password: Type.String(),
});

/** POST /user/users-list: a page of users, searched, filtered by status and type, sorted. */
export const UsersListBody = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
    search: Type.Optional(Type.String({ maxLength: LIMITS.search })),
    status: Type.Optional(UserStatusSchema),
    type: Type.Optional(UserTypeSchema),
    /** created_at (the default), name (name then last name, ignoring case) or email (ignoring case). */
    sort: Type.Optional(Type.Enum([...USER_SORTS], { default: 'created_at' })),
    /** Without it, each sort's natural order: newest first for created_at, A to Z for name and email. */
    order: Type.Optional(Type.Enum(['asc', 'desc'])),
  },
  { additionalProperties: false },
);

/** PUT /user/user-change-status/{id}/{unique_key}; first-access is set only by the API. */
export const ChangeStatusBody = Type.Object(
  { status: Type.Enum(['active', 'inactive', 'blocked']) },
  { additionalProperties: false },
);

/** PUT /user/user-reset-password: the signed-in user changes their own password. */
export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.String({ maxLength: LIMITS.password }),
    new_password: Type.String({ maxLength: LIMITS.password }),
    confirm_password: Type.String({ maxLength: LIMITS.password }),
  },
  { additionalProperties: false },
);

export const RoleSchema = Type.Object({ name: Type.String(), active_routes: Type.Array(Type.String()) });

/** GET /user/user/user-active-routes/{id}/{flag}: flag is the route name about to open, or 'all'. */
export const ActiveRoutesSchema = Type.Object({
  user: UserSchema,
  roles: Type.Array(RoleSchema),
  allowed: Type.Boolean(),
});

/** GET /user/user/user-active-routes/{id}/{flag}: flag is an admin route name or 'all'. */
export const ActiveRoutesParams = Type.Object(
  { id: Id, flag: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);

/** GET /user/user/recent-updated-users/{x}: how many public authors (1..50). */
export const RecentUsersParams = Type.Object({ x: Type.Integer({ minimum: 1, maximum: 50 }) }, { additionalProperties: false });

/** GET /user/user/data-user-router-public/{x}/{y}: x is the id, y the unique_key. */
export const PublicUserParams = Type.Object({ x: Id, y: UniqueKey }, { additionalProperties: false });
