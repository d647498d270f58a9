import { ERROR_MESSAGES } from '@vitrine/contracts';
import { SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { sha256 } from '../../src/lib/security';
import { readOutbox } from '../../src/repositories/outbox';
import { BACKENDS, PUBLIC_URL, setupApp, type TestContext } from '../helpers';

const LINK_RE = new RegExp(`${PUBLIC_URL}/reset-password/(\\d+)/([A-Za-z0-9_-]+)`);
const CODE_RE = /código de verificação é: (\d{6})/;

describe.each(BACKENDS)('auth flows: recovery, verification, first access (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  async function recoveryLink(email: string): Promise<{ id: number; key: string }> {
    const res = await ctx.call('POST', '/api/auth/recover-password', { body: { email } });
    expect(res.statusCode).toBe(200);
    const mail = (await readOutbox(ctx.db, email))[0];
    const match = mail ? LINK_RE.exec(mail.text_body) : null;
    if (!match?.[1] || !match[2]) throw new Error('no recovery link mailed');
    return { id: Number(match[1]), key: match[2] };
  }

  async function latestCode(email: string): Promise<string> {
    const mail = (await readOutbox(ctx.db, email)).find((m) => CODE_RE.test(m.text_body));
    const code = mail ? CODE_RE.exec(mail.text_body)?.[1] : undefined;
    if (!code) throw new Error('no code mailed');
    return code;
  }

  /** An admin-created user signed in with the temporary password. */
  async function firstAccessUser(): Promise<{ id: number; unique_key: string; email: string; token: string }> {
    const email = `novo.${Math.random().toString(36).slice(2, 8)}@vitrine.test`;
    const created = await ctx.call('POST', '/api/user/user', {
      token: ctx.admin.token,
      body: { name: 'Pedro', last_name: 'Lima', email, position: 'Estagiário', type: 'internship', accesses: ['dashboard'], created_by: ctx.admin.id, created_by_unique_key: ctx.admin.unique_key },
    });
    const { user, temporary_password } = created.json().data;
    const token = await ctx.login(email, temporary_password);
    return { id: user.id, unique_key: user.unique_key, email, token };
  }

  describe('password recovery', () => {
    it('answers the same for a known and an unknown email; mails a link only for the known one', async () => {
      const user = await ctx.staff(['dashboard']);
      const known = await ctx.call('POST', '/api/auth/recover-password', { body: { email: user.email } });
      const unknown = await ctx.call('POST', '/api/auth/recover-password', { body: { email: 'nobody@vitrine.test' } });
      expect(known.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(known.json()).toEqual({ message: SUCCESS_MESSAGES.RECOVERY_EMAIL_SENT });
      expect(await readOutbox(ctx.db, 'nobody@vitrine.test')).toHaveLength(0);
      const mails = await readOutbox(ctx.db, user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toContain('redefinição de senha');
      expect(mails[0]?.html_body).toContain('/reset-password/');
    });

    it('mails nothing to a blocked account', async () => {
      const user = await ctx.staff(['dashboard'], { status: 'blocked' });
      await ctx.call('POST', '/api/auth/recover-password', { body: { email: user.email } });
      expect(await readOutbox(ctx.db, user.email)).toHaveLength(0);
    });

    it('stores only the hash of the link secret, valid for 1 hour', async () => {
      const user = await ctx.staff(['dashboard']);
      const link = await recoveryLink(user.email);
      const rows = await ctx.db.query<{ unique_key: string; minutes: number }>(
        'SELECT unique_key, EXTRACT(EPOCH FROM (expires_at - now())) / 60 AS minutes FROM password_resets WHERE id = $1',
        [link.id],
      );
      expect(rows[0]?.unique_key).toBe(sha256(link.key));
      expect(Number(rows[0]?.minutes)).toBeGreaterThan(59);
      expect(Number(rows[0]?.minutes)).toBeLessThanOrEqual(60);
    });

    it('checks, consumes once, revokes sessions and signs in with the new password', async () => {
      const user = await ctx.staff(['dashboard']);
      const link = await recoveryLink(user.email);
      const check = await ctx.call('GET', `/api/auth/reset-password/${link.id}/${link.key}`);
      expect(check.json()).toEqual({ data: { valid: true, email: user.email } });

      const weak = await ctx.call('POST', '/api/auth/reset-password', { body: { id: link.id, unique_key: link.key, new_password: 'abc', confirm_password: 'abc' } });
      expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', message: 'Your password is weak' });
      const mismatch = await ctx.call('POST', '/api/auth/reset-password', { body: { id: link.id, unique_key: link.key, new_password: 'Reset#Pass2024', confirm_password: 'Reset#Pass2025' } });
      expect(mismatch.json().code).toBe('PASSWORDS_DO_NOT_MATCH');

      const ok = await ctx.call('POST', '/api/auth/reset-password', { body: { id: link.id, unique_key: link.key, new_password: 'Reset#Pass2024', confirm_password: 'Reset#Pass2024' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: SUCCESS_MESSAGES.PASSWORD_RESET });
      expect((await ctx.call('GET', '/api/auth/me', { token: user.token })).statusCode).toBe(401);
      expect((await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'Reset#Pass2024' } })).statusCode).toBe(200);

      const reuse = await ctx.call('POST', '/api/auth/reset-password', { body: { id: link.id, unique_key: link.key, new_password: 'Other#Pass2024', confirm_password: 'Other#Pass2024' } });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toMatchObject({ code: 'INVALID_RESET_LINK', message: ERROR_MESSAGES.INVALID_RESET_LINK });
      expect((await ctx.call('GET', `/api/auth/reset-password/${link.id}/${link.key}`)).json()).toEqual({ data: { valid: false } });
    });

    it('refuses an expired link, a wrong secret, and a link replaced by a newer one', async () => {
      const user = await ctx.staff(['dashboard']);
      const link = await recoveryLink(user.email);
      const body = { id: link.id, unique_key: `${link.key.slice(0, -2)}xx`, new_password: 'Reset#Pass2024', confirm_password: 'Reset#Pass2024' };
      expect((await ctx.call('POST', '/api/auth/reset-password', { body })).json().code).toBe('INVALID_RESET_LINK');

      await ctx.db.query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE id = $1", [link.id]);
      expect((await ctx.call('GET', `/api/auth/reset-password/${link.id}/${link.key}`)).json().data.valid).toBe(false);
      expect((await ctx.call('POST', '/api/auth/reset-password', { body: { ...body, unique_key: link.key } })).json().code).toBe('INVALID_RESET_LINK');

      const older = await recoveryLink(user.email);
      const newer = await recoveryLink(user.email);
      expect((await ctx.call('GET', `/api/auth/reset-password/${older.id}/${older.key}`)).json().data.valid).toBe(false);
      expect((await ctx.call('GET', `/api/auth/reset-password/${newer.id}/${newer.key}`)).json().data.valid).toBe(true);
    });

    it('turns a first-access account active (the mailbox proved it)', async () => {
      const user = await firstAccessUser();
      const link = await recoveryLink(user.email);
      await ctx.call('POST', '/api/auth/reset-password', { body: { id: link.id, unique_key: link.key, new_password: 'Reset#Pass2024', confirm_password: 'Reset#Pass2024' } });
      const login = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'Reset#Pass2024' } });
      expect(login.json().data.status).toBe('active');
    });
  });

  describe('first access', () => {
    it('mails a 6-digit code on sign-in and gates every other call with FIRST_ACCESS_REQUIRED', async () => {
      const user = await firstAccessUser();
      expect(await latestCode(user.email)).toMatch(/^\d{6}$/);
      const stored = await ctx.db.query<{ code_hash: string; minutes: number }>(
        'SELECT code_hash, EXTRACT(EPOCH FROM (expires_at - now())) / 60 AS minutes FROM verification_codes WHERE user_id = $1',
        [user.id],
      );
      expect(stored[0]?.code_hash).not.toContain(await latestCode(user.email));
      expect(Number(stored[0]?.minutes)).toBeGreaterThan(14);
      expect(Number(stored[0]?.minutes)).toBeLessThanOrEqual(15);

      const gated = await ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: user.token, body: { biography: 'x' } });
      expect(gated.statusCode).toBe(403);
      expect(gated.json()).toMatchObject({ code: 'FIRST_ACCESS_REQUIRED', message: ERROR_MESSAGES.FIRST_ACCESS_REQUIRED });
      expect((await ctx.call('PUT', '/api/user/user-reset-password', { token: user.token, body: { current_password: 'a', new_password: 'b', confirm_password: 'c' } })).json().code).toBe('FIRST_ACCESS_REQUIRED');
      // Allowed while first-access: own record, own active routes, me, logout.
      expect((await ctx.call('GET', `/api/user/user/${user.id}`, { token: user.token })).statusCode).toBe(200);
      expect((await ctx.call('GET', `/api/user/user/${ctx.admin.id}`, { token: user.token })).json().code).toBe('FIRST_ACCESS_REQUIRED');
      expect((await ctx.call('GET', `/api/user/user/user-active-routes/${user.id}/dashboard`, { token: user.token })).json().data.allowed).toBe(true);
      expect((await ctx.call('GET', '/api/auth/me', { token: user.token })).statusCode).toBe(200);
    });

    it('verify-code: wrong code, wrong email, then the right code verifies once', async () => {
      const user = await firstAccessUser();
      const code = await latestCode(user.email);
      const wrongEmail = await ctx.call('POST', '/api/auth/verify-code', { token: user.token, body: { email: ctx.admin.email, code } });
      expect(wrongEmail.json()).toMatchObject({ code: 'INVALID_CODE_OR_EMAIL', message: 'Invalid code or user email' });
      const wrong = await ctx.call('POST', '/api/auth/verify-code', { token: user.token, body: { email: user.email, code: code === '000000' ? '111111' : '000000' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE', message: 'Invalid code' });
      const ok = await ctx.call('POST', '/api/auth/verify-code', { token: user.token, body: { email: user.email, code } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe(SUCCESS_MESSAGES.ACCOUNT_VERIFIED);
      const verified = await ctx.db.query<{ verified_at: Date | null }>('SELECT verified_at FROM users WHERE id = $1', [user.id]);
      expect(verified[0]?.verified_at).not.toBeNull();
    });

    it('verify-code: 5 wrong attempts lock the code (TOO_MANY_ATTEMPTS), even the right one after', async () => {
      const user = await firstAccessUser();
      const code = await latestCode(user.email);
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i += 1) {
        expect((await ctx.call('POST', '/api/auth/verify-code', { token: user.token, body: { email: user.email, code: wrongCode } })).json().code).toBe('INVALID_CODE');
      }
      const fifth = await ctx.call('POST', '/api/auth/verify-code', { token: user.token, body: { email: user.email, code: wrongCode } });
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: ERROR_MESSAGES.TOO_MANY_ATTEMPTS });
      expect((await ctx.call('POST', '/api/auth/verify-code', { token: user.token, body: { email: user.email, code } })).json().code).toBe('TOO_MANY_ATTEMPTS');
    });

    it('verify-code: an expired code answers CODE_EXPIRED', async () => {
      const user = await firstAccessUser();
      const code = await latestCode(user.email);
      await ctx.db.query("UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);
      const res = await ctx.call('POST', '/api/auth/verify-code', { token: user.token, body: { email: user.email, code } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'CODE_EXPIRED', message: ERROR_MESSAGES.CODE_EXPIRED });
    });

    it('resend-code: one per minute; the new code replaces the old one', async () => {
      const user = await firstAccessUser();
      const first = await latestCode(user.email);
      const tooSoon = await ctx.call('POST', '/api/auth/resend-code', { token: user.token, body: { email: user.email } });
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().code).toBe('RATE_LIMITED');
      expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);

      await ctx.db.query("UPDATE verification_codes SET created_at = created_at - interval '61 seconds' WHERE user_id = $1", [user.id]);
      const again = await ctx.call('POST', '/api/auth/resend-code', { token: user.token, body: { email: user.email } });
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe(SUCCESS_MESSAGES.CODE_SENT);
      expect(await readOutbox(ctx.db, user.email)).toHaveLength(2);
      const second = await latestCode(user.email);
      if (second !== first) {
        expect((await ctx.call('POST', '/api/auth/verify-code', { token: user.token, body: { email: user.email, code: first } })).json().code).toBe('INVALID_CODE');
      }
      expect((await ctx.call('POST', '/api/auth/verify-code', { token: user.token, body: { email: user.email, code: second } })).statusCode).toBe(200);
      expect((await ctx.call('POST', '/api/auth/resend-code', { token: user.token, body: { email: ctx.admin.email } })).json().code).toBe('INVALID_CODE_OR_EMAIL');
    });

    it('first-access: needs verification, applies the policy, then activates the user', async () => {
      const user = await firstAccessUser();
      const body = { new_password: 'Mine#Pass2024', confirm_password: 'Mine#Pass2024' };
      const unverified = await ctx.call('POST', '/api/auth/first-access', { token: user.token, body });
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json().code).toBe('ACCESS_DENIED');

      await ctx.call('POST', '/api/auth/verify-code', { token: user.token, body: { email: user.email, code: await latestCode(user.email) } });
      const weak = await ctx.call('POST', '/api/auth/first-access', { token: user.token, body: { new_password: 'mine', confirm_password: 'mine' } });
      expect(weak.json().code).toBe('WEAK_PASSWORD');
      const empty = await ctx.call('POST', '/api/auth/first-access', { token: user.token, body: { new_password: '', confirm_password: '' } });
      expect(empty.json()).toMatchObject({ code: 'PASSWORD_FIELDS_REQUIRED', message: 'All password fields must be filled' });

      const ok = await ctx.call('POST', '/api/auth/first-access', { token: user.token, body });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ message: SUCCESS_MESSAGES.PASSWORD_RESET, data: { id: user.id, status: 'active' } });
      // The same session continues, no longer gated.
      expect((await ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, { token: user.token, body: { biography: 'Olá' } })).statusCode).toBe(200);
      expect((await ctx.call('POST', '/api/auth/first-access', { token: user.token, body })).statusCode).toBe(403);
      expect((await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'Mine#Pass2024' } })).statusCode).toBe(200);
    });
  });
});
