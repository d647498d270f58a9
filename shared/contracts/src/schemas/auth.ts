import { Type } from 'typebox';
import { EMAIL_PATTERN, LIMITS } from '../validation';
import { Id, Timestamp, UniqueKey } from './common';
import { UserSchema } from './user';

const Email = Type.String({ pattern: EMAIL_PATTERN, maxLength: LIMITS.email });
const Password = Type.String({ maxLength: LIMITS.password });

/** POST /auth/auth */
export const LoginBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 1, maxLength: LIMITS.password }),
    remember: Type.Optional(Type.Boolean()),
    /** The mailed sign-in code, asked (403 SIGN_IN_CODE_REQUIRED) once an account had many failed sign-ins. */
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 12 })),
  },
  { additionalProperties: false },
);

/** `{ data: user, token, expires_at }`; a first-access user must verify and choose a password next. */
export const LoginResponse = Type.Object({
  data: UserSchema,
  token: Type.String(),
  expires_at: Timestamp,
  message: Type.Optional(Type.String()),
});

/** POST /auth/auth/logout: the token (the bearer header is accepted too). */
export const LogoutBody = Type.Object(
  { token: Type.Optional(Type.String({ maxLength: 256 })) },
  { additionalProperties: false },
);

/** POST /auth/recover-password: answers the same whether or not the email exists. */
export const RecoverPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });

/** POST /auth/reset-password: id and unique_key come from the emailed link reset-password/{id}/{uniqueKey}. */
export const ResetPasswordBody = Type.Object(
  { id: Id, unique_key: UniqueKey, new_password: Password, confirm_password: Password },
  { additionalProperties: false },
);

/** GET /auth/reset-password/{id}/{unique_key}: is the link still usable? */
export const ResetLinkSchema = Type.Object({ valid: Type.Boolean(), email: Type.Optional(Type.String()) });

/** POST /auth/first-access: a first-access user (signed in) chooses their password. */
export const FirstAccessBody = Type.Object(
  { new_password: Password, confirm_password: Password },
  { additionalProperties: false },
);

/** POST /auth/verify-code */
export const VerifyCodeBody = Type.Object(
  { email: Email, code: Type.String({ minLength: 1, maxLength: 12 }) },
  { additionalProperties: false },
);

/** POST /auth/resend-code */
export const ResendCodeBody = Type.Object({ email: Email }, { additionalProperties: false });

/** GET /auth/me: the signed-in user and the roles (with active_routes) the guard checks. */
export const MeSchema = Type.Object({
  user: UserSchema,
  roles: Type.Array(Type.Object({ name: Type.String(), active_routes: Type.Array(Type.String()) })),
});
