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
import { generateCode, hashCode, randomToken, sameProof, sha256, verifyCode } from '../lib/security';
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
  /** Failed sign-ins of one account from one address per window: then 429 for that address only. */
  maxFailuresPerAccountAndIp: 5,
  /** Failed sign-ins from one address over every account per window (password spraying). */
  maxFailuresPerIp: 20,
  /** Failed sign-ins of one account from every address per hour: then a mailed code is asked with the password. */
  accountWindowSeconds: 3600,
  maxFailuresPerAccount: 10,
  resetLinkSeconds: 3600,
  codeSeconds: 15 * 60,
  maxCodeAttempts: 5,
  resendCodeSeconds: 60,
} as const;

const TOKEN_MAX_LENGTH = 256;
/** Advisory lock namespace: one sign-in code decision at a time per account. */
const SIGN_IN_CODE_LOCK = 727_004;

/** A sign-in's answer, and the session's proof: the route sets it as an HttpOnly cookie, never in the body. */
export interface SignIn {
  result: LoginResult;
  proof: string;
  maxAgeSeconds: number;
}

export class AuthService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * Signs in. `language` is the language the request states (?lang= or the vt_lang cookie: the page signed in
   * from); once the password is right it is remembered as the user's, the language of the mails sent to them.
   * A request that states none leaves the stored one as it is.
   * Throttled per account and address, per address, and per account across addresses (`AUTH_LIMITS`; the
   * last asks for a mailed code instead of locking the owner out: docs/decisions/api-auth-flows.md).
   */
  async login(input: LoginInput, ip: string, language: Locale | null = null): Promise<SignIn> {
    const { db } = this.deps;
    const email = input.email.toLowerCase();
    const client = `ip:${ip}`;
    // A check that could not even queue is refused before it costs the database anything.
    this.hasher.assertRoom(client);
    // Counted before the slow password check, atomically: parallel tries cannot pass the limit.
    const reservation = await attempts.reserve(
      db,
      email,
      ip,
      {
        windowSeconds: AUTH_LIMITS.throttleWindowSeconds,
        maxPerAccountAndIp: AUTH_LIMITS.maxFailuresPerAccountAndIp,
        maxPerIp: AUTH_LIMITS.maxFailuresPerIp,
        accountWindowSeconds: AUTH_LIMITS.accountWindowSeconds,
        maxPerAccount: AUTH_LIMITS.maxFailuresPerAccount,
      },
      input.code !== undefined,
    );
    if (!reservation.ok) {
      if ('retryAfter' in reservation) throw new RateLimitedError(reservation.retryAfter);
      await this.mailSignInCode(email, language);
      throw new ForbiddenError('SIGN_IN_CODE_REQUIRED');
    }

    let user: Awaited<ReturnType<typeof users.findByEmail>>;
    let ok: boolean;
    let signInCode: number | undefined;
    try {
      user = await users.findByEmail(db, email);
      // Under attack, the password is checked only after the mailed code: guessing it alone gets nowhere.
      if (reservation.underAttack) signInCode = await this.checkSignInCode(user?.id, input.code ?? '');
      ok = user ? await this.hasher.verify(input.password, user.password_hash, client) : await this.hasher.verifyDummy(input.password, client);
    } catch (err) {
      // Not checked (busy hasher, database fault): the attempt does not count against the user. A wrong code counts.
      if (!(err instanceof AppError && err.code === 'INVALID_CODE')) await attempts.release(db, reservation.id).catch(() => undefined);
      throw err;
    }
    if (!user || !ok) throw new UnauthorizedError('INVALID_CREDENTIALS');
    await attempts.release(db, reservation.id);
    // Status is told only to someone who knows the password.
    if (user.status === 'inactive') throw new ForbiddenError('ACCOUNT_INACTIVE');
    if (user.status === 'blocked') throw new ForbiddenError('ACCOUNT_BLOCKED');
    await attempts.clearForAccountAndIp(db, email, ip);
    if (signInCode !== undefined) await codes.markUsed(db, signInCode);

    const token = randomToken();
    const proof = randomToken();
    const remember = input.remember === true;
    const maxAgeSeconds = remember ? AUTH_LIMITS.rememberSeconds : AUTH_LIMITS.sessionSeconds;
    const expiresAt = new Date(Date.now() + 1000 * maxAgeSeconds);
    await sessions.insert(db, sha256(token), sha256(proof), user.id, expiresAt, remember);
    if (language) await users.setLocale(db, user.id, language);

    if (user.status === 'first-access' && !user.verified_at) {
      const since = await codes.secondsSinceLastIssued(db, user.id);
      if (since === null || since >= AUTH_LIMITS.resendCodeSeconds) await this.issueCode(user.id, user.email, user.name, language ?? mailLocale(user.locale));
    }
    return { result: { data: toUser(user), token, expires_at: expiresAt.toISOString() }, proof, maxAgeSeconds };
  }

  /**
   * The mailed sign-in code of an account under attack: answers its id once right; a wrong, used-up or expired
   * code is 400 INVALID_CODE (an unknown account too: the answers do not tell accounts apart).
   */
  private async checkSignInCode(userId: number | undefined, code: string): Promise<number> {
    const open = userId === undefined ? undefined : await codes.latestOpen(this.deps.db, userId, 'sign-in');
    if (!open || open.expired || open.attempts >= AUTH_LIMITS.maxCodeAttempts) throw new BadRequestError('INVALID_CODE');
    if (!verifyCode(code, open.code_hash)) {
      await codes.addAttempt(this.deps.db, open.id);
      throw new BadRequestError('INVALID_CODE');
    }
    return open.id;
  }

  /**
   * Mails a sign-in code to an account under attack: one a minute at most, decided under the account's lock so a
   * burst of attempts mails one code; none for an unknown, inactive or blocked account.
   */
  private async mailSignInCode(email: string, language: Locale | null): Promise<void> {
    const { db, mailer } = this.deps;
    const user = await users.findByEmail(db, email);
    if (!user || user.status === 'blocked' || user.status === 'inactive') return;
    const sent = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [SIGN_IN_CODE_LOCK, user.id]);
      const since = await codes.secondsSinceLastIssued(tx, user.id, 'sign-in');
      if (since !== null && since < AUTH_LIMITS.resendCodeSeconds) return false;
      const code = generateCode();
      await codes.retireOpen(tx, user.id, 'sign-in');
      await codes.insert(tx, user.id, hashCode(code), AUTH_LIMITS.codeSeconds, 'sign-in');
      const locale = mailLocale(user.locale ?? language);
      await mailer.enqueue(tx, verificationCodeMail(locale, user.email, user.name, code, AUTH_LIMITS.codeSeconds / 60, 'sign-in'));
      return true;
    });
    if (sent) mailer.wake();
  }

  /**
   * Resolves a session: the bearer token and its proof (the HttpOnly cookie set at sign-in) must both match.
   * 401 UNAUTHORIZED when unknown, revoked or without its proof; 401 SESSION_EXPIRED when past its expiry.
   */
  async authenticate(token: string | undefined, proof: string | undefined): Promise<Principal> {
    if (!token || token.length > TOKEN_MAX_LENGTH) throw new UnauthorizedError('UNAUTHORIZED');
    const tokenHash = sha256(token);
    const session = await sessions.findByHash(this.deps.db, tokenHash);
    if (!session || session.revoked_at || !sameProof(session.proof_hash, proof)) throw new UnauthorizedError('UNAUTHORIZED');
    if (new Date(session.expires_at).getTime() <= Date.now()) throw new UnauthorizedError('SESSION_EXPIRED');
    const user = await users.findById(this.deps.db, session.user_id);
    if (!user || user.status === 'inactive' || user.status === 'blocked') throw new UnauthorizedError('UNAUTHORIZED');
    return { user, roles: rolesForUser(await roles.rolesOfUser(this.deps.db, user.id), user.type), tokenHash };
  }

  /**
   * Revokes the session if the token is a live one and comes with its proof (a copied token cannot even sign its
   * owner out); answers the same otherwise (logout is idempotent).
   */
  async logout(token: string | undefined, proof: string | undefined): Promise<void> {
    if (!token || token.length > TOKEN_MAX_LENGTH || !proof || proof.length > TOKEN_MAX_LENGTH) return;
    await sessions.revokeByHash(this.deps.db, sha256(token), sha256(proof));
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
    // The link first: nobody without one makes the server hash (the transaction below checks it again).
    const usable = await resets.findUsable(this.deps.db, input.id, sha256(input.unique_key));
    if (!usable) throw new AppError(400, 'INVALID_RESET_LINK');
    const passwordHash = await this.hasher.hash(input.new_password, `reset:${usable.id}`);
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
      await codes.retireOpen(tx, userId, 'verify');
      await codes.insert(tx, userId, hashCode(code), AUTH_LIMITS.codeSeconds, 'verify');
    });
    await this.deps.mailer.send(verificationCodeMail(locale, email, name, code, AUTH_LIMITS.codeSeconds / 60));
  }
}
