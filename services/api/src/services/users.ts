import { canOpenRoute, rolesForUser } from '@vitrine/contracts';
import type {
  ActiveRoutes,
  ChangePasswordInput,
  ListPage,
  PublicUser,
  User,
  UserCreated,
  UserCreateInput,
  UsersListInput,
  UserUpdateInput,
} from '@vitrine/contracts';
import { formatTaxId, isValidTaxId } from '@vitrine/utils';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { generatePassword, uniqueKey } from '../lib/security';
import type { Queryable } from '../db';
import { emailChangedMail } from '../mail/templates';
import { mailLocale } from '../mail/texts';
import * as articles from '../repositories/articles';
import * as translations from '../repositories/article-translations';
import * as images from '../repositories/images';
import * as contentVersion from '../repositories/content-version';
import * as resets from '../repositories/password-resets';
import * as roles from '../repositories/roles';
import * as sessions from '../repositories/sessions';
import * as users from '../repositories/users';
import * as codes from '../repositories/verification-codes';
import type { Principal, ServiceDeps } from './context';
import { assertNewPassword, type PasswordHasher } from './passwords';
import { toImage } from './content-presenters';
import { toPublicUser, toUser } from './presenters';

/** The admin route whose access manages every user (ACCESS_ROUTES.user_management). */
export const USERS_ROUTE = 'users';

