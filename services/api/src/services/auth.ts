import type {
  FirstAccessInput,
  Locale,
  LoginInput,
  LoginResult,
  Me,
  ResetLink,
  ResetPasswordInput,
  User,
  VerifyCodeInput,
} from '@vitrine/contracts';
import { rolesForUser } from '@vitrine/contracts';
import { AppError, BadRequestError, ForbiddenError, RateLimitedError, UnauthorizedError } from '../errors';
import { generateCode, hashCode, randomToken, sha256, verifyCode } from '../lib/security';
import { recoveryMail, verificationCodeMail } from '../mail/templates';
import { mailLocale } from '../mail/texts';
import * as contentVersion from '../repositories/content-version';
import * as attempts from '../repositories/login-attempts';
import * as resets from '../repositories/password-resets';
import * as roles from '../repositories/roles';
import * as sessions from '../repositories/sessions';
import * as users from '../repositories/users';
import * as codes from '../repositories/verification-codes';
import type { Principal, ServiceDeps } from './context';
import { assertNewPassword, type PasswordHasher } from './passwords';
import { toUser } from './presenters';

/** The numbers of docs/decisions/api-auth-flows.md. */
export const AUTH_LIMITS = {
  sessionSeconds: 8 * 3600,
  rememberSeconds: 30 * 24 * 3600,
  throttleWindowSeconds: 15 * 60,
  maxFailuresPerAccount: 5,
  maxFailuresPerIp: 20,
  resetLinkSeconds: 3600,
  codeSeconds: 15 * 60,
  maxCodeAttempts: 5,
  resendCodeSeconds: 60,
} as const;

const TOKEN_MAX_LENGTH = 256;

