import { SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import type { Db, Queryable } from '../../src/db';
import { hashPassword } from '../../src/lib/security';
import { MAIL_TEXTS, fill } from '../../src/mail/texts';
import { readOutbox } from '../../src/repositories/outbox';
import { BACKENDS, PUBLIC_URL, setupApp, TEST_SCRYPT_COST, type Staff, type TestContext } from '../helpers';

/**
 * No access by proxy: every path that ends in someone else's credentials (their sign-in email, a recovery link,
 * a verification code, a password) is refused to anyone who does not hold every access that person holds, and
 * needs the acting user's own password. The penetration test's chain: a manager without `settings` changes a
 * marketing director's email to a mailbox of their own, asks for recovery there, resets the password and signs
 * in with `settings` and `seo`.
 */

const LINK_RE = new RegExp(`${PUBLIC_URL}/reset-password/(\\d+)/([A-Za-z0-9_-]+)`);
const CODE_RE = /:\s*(\d{6})\b/;
const EVERY_ACCESS = ['dashboard', 'article_management', 'site_editor', 'user_management', 'settings'] as const;

/** The app's database with one switch: the next statement matching `failNext` fails, inside its transaction. */
function breakable(): { wrap: (db: Db) => Db; failNext: (sql: RegExp) => void } {
  let failing: RegExp | null = null;
  const guard = <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    if (failing?.test(sql)) {
      failing = null;
      return Promise.reject(new Error('injected fault after the change was written'));
    }
    return run();
  };
  const guarded = (q: Queryable): Queryable => ({
    query: <T>(sql: string, params?: readonly unknown[]) => guard(sql, () => q.query<T>(sql, params)),
    exec: (sql: string) => q.exec(sql),
  });
  const wrap = (db: Db): Db => {
    const wrapped: Db = {
      kind: db.kind,
      ...guarded(db),
      transaction: (fn) => db.transaction((tx) => fn(guarded(tx))),
      close: () => db.close(),
    };
    if (db.listen) wrapped.listen = db.listen.bind(db);
    return wrapped;
  };
  return {
    wrap,
    failNext: (sql) => {
      failing = sql;
    },
  };
}