function isDuplicateEmail(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/**
 * A tax id as stored: a CPF or CNPJ whose check digits are right (@vitrine/utils, the rule the
 * settings-profile form applies), in its usual mask; blank is none. Answers undefined when not given.
 */
function cleanTaxId(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (!value.trim()) return null;
  if (!isValidTaxId(value)) {
    throw new BadRequestError('VALIDATION_ERROR', [{ property: 'tax_id', message: { isTaxId: 'tax_id must be a valid CPF or CNPJ' } }]);
  }
  return formatTaxId(value);
}

const INVALID_PHOTO = () =>
  new BadRequestError('INVALID_PHOTO', [{ property: 'photo', message: { isValid: 'photo must be an image uploaded through /upload/image by you' } }]);

export class UsersService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly hasher: PasswordHasher,
  ) {}

  /**
   * A photo is an image uploaded through /upload/image by the caller or by the user it is for, given
   * as its id or as one of its variant URLs (what the upload answered); never an arbitrary URL (a
   * tracking pixel, an off-site or javascript: link on the public author page). Answers the URL to store.
   */
  private async resolvePhoto(db: Queryable, photo: string | null | undefined, owners: readonly number[]): Promise<string | null | undefined> {
    if (photo === undefined || photo === null) return photo;
    const { storage } = this.deps;
    const match = /\/images\/([A-Za-z0-9_-]{1,64})\/(\d{1,5})\.webp$/.exec(photo);
    const id = match ? match[1] : /^[A-Za-z0-9_-]{1,64}$/.test(photo) ? photo : undefined;
    const row = id ? await images.findById(db, id) : undefined;
    if (!row || row.created_by === null || !owners.includes(row.created_by)) throw INVALID_PHOTO();
    if (!match) return toImage(row, storage)?.url ?? null;
    const width = Number(match[2]);
    if (!row.variants.some((v) => v.width === width) || storage.url(row.id, width) !== photo) throw INVALID_PHOTO();
    return photo;
  }

  canManageUsers(principal: Principal): boolean {
    return canOpenRoute(principal.roles, USERS_ROUTE);
  }

  /**
   * No escalation through user management (docs/decisions/api-safe-by-default.md):
   * - only an admin (user type 'admin') creates, edits, (de)activates or deletes an admin, or makes someone one;
   * - nobody grants or removes an access they do not hold themselves.
   */
  private assertMayChange(principal: Principal, target: { type: string } | null, input: { type?: string | undefined }): void {
    const isAdmin = principal.user.type === 'admin';
    if (!isAdmin && (target?.type === 'admin' || input.type === 'admin')) throw new ForbiddenError('ADMIN_ONLY');
  }

  private assertHoldsAccesses(principal: Principal, changed: readonly string[]): void {
    const held = new Set(principal.roles.map((role) => role.name));
    if (changed.some((access) => !held.has(access))) throw new ForbiddenError('ACCESS_NOT_HELD');
  }

  /**
   * No access by proxy (docs/decisions/api-auth-flows.md, "Changing someone else's identity"): whoever changes
   * someone else's sign-in email holds every access that person holds (their roles as the database has them
   * now), or is an admin. Otherwise a manager could point a director's account at a mailbox of their own, ask
   * for a recovery link and sign in with the director's accesses.
   */
  private async assertHoldsEveryAccessOf(db: Queryable, principal: Principal, targetId: number): Promise<void> {
    if (principal.user.type === 'admin') return;
    const held = new Set(principal.roles.map((role) => role.name));
    const theirs = await roles.rolesOfUser(db, targetId);
    if (theirs.some((role) => !held.has(role.name))) throw new ForbiddenError('TARGET_ACCESS_NOT_HELD');
  }

  /** A sign-in email changes only with the acting user's own password (their own email or someone else's). */
  private async assertActorPassword(principal: Principal, password: string | undefined): Promise<void> {
    if (!password) throw new BadRequestError('CURRENT_PASSWORD_REQUIRED');
    if (!(await this.hasher.verify(password, principal.user.password_hash))) throw new BadRequestError('CURRENT_PASSWORD_INCORRECT');
  }

  async get(id: number): Promise<User> {
    const row = await users.findById(this.deps.db, id);
    if (!row) throw new NotFoundError('USER_NOT_FOUND');
    return toUser(row);
  }

  async list(input: UsersListInput): Promise<ListPage<User>> {
    const limit = input.limit ?? 10;
    const page = input.page ?? 1;
    const sort = input.sort ?? 'created_at';
    const order = input.order ?? (sort === 'created_at' ? 'desc' : 'asc');
    const { rows, total } = await users.list(this.deps.db, { limit, page, search: input.search, status: input.status, type: input.type, sort, order });
    return { items: rows.map(toUser), total, page, limit };
  }

  async create(principal: Principal, input: UserCreateInput): Promise<UserCreated> {
    if (input.created_by !== principal.user.id || input.created_by_unique_key !== principal.user.unique_key) {
      throw new ForbiddenError('ACCESS_DENIED');
    }
    this.assertMayChange(principal, null, input);
    this.assertHoldsAccesses(principal, input.accesses);
    const taxId = cleanTaxId(input.tax_id);
    const temporaryPassword = generatePassword();
    const passwordHash = await this.hasher.hash(temporaryPassword);
    const row = await this.deps.db
      .transaction(async (tx) => {
        if (await users.emailTaken(tx, input.email)) throw new ConflictError('EMAIL_ALREADY_REGISTERED');
        const photo = await this.resolvePhoto(tx, input.photo, [principal.user.id]);
        const id = await users.insert(tx, {
          unique_key: uniqueKey(),
          name: input.name.trim(),
          last_name: input.last_name.trim(),
          email: input.email,
          password_hash: passwordHash,
          position: input.position.trim(),
          type: input.type,
          status: 'first-access',
          gender: input.gender ?? 'unspecified',
          phone: input.phone ?? null,
          tax_id: taxId ?? null,
          biography: input.biography ?? null,
          photo: photo ?? null,
          created_by: principal.user.id,
          verified_at: null,
        });
        await users.setRoles(tx, id, input.accesses);
        return users.findById(tx, id);
      })
      .catch((err: unknown) => {
        if (isDuplicateEmail(err)) throw new ConflictError('EMAIL_ALREADY_REGISTERED');
        throw err;
      });
    if (!row) throw new NotFoundError('USER_NOT_FOUND');
    return { user: toUser(row), temporary_password: temporaryPassword };
  }

  /**
   * Managers edit anyone but an admin (admins edit admins); everyone edits their own record, but not
   * their own type or accesses. The sign-in email is the one field that routes credentials (recovery links,
   * verification codes, sign-in): changing it takes the acting user's own password, and someone else's also
   * takes holding every access they hold (or being an admin). The old address is told, the person's open
   * links and codes are retired and, when it was someone else's doing, their sessions end.
   */
  async update(principal: Principal, id: number, key: string, input: UserUpdateInput): Promise<User> {
    const manager = this.canManageUsers(principal);
    if (!manager && (input.accesses !== undefined || input.type !== undefined)) throw new ForbiddenError('ACCESS_DENIED');
    const self = id === principal.user.id;
    const taxId = cleanTaxId(input.tax_id);
    // The notice to the old address is enqueued in the change's transaction (with SMTP, its delivery job too).
    if (input.email !== undefined) await this.deps.jobs.start();
    let noticeQueued = false;
    const row = await this.deps.db
      .transaction(async (tx) => {
        const current = await users.findByIdAndKey(tx, id, key);
        if (!current) throw new NotFoundError('USER_NOT_FOUND');
        if (!self) this.assertMayChange(principal, current, input);
        else if (input.type !== undefined && input.type !== current.type) this.assertMayChange(principal, null, input);
        if (input.accesses !== undefined) {
          const before = new Set((await roles.rolesOfUser(tx, id)).map((role) => role.name));
          const after = new Set<string>(input.accesses);
          this.assertHoldsAccesses(principal, [...[...after].filter((a) => !before.has(a)), ...[...before].filter((a) => !after.has(a))]);
        }
        // The same address in another case is no change.
        const newEmail = input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase() ? input.email : undefined;
        if (newEmail !== undefined) {
          if (!self) await this.assertHoldsEveryAccessOf(tx, principal, id);
          await this.assertActorPassword(principal, input.current_password);
        }
        if (input.email !== undefined && (await users.emailTaken(tx, input.email, id))) {
          throw new ConflictError('EMAIL_ALREADY_REGISTERED');
        }
        const { accesses, ...fields } = input;
        // Checked above, never stored.
        delete fields.current_password;
        const photo = await this.resolvePhoto(tx, fields.photo, [principal.user.id, id]);
        await users.update(tx, id, {
          ...fields,
          ...(photo !== undefined ? { photo } : {}),
          ...(taxId !== undefined ? { tax_id: taxId } : {}),
          ...(fields.name !== undefined ? { name: fields.name.trim() } : {}),
          ...(fields.last_name !== undefined ? { last_name: fields.last_name.trim() } : {}),
          ...(fields.position !== undefined ? { position: fields.position.trim() } : {}),
        });
        if (accesses !== undefined) await users.setRoles(tx, id, accesses);
        if (newEmail !== undefined) {
          // What was sent to the old address no longer opens the account.
          await resets.retireOpenLinks(tx, id);
          await codes.retireOpen(tx, id);
          if (current.status === 'first-access') await users.markUnverified(tx, id);
          if (!self) await sessions.revokeAllOfUser(tx, id);
          const by = `${principal.user.name} ${principal.user.last_name}`.trim();
          await this.deps.mailer.enqueue(tx, emailChangedMail(mailLocale(current.locale), current.name, { from: current.email, to: newEmail, at: new Date(), by }));
          noticeQueued = true;
        }
        // Authors appear on public cards and in the search vector of their articles.
        if (fields.name !== undefined || fields.last_name !== undefined) {
          await articles.refreshSearchOfAuthor(tx, id);
          await translations.refreshSearchOfAuthor(tx, id);
        }
        await contentVersion.bump(tx);
        return users.findById(tx, id);
      })
      .catch((err: unknown) => {
        if (isDuplicateEmail(err)) throw new ConflictError('EMAIL_ALREADY_REGISTERED');
        throw err;
      });
    if (noticeQueued) this.deps.mailer.wake();
    if (!row) throw new NotFoundError('USER_NOT_FOUND');
    return toUser(row);
  }

  async changeStatus(principal: Principal, id: number, key: string, status: 'active' | 'inactive' | 'blocked'): Promise<User> {
    if (id === principal.user.id) throw new ForbiddenError('CANNOT_CHANGE_OWN_STATUS');
    const row = await this.deps.db.transaction(async (tx) => {
      const current = await users.findByIdAndKey(tx, id, key);
      if (!current) throw new NotFoundError('USER_NOT_FOUND');
      this.assertMayChange(principal, current, {});
      // Activating someone who never chose their password puts them back in first access (not straight in).
      await users.setStatus(tx, id, status === 'active' && !current.password_chosen_at ? 'first-access' : status);
      if (status !== 'active') await sessions.revokeAllOfUser(tx, id);
      // Only active authors are public (their profile, the recent authors).
      await contentVersion.bump(tx);
      return users.findById(tx, id);
    });
    if (!row) throw new NotFoundError('USER_NOT_FOUND');
    return toUser(row);
  }

  async remove(principal: Principal, id: number, key: string): Promise<void> {
    if (id === principal.user.id) throw new ForbiddenError('CANNOT_DELETE_SELF');
    await this.deps.db.transaction(async (tx) => {
      const current = await users.findByIdAndKey(tx, id, key);
      if (!current) throw new NotFoundError('USER_NOT_FOUND');
      this.assertMayChange(principal, current, {});
      await users.remove(tx, id);
      await contentVersion.bump(tx);
    });
  }

  /** PUT /user/user-reset-password: order of checks as the screens report them: all three fields, then the current password, then the new one's strength and confirmation. */
  async changePassword(principal: Principal, input: ChangePasswordInput): Promise<User> {
    const candidate = { current: input.current_password, password: input.new_password, confirm: input.confirm_password };
    if (!candidate.current || !candidate.password || !candidate.confirm) throw new BadRequestError('PASSWORD_FIELDS_REQUIRED');
    if (!(await this.hasher.verify(input.current_password, principal.user.password_hash))) {
      throw new BadRequestError('CURRENT_PASSWORD_INCORRECT');
    }
    assertNewPassword(candidate, true);
    const passwordHash = await this.hasher.hash(input.new_password);
    const row = await this.deps.db.transaction(async (tx) => {
      await users.setPassword(tx, principal.user.id, passwordHash);
      await sessions.revokeAllOfUser(tx, principal.user.id, principal.tokenHash);
      // updated_at moved: the recent authors' order and dates are public.
      await contentVersion.bump(tx);
      return users.findById(tx, principal.user.id);
    });
    if (!row) throw new NotFoundError('USER_NOT_FOUND');
    return toUser(row);
  }

  /** The guard's question: which roles does this user hold, and may they open `flag` ('all' = just the roles). */
  async activeRoutes(id: number, flag: string): Promise<ActiveRoutes> {
    const row = await users.findById(this.deps.db, id);
    if (!row) throw new NotFoundError('USER_NOT_FOUND');
    const userRoles = rolesForUser(await roles.rolesOfUser(this.deps.db, id), row.type);
    return { user: toUser(row), roles: userRoles, allowed: flag === 'all' ? true : canOpenRoute(userRoles, flag) };
  }

  async recentAuthors(count: number): Promise<PublicUser[]> {
    return (await users.recentAuthors(this.deps.db, count)).map(toPublicUser);
  }

  /** Only an active user has a public profile: an inactive, blocked or first-access one is unknown (404). */
  async publicProfile(id: number, key: string): Promise<PublicUser> {
    const row = await users.findByIdAndKey(this.deps.db, id, key);
    if (!row || row.status !== 'active') throw new NotFoundError('USER_NOT_FOUND');
    return toPublicUser(row);
  }
}