export class AuthService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * Signs in. `language` is the language the request states (?lang= or the vt_lang cookie: the page signed in
   * from); once the password is right it is remembered as the user's, the language of the mails sent to them.
   * A request that states none leaves the stored one as it is.
   */
  async login(input: LoginInput, ip: string, language: Locale | null = null): Promise<LoginResult> {
    const { db } = this.deps;
    const email = input.email.toLowerCase();
    // A check that could not even queue is refused before it costs the database anything.
    this.hasher.assertRoom();
    // Counted before the slow password check, atomically: parallel tries cannot pass the limit.
    const reservation = await attempts.reserve(db, email, ip, {
      windowSeconds: AUTH_LIMITS.throttleWindowSeconds,
      maxPerAccount: AUTH_LIMITS.maxFailuresPerAccount,
      maxPerIp: AUTH_LIMITS.maxFailuresPerIp,
    });
    if (!reservation.ok) throw new RateLimitedError(reservation.retryAfter);

    let user: Awaited<ReturnType<typeof users.findByEmail>>;
    let ok: boolean;
    try {
      user = await users.findByEmail(db, email);
      ok = user ? await this.hasher.verify(input.password, user.password_hash) : await this.hasher.verifyDummy(input.password);
    } catch (err) {
      // Not checked (busy hasher, database fault): the attempt does not count against the user.
      await attempts.release(db, reservation.id).catch(() => undefined);
      throw err;
    }
    if (!user || !ok) throw new UnauthorizedError('INVALID_CREDENTIALS');
    await attempts.release(db, reservation.id);
    // Status is told only to someone who knows the password.
    if (user.status === 'inactive') throw new ForbiddenError('ACCOUNT_INACTIVE');
    if (user.status === 'blocked') throw new ForbiddenError('ACCOUNT_BLOCKED');
    await attempts.clearForEmail(db, email);

    const token = randomToken();
    const remember = input.remember === true;
    const expiresAt = new Date(Date.now() + 1000 * (remember ? AUTH_LIMITS.rememberSeconds : AUTH_LIMITS.sessionSeconds));
    await sessions.insert(db, sha256(token), user.id, expiresAt, remember);
    if (language) await users.setLocale(db, user.id, language);

    if (user.status === 'first-access' && !user.verified_at) {
      const since = await codes.secondsSinceLastIssued(db, user.id);
      if (since === null || since >= AUTH_LIMITS.resendCodeSeconds) await this.issueCode(user.id, user.email, user.name, language ?? mailLocale(user.locale));
    }
    return { data: toUser(user), token, expires_at: expiresAt.toISOString() };
  }

  /** Resolves a bearer token; 401 UNAUTHORIZED when unknown or revoked, 401 SESSION_EXPIRED when past its expiry. */
  async authenticate(token: string | undefined): Promise<Principal> {
    if (!token || token.length > TOKEN_MAX_LENGTH) throw new UnauthorizedError('UNAUTHORIZED');
    const tokenHash = sha256(token);
    const session = await sessions.findByHash(this.deps.db, tokenHash);
    if (!session || session.revoked_at) throw new UnauthorizedError('UNAUTHORIZED');
    if (new Date(session.expires_at).getTime() <= Date.now()) throw new UnauthorizedError('SESSION_EXPIRED');
    const user = await users.findById(this.deps.db, session.user_id);
    if (!user || user.status === 'inactive' || user.status === 'blocked') throw new UnauthorizedError('UNAUTHORIZED');
    return { user, roles: rolesForUser(await roles.rolesOfUser(this.deps.db, user.id), user.type), tokenHash };
  }

  /** Revokes the token if it is a live session; answers the same otherwise (logout is idempotent). */
  async logout(token: string | undefined): Promise<void> {
    if (!token || token.length > TOKEN_MAX_LENGTH) return;
    await sessions.revokeByHash(this.deps.db, sha256(token));
  }

  me(principal: Principal): Me {
    return { user: toUser(principal.user), roles: principal.roles };
  }

  /**
   * Same answer whatever the email; a link only for an existing account that is not blocked. The mail is in the
   * language the user last signed in with, else in the language the request states (`language`: the recovery
   * page's), else pt-BR. An anonymous request never changes what is stored.
   */
  async recoverPassword(email: string, language: Locale | null = null): Promise<void> {
    const user = await users.findByEmail(this.deps.db, email);
    if (!user || user.status === 'blocked') return;
    const token = randomToken();
    const id = await this.deps.db.transaction(async (tx) => {
      await resets.retireOpenLinks(tx, user.id);
      return resets.insert(tx, sha256(token), user.id, new Date(Date.now() + AUTH_LIMITS.resetLinkSeconds * 1000));
    });
    const link = `${this.deps.config.publicUrl}/reset-password/${id}/${token}`;
    await this.deps.mailer.send(recoveryMail(mailLocale(user.locale ?? language), user.email, user.name, link));
  }

  async checkResetLink(id: number, key: string): Promise<ResetLink> {
    const link = await resets.findUsable(this.deps.db, id, sha256(key));
    if (!link) return { valid: false };
    const user = await users.findById(this.deps.db, link.user_id);
    if (!user || user.status === 'blocked') return { valid: false };
    return { valid: true, email: user.email };
  }

  /** Consumes the link once; the user's sessions end; a first-access account becomes active (the mailbox proved it). */
  async resetPassword(input: ResetPasswordInput): Promise<void> {
    assertNewPassword({ password: input.new_password, confirm: input.confirm_password }, false);
    const passwordHash = await this.hasher.hash(input.new_password);
    await this.deps.db.transaction(async (tx) => {
      const link = await resets.findUsable(tx, input.id, sha256(input.unique_key));
      if (!link) throw new AppError(400, 'INVALID_RESET_LINK');
      const user = await users.findById(tx, link.user_id);
      if (!user || user.status === 'blocked' || !(await resets.consume(tx, link.id))) throw new AppError(400, 'INVALID_RESET_LINK');
      await users.setPassword(tx, user.id, passwordHash, user.status === 'first-access' ? 'active' : undefined);
      await users.markVerified(tx, user.id);
      await resets.retireOpenLinks(tx, user.id);
      await sessions.revokeAllOfUser(tx, user.id);
      // Status and updated_at are public (an author's profile, the recent authors).
      await contentVersion.bump(tx);
    });
  }

  /** A verified first-access user chooses their password and becomes active. */
  async firstAccess(principal: Principal, input: FirstAccessInput): Promise<User> {
    const { user } = principal;
    if (user.status !== 'first-access' || !user.verified_at) throw new ForbiddenError('ACCESS_DENIED');
    assertNewPassword({ password: input.new_password, confirm: input.confirm_password }, false);
    const passwordHash = await this.hasher.hash(input.new_password);
    const row = await this.deps.db.transaction(async (tx) => {
      await users.setPassword(tx, user.id, passwordHash, 'active');
      await sessions.revokeAllOfUser(tx, user.id, principal.tokenHash);
      await contentVersion.bump(tx);
      return users.findById(tx, user.id);
    });
    return toUser(row ?? user);
  }

  async verifyCode(principal: Principal, input: VerifyCodeInput): Promise<User> {
    const { user } = principal;
    if (input.email.toLowerCase() !== user.email.toLowerCase()) throw new BadRequestError('INVALID_CODE_OR_EMAIL');
    if (user.verified_at) return toUser(user);
    const open = await codes.latestOpen(this.deps.db, user.id);
    if (!open) throw new BadRequestError('INVALID_CODE');
    if (open.attempts >= AUTH_LIMITS.maxCodeAttempts) throw new RateLimitedError(AUTH_LIMITS.resendCodeSeconds, 'TOO_MANY_ATTEMPTS');
    if (open.expired) throw new BadRequestError('CODE_EXPIRED');
    if (!verifyCode(input.code, open.code_hash)) {
      const used = await codes.addAttempt(this.deps.db, open.id);
      if (used >= AUTH_LIMITS.maxCodeAttempts) throw new RateLimitedError(AUTH_LIMITS.resendCodeSeconds, 'TOO_MANY_ATTEMPTS');
      throw new BadRequestError('INVALID_CODE');
    }
    const row = await this.deps.db.transaction(async (tx) => {
      await codes.markUsed(tx, open.id);
      await users.markVerified(tx, user.id);
      return users.findById(tx, user.id);
    });
    return toUser(row ?? user);
  }

  /** Sends a fresh code (one per minute); answers false when the account is already verified. */
  async resendCode(principal: Principal, email: string): Promise<boolean> {
    const { user } = principal;
    if (email.toLowerCase() !== user.email.toLowerCase()) throw new BadRequestError('INVALID_CODE_OR_EMAIL');
    if (user.verified_at) return false;
    const since = await codes.secondsSinceLastIssued(this.deps.db, user.id);
    if (since !== null && since < AUTH_LIMITS.resendCodeSeconds) throw new RateLimitedError(AUTH_LIMITS.resendCodeSeconds - since);
    await this.issueCode(user.id, user.email, user.name, mailLocale(user.locale));
    return true;
  }

  private async issueCode(userId: number, email: string, name: string, locale: Locale): Promise<void> {
    const code = generateCode();
    await this.deps.db.transaction(async (tx) => {
      await codes.retireOpen(tx, userId);
      await codes.insert(tx, userId, hashCode(code), AUTH_LIMITS.codeSeconds);
    });
    await this.deps.mailer.send(verificationCodeMail(locale, email, name, code, AUTH_LIMITS.codeSeconds / 60));
  }
}