describe.each(BACKENDS)('no access by proxy (%s)', (backend) => {
  let ctx: TestContext;
  const faults = breakable();
  beforeAll(async () => {
    ctx = await setupApp(backend, { wrapDb: faults.wrap });
  }, 60_000);
  afterAll(() => ctx.close());

  // Recovery is limited per client address: each request here comes from its own.
  let addresses = 0;
  const nextAddress = () => `10.77.${(addresses >> 8) & 255}.${(addresses += 1) & 255}`;
  let mailboxes = 0;
  const mailbox = (who: string) => `${who}.${(mailboxes += 1)}.${Math.random().toString(36).slice(2, 8)}@elsewhere.test`;

  const put = (token: string, target: { id: number; unique_key: string }, body: unknown) =>
    ctx.call('PUT', `/api/user/user/${target.id}/${target.unique_key}`, { token, body });
  const recover = (email: string) => ctx.call('POST', '/api/auth/recover-password', { body: { email }, remoteAddress: nextAddress() });
  const me = (token: string) => ctx.call('GET', '/api/auth/me', { token });
  const emailOf = async (id: number) => (await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id]))[0]?.email;
  const nameOf = async (id: number) => {
    const row = (await ctx.db.query<{ name: string; last_name: string }>('SELECT name, last_name FROM users WHERE id = $1', [id]))[0];
    return `${row?.name ?? ''} ${row?.last_name ?? ''}`.trim();
  };
  const openLinks = async (id: number) => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1 AND used_at IS NULL', [id]))[0]?.n;
  const openCodes = async (id: number) => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verification_codes WHERE user_id = $1 AND used_at IS NULL', [id]))[0]?.n;
  const liveSessions = async (id: number) =>
    (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [id]))[0]?.n;

  /** A recovery link mailed to `email` (the newest), or none. */
  async function linkMailedTo(email: string): Promise<{ id: number; key: string } | undefined> {
    for (const mail of await readOutbox(ctx.db, email)) {
      const match = LINK_RE.exec(mail.text_body);
      if (match?.[1] && match[2]) return { id: Number(match[1]), key: match[2] };
    }
    return undefined;
  }

  /** A marketing director: settings (and so SEO) among their accesses, reading their mail in English. */
  async function director(): Promise<Staff> {
    const person = await ctx.staff(['dashboard', 'article_management', 'site_editor', 'settings']);
    await ctx.db.query("UPDATE users SET type = 'marketing_director', name = 'Diana', locale = 'en-US' WHERE id = $1", [person.id]);
    return person;
  }

  /** A manager: user management and what the type proposes, not settings. */
  async function manager(accesses: readonly (typeof EVERY_ACCESS)[number][] = ['dashboard', 'article_management', 'user_management']): Promise<Staff> {
    const person = await ctx.staff([...accesses]);
    await ctx.db.query("UPDATE users SET type = 'manager', name = 'Marcos' WHERE id = $1", [person.id]);
    return person;
  }

  /** An admin-created user who signed in with the temporary password (a verification code went to their address). */
  async function firstAccessUser(accesses: readonly string[]): Promise<{ id: number; unique_key: string; email: string; temporary: string; token: string }> {
    const email = mailbox('novo');
    const created = await ctx.call('POST', '/api/user/user', {
      token: ctx.admin.token,
      body: { name: 'Fernanda', last_name: 'Nova', email, position: 'Diretora', type: 'marketing_director', accesses, created_by: ctx.admin.id, created_by_unique_key: ctx.admin.unique_key },
    });
    expect(created.statusCode).toBe(201);
    const { user, temporary_password } = created.json().data;
    const token = await ctx.login(email, temporary_password);
    return { id: user.id, unique_key: user.unique_key, email, temporary: temporary_password, token };
  }

  describe("changing someone else's email", () => {
    it('the chain: a manager without settings is refused (403) at the change, so recovery at their mailbox sends nothing', async () => {
      const target = await director();
      const attacker = await manager();
      const theirs = mailbox('mallory');
      const mailsBefore = (await readOutbox(ctx.db)).length;

      // Refused whatever the password: the accesses are checked first.
      for (const body of [{ email: theirs }, { email: theirs, current_password: attacker.password }, { email: theirs, current_password: 'Wrong#Pass1' }]) {
        const res = await put(attacker.token, target, body);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'TARGET_ACCESS_NOT_HELD', message: expect.stringContaining('holds an access you do not hold') });
      }
      // Nor with harmless fields around it.
      expect((await put(attacker.token, target, { email: theirs, position: 'Diretora', current_password: attacker.password })).json().code).toBe('TARGET_ACCESS_NOT_HELD');
      expect(await emailOf(target.id)).toBe(target.email);

      // The rest of the chain finds nothing to take: no link at the attacker's mailbox, the director's sign-in is theirs.
      const asked = await recover(theirs);
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ message: SUCCESS_MESSAGES.RECOVERY_EMAIL_SENT });
      expect(await readOutbox(ctx.db, theirs)).toEqual([]);
      expect(await linkMailedTo(theirs)).toBeUndefined();
      expect(await openLinks(target.id)).toBe(0);
      // Nothing was mailed about a change that did not happen, and the director's session goes on.
      expect((await readOutbox(ctx.db)).length).toBe(mailsBefore);
      expect((await me(target.token)).statusCode).toBe(200);
      expect((await ctx.call('POST', '/api/auth/auth', { body: { email: target.email, password: target.password }, remoteAddress: nextAddress() })).statusCode).toBe(200);

      // What the manager may still do to the director's record: fields that route no credentials.
      const harmless = await put(attacker.token, target, { position: 'Diretora de marketing', phone: '+55 11 90000-0000' });
      expect(harmless.statusCode).toBe(200);
      expect(harmless.json().data).toMatchObject({ email: target.email, position: 'Diretora de marketing' });
    });

    it('a manager holding every access of the director confirms with their own password (400 without it or with a wrong one)', async () => {
      const target = await director();
      const peer = await manager(['dashboard', 'article_management', 'site_editor', 'settings', 'user_management']);
      const next = mailbox('diana');
      // An open recovery link of the director, mailed to the old address.
      await recover(target.email);
      const oldLink = await linkMailedTo(target.email);
      expect(oldLink).toBeDefined();

      const missing = await put(peer.token, target, { email: next });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'CURRENT_PASSWORD_REQUIRED', message: 'Give your current password to change an email' });
      const wrong = await put(peer.token, target, { email: next, current_password: 'Wrong#Pass1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
      // Refused before anything was written or mailed: the old address holds only its recovery link.
      expect(await emailOf(target.id)).toBe(target.email);
      expect(await readOutbox(ctx.db, target.email)).toHaveLength(1);

      const changed = await put(peer.token, target, { email: next, current_password: peer.password });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.email).toBe(next);
      expect(await emailOf(target.id)).toBe(next);

      // The old address is told, in the director's language: old → new, when, and by whom.
      const notice = (await readOutbox(ctx.db, target.email))[0];
      const t = MAIL_TEXTS['en-US'].emailChanged;
      expect(notice?.subject).toBe(t.subject);
      expect(notice?.text_body).toContain(fill(t.changed, { old: target.email, new: next }));
      expect(notice?.text_body).toContain(`The change was made by ${await nameOf(peer.id)} on `);
      expect(notice?.html_body).toContain('<html lang="en-US">');
      expect(await readOutbox(ctx.db, next)).toEqual([]);

      // What was sent to the old address no longer opens the account, and the director signs in again.
      expect((await ctx.call('GET', `/api/auth/reset-password/${oldLink?.id}/${oldLink?.key}`)).json()).toEqual({ data: { valid: false } });
      expect(await openLinks(target.id)).toBe(0);
      expect((await me(target.token)).statusCode).toBe(401);
      expect(await liveSessions(target.id)).toBe(0);
      expect((await me(peer.token)).statusCode).toBe(200);

      // The audit log shows the change and who made it.
      const log = await ctx.call('GET', `/api/audit/audit-log?record_type=user&record_id=${target.id}`, { token: ctx.admin.token });
      const entry = (log.json().data.items as { action: string; actor_id: number | null; actor_name: string; changes: Record<string, unknown> }[]).find(
        (item) => item.action === 'update' && 'email' in item.changes,
      );
      expect(entry).toMatchObject({ actor_id: peer.id, actor_name: await nameOf(peer.id), changes: { email: [target.email, next] } });
    });

    it("the target's own password does not confirm it: current_password is the acting user's", async () => {
      const target = await director();
      const peer = await manager([...EVERY_ACCESS]);
      // The helpers give every staff member one password: the director chooses another.
      await ctx.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [target.id, await hashPassword('Diana#Own2024', TEST_SCRYPT_COST)]);
      const res = await put(peer.token, target, { email: mailbox('diana'), current_password: 'Diana#Own2024' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
      expect(await emailOf(target.id)).toBe(target.email);
    });

    it('compares with the roles the database holds now, not what the screen showed', async () => {
      const target = await ctx.staff(['dashboard']);
      const peer = await manager(['dashboard', 'user_management']);
      // Given settings after the manager loaded the list.
      await ctx.db.query("INSERT INTO user_roles (user_id, role_name) VALUES ($1, 'settings')", [target.id]);
      const res = await put(peer.token, target, { email: mailbox('x'), current_password: peer.password });
      expect(res.json().code).toBe('TARGET_ACCESS_NOT_HELD');
      // Once they hold no more than the manager, the manager may.
      await ctx.db.query("DELETE FROM user_roles WHERE user_id = $1 AND role_name = 'settings'", [target.id]);
      expect((await put(peer.token, target, { email: mailbox('x'), current_password: peer.password })).statusCode).toBe(200);
    });

    it('an admin changes anyone’s email with their own password; only an admin changes an admin’s', async () => {
      const target = await director();
      const missing = await put(ctx.admin.token, target, { email: mailbox('d') });
      expect(missing.json().code).toBe('CURRENT_PASSWORD_REQUIRED');
      const next = mailbox('d');
      expect((await put(ctx.admin.token, target, { email: next, current_password: ctx.admin.password })).statusCode).toBe(200);
      expect((await readOutbox(ctx.db, target.email))[0]?.text_body).toContain(`The change was made by ${await nameOf(ctx.admin.id)} on `);

      // A manager holding every access is still not an admin.
      const peer = await manager([...EVERY_ACCESS]);
      const takeover = await put(peer.token, ctx.admin, { email: mailbox('admin'), current_password: peer.password });
      expect(takeover.statusCode).toBe(403);
      expect(takeover.json().code).toBe('ADMIN_ONLY');
      expect((await ctx.call('PUT', `/api/user/user-change-status/${ctx.admin.id}/${ctx.admin.unique_key}`, { token: peer.token, body: { status: 'inactive' } })).json().code).toBe('ADMIN_ONLY');
      expect((await ctx.call('DELETE', `/api/user/user/${ctx.admin.id}/${ctx.admin.unique_key}`, { token: peer.token })).json().code).toBe('ADMIN_ONLY');
      expect(await emailOf(ctx.admin.id)).toBe(ctx.admin.email);
    });

    it('a change rolled back sends nothing and leaves links, codes and sessions as they were', async () => {
      const target = await director();
      const peer = await manager([...EVERY_ACCESS]);
      await recover(target.email);
      const before = await readOutbox(ctx.db, target.email);
      // The last write of the change fails: the notice was queued in the same transaction.
      faults.failNext(/UPDATE content_version/);
      const res = await put(peer.token, target, { email: mailbox('diana'), current_password: peer.password });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(await emailOf(target.id)).toBe(target.email);
      expect(await readOutbox(ctx.db, target.email)).toEqual(before);
      expect(await openLinks(target.id)).toBe(1);
      expect((await me(target.token)).statusCode).toBe(200);
    });

    it('users changing their own email: the old address is told too, their session goes on', async () => {
      const user = await ctx.staff(['dashboard']);
      await recover(user.email);
      const next = mailbox('own');
      expect((await put(user.token, user, { email: next })).json().code).toBe('CURRENT_PASSWORD_REQUIRED');
      expect((await put(user.token, user, { email: next, current_password: user.password })).statusCode).toBe(200);
      const notice = (await readOutbox(ctx.db, user.email))[0];
      // No language stated yet: pt-BR.
      expect(notice?.subject).toBe(MAIL_TEXTS['pt-BR'].emailChanged.subject);
      expect(notice?.text_body).toContain(fill(MAIL_TEXTS['pt-BR'].emailChanged.changed, { old: user.email, new: next }));
      expect(notice?.text_body).toContain(`A alteração foi feita por ${await nameOf(user.id)} em `);
      expect(await openLinks(user.id)).toBe(0);
      expect((await me(user.token)).statusCode).toBe(200);
      // The same address in another case is no change: nothing more is mailed.
      const mails = (await readOutbox(ctx.db)).length;
      expect((await put(user.token, user, { email: next.toUpperCase() })).statusCode).toBe(200);
      expect((await readOutbox(ctx.db)).length).toBe(mails);
    });
  });

  describe('passwords and first-access credentials', () => {
    it('no endpoint lets staff set or reset someone else’s password: the password fields are the reviewed ones', async () => {
      const doc = (await ctx.call('GET', '/api/docs/json')).json() as {
        paths: Record<string, Record<string, { requestBody?: unknown }>>;
        components?: { schemas?: Record<string, unknown> };
      };
      const schemas = doc.components?.schemas ?? {};
      const passwordFields = (node: unknown, seen = new Set<unknown>()): string[] => {
        if (!node || typeof node !== 'object' || seen.has(node)) return [];
        seen.add(node);
        const record = node as Record<string, unknown>;
        const ref = typeof record.$ref === 'string' ? schemas[record.$ref.replace('#/components/schemas/', '')] : undefined;
        const own = record.properties && typeof record.properties === 'object' ? Object.keys(record.properties).filter((key) => /pass|secret|temporary/i.test(key)) : [];
        return [...own, ...passwordFields(ref, seen), ...Object.values(record).flatMap((value) => passwordFields(value, seen))];
      };
      const found = Object.entries(doc.paths).flatMap(([path, operations]) =>
        Object.entries(operations).flatMap(([method, operation]) => {
          const fields = [...new Set(passwordFields(operation.requestBody))].sort();
          return fields.length ? [`${method.toUpperCase()} ${path}: ${fields.join(', ')}`] : [];
        }),
      );
      expect(found.sort()).toEqual([
        // Sign-in.
        'POST /api/auth/auth: password',
        // Own password, first access.
        'POST /api/auth/first-access: confirm_password, new_password',
        // With a link mailed to the account's address.
        'POST /api/auth/reset-password: confirm_password, new_password',
        // Own password.
        'PUT /api/user/user-reset-password: confirm_password, current_password, new_password',
        // The acting user's own password, confirming an email change.
        'PUT /api/user/user/{id}/{unique_key}: current_password',
      ]);
    });

    it('the own-password endpoints take no one else: an id, a password or a status of first access are refused', async () => {
      const target = await director();
      const attacker = await manager();
      const reset = await ctx.call('PUT', '/api/user/user-reset-password', {
        token: attacker.token,
        body: { id: target.id, current_password: attacker.password, new_password: 'Taken#Pass2024', confirm_password: 'Taken#Pass2024' },
      });
      expect(reset.statusCode).toBe(400);
      for (const body of [{ password: 'Taken#Pass2024' }, { password_hash: 'scrypt$1$x$y' }, { temporary_password: 'x' }, { status: 'first-access' }, { verified_at: null }]) {
        const res = await put(attacker.token, target, body);
        expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
      }
      const status = await ctx.call('PUT', `/api/user/user-change-status/${target.id}/${target.unique_key}`, { token: attacker.token, body: { status: 'first-access' } });
      expect(status.statusCode).toBe(400);
      // Deactivating and activating again hands out no credentials.
      for (const next of ['inactive', 'active'] as const) {
        const res = await ctx.call('PUT', `/api/user/user-change-status/${target.id}/${target.unique_key}`, { token: attacker.token, body: { status: next } });
        expect(res.statusCode).toBe(200);
        expect(JSON.stringify(res.json())).not.toMatch(/temporary_password|password_hash/);
      }
      expect((await ctx.call('POST', '/api/auth/auth', { body: { email: target.email, password: target.password }, remoteAddress: nextAddress() })).statusCode).toBe(200);
      expect((await ctx.call('POST', '/api/auth/auth', { body: { email: target.email, password: 'Taken#Pass2024' }, remoteAddress: nextAddress() })).statusCode).toBe(401);
    });

    it('creating a user with an access the creator lacks is refused: no user, no temporary password', async () => {
      const attacker = await manager();
      const email = mailbox('accomplice');
      const res = await ctx.call('POST', '/api/user/user', {
        token: attacker.token,
        body: {
          name: 'Cúmplice',
          last_name: 'Novo',
          email,
          position: 'Diretor',
          type: 'marketing_director',
          accesses: ['dashboard', 'settings'],
          created_by: attacker.id,
          created_by_unique_key: attacker.unique_key,
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCESS_NOT_HELD');
      expect(JSON.stringify(res.json())).not.toContain('temporary_password');
      expect(await ctx.count(`users WHERE email = '${email}'`)).toBe(0);
    });

    it("a first-access user's email: the code and the temporary sign-in stay with the account's owner", async () => {
      const target = await firstAccessUser(['dashboard', 'settings']);
      const firstCode = CODE_RE.exec((await readOutbox(ctx.db, target.email))[0]?.text_body ?? '')?.[1];
      expect(firstCode).toMatch(/^\d{6}$/);

      // Someone without settings cannot point the account (and its next code or recovery link) elsewhere.
      const attacker = await manager();
      const theirs = mailbox('mallory');
      expect((await put(attacker.token, target, { email: theirs, current_password: attacker.password })).json().code).toBe('TARGET_ACCESS_NOT_HELD');
      await recover(theirs);
      expect(await readOutbox(ctx.db, theirs)).toEqual([]);
      expect(await openCodes(target.id)).toBe(1);

      // Someone holding both may; the code mailed to the old address is retired, the address must be proven again.
      const peer = await manager(['dashboard', 'settings', 'user_management']);
      const next = mailbox('fernanda');
      expect((await put(peer.token, target, { email: next, current_password: peer.password })).statusCode).toBe(200);
      expect(await openCodes(target.id)).toBe(0);
      expect((await me(target.token)).statusCode).toBe(401);
      expect((await readOutbox(ctx.db, target.email))[0]?.subject).toBe(MAIL_TEXTS['pt-BR'].emailChanged.subject);

      // Signing in again with the temporary password (a minute later) mails a new code to the new address only.
      await ctx.db.query("UPDATE verification_codes SET created_at = created_at - interval '2 minutes' WHERE user_id = $1", [target.id]);
      const token = await ctx.login(next, target.temporary);
      const newCode = CODE_RE.exec((await readOutbox(ctx.db, next))[0]?.text_body ?? '')?.[1];
      expect(newCode).toMatch(/^\d{6}$/);
      const verifyOld = await ctx.call('POST', '/api/auth/verify-code', { token, body: { email: target.email, code: firstCode } });
      expect(verifyOld.json().code).toBe('INVALID_CODE_OR_EMAIL');
      const verified = await ctx.call('POST', '/api/auth/verify-code', { token, body: { email: next, code: newCode } });
      expect(verified.statusCode).toBe(200);
    });

    it('a verified first-access user whose email is changed proves the new address before choosing a password', async () => {
      const target = await firstAccessUser(['dashboard']);
      const code = CODE_RE.exec((await readOutbox(ctx.db, target.email))[0]?.text_body ?? '')?.[1];
      expect((await ctx.call('POST', '/api/auth/verify-code', { token: target.token, body: { email: target.email, code } })).statusCode).toBe(200);
      const next = mailbox('verified');
      expect((await put(ctx.admin.token, target, { email: next, current_password: ctx.admin.password })).statusCode).toBe(200);
      const row = (await ctx.db.query<{ verified_at: Date | null; status: string }>('SELECT verified_at, status FROM users WHERE id = $1', [target.id]))[0];
      expect(row).toEqual({ verified_at: null, status: 'first-access' });
      const token = await ctx.login(next, target.temporary);
      const chosen = await ctx.call('POST', '/api/auth/first-access', { token, body: { new_password: 'Mine#Pass2024', confirm_password: 'Mine#Pass2024' } });
      expect(chosen.statusCode).toBe(403);
    });
  });

  describe('verification codes are only ever the caller’s own', () => {
    it('verify-code and resend-code refuse any email but the signed-in user’s, and need a session', async () => {
      const owner = await firstAccessUser(['dashboard']);
      const other = await firstAccessUser(['dashboard']);
      const ownerCode = CODE_RE.exec((await readOutbox(ctx.db, owner.email))[0]?.text_body ?? '')?.[1];
      const otherMails = (await readOutbox(ctx.db, other.email)).length;

      // The other first-access user, with the owner's email and the owner's right code.
      const stolen = await ctx.call('POST', '/api/auth/verify-code', { token: other.token, body: { email: owner.email, code: ownerCode } });
      expect([stolen.statusCode, stolen.json().code]).toEqual([400, 'INVALID_CODE_OR_EMAIL']);
      // A manager (any signed-in user) likewise.
      const staff = await manager([...EVERY_ACCESS]);
      const byStaff = await ctx.call('POST', '/api/auth/verify-code', { token: staff.token, body: { email: owner.email, code: ownerCode } });
      expect([byStaff.statusCode, byStaff.json().code]).toEqual([400, 'INVALID_CODE_OR_EMAIL']);
      const resend = await ctx.call('POST', '/api/auth/resend-code', { token: owner.token, body: { email: other.email } });
      expect([resend.statusCode, resend.json().code]).toEqual([400, 'INVALID_CODE_OR_EMAIL']);
      expect(await readOutbox(ctx.db, other.email)).toHaveLength(otherMails);
      // Without a session: 401, whatever the body.
      expect((await ctx.call('POST', '/api/auth/verify-code', { body: { email: owner.email, code: ownerCode } })).statusCode).toBe(401);
      expect((await ctx.call('POST', '/api/auth/resend-code', { body: { email: owner.email } })).statusCode).toBe(401);

      // Nobody else's try used the owner's code: it still verifies, for the owner.
      const row = async () => (await ctx.db.query<{ verified_at: Date | null }>('SELECT verified_at FROM users WHERE id = $1', [owner.id]))[0]?.verified_at;
      expect(await row()).toBeNull();
      expect((await ctx.call('POST', '/api/auth/verify-code', { token: owner.token, body: { email: owner.email, code: ownerCode } })).statusCode).toBe(200);
      expect(await row()).not.toBeNull();
    });
  });
});
