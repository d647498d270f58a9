import { ERROR_MESSAGES, ERROR_CODES } from '@vitrine/contracts';
import { SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { sha256 } from '../../src/lib/security';
import { BACKENDS, setupApp, type TestContext } from '../helpers';

describe.each(BACKENDS)('auth: sign-in, sessions, throttling (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  it('signs in and answers the user, an opaque token and its expiry', async () => {
    const res = await ctx.call('POST', '/api/auth/auth', { body: { email: ctx.admin.email, password: ctx.admin.password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(SUCCESS_MESSAGES.LOGIN);
    expect(body.data).toMatchObject({ email: ctx.admin.email, status: 'active' });
    expect(body.data.password_hash).toBeUndefined();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
  });

  it('keeps a remembered session for 30 days', async () => {
    const res = await ctx.call('POST', '/api/auth/auth', { body: { email: ctx.admin.email, password: ctx.admin.password, remember: true } });
    const days = (Date.parse(res.json().expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
  });

  it('accepts the email in any case', async () => {
    const res = await ctx.call('POST', '/api/auth/auth', { body: { email: ctx.admin.email.toUpperCase(), password: ctx.admin.password } });
    expect(res.statusCode).toBe(200);
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = await ctx.login(ctx.admin.email, ctx.admin.password);
    const rows = await ctx.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.some((r) => r.token_hash === sha256(token))).toBe(true);
  });

  it.each([
    ['a wrong password', () => ({ email: ctx.admin.email, password: 'Wrong#Pass1' })],
    ['an unknown email', () => ({ email: 'nobody@vitrine.test', password: 'Wrong#Pass1' })],
  ])('answers 401 Invalid credentials for %s', async (_label, body) => {
    const res = await ctx.call('POST', '/api/auth/auth', { body: body(), remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: true, statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });
  });

  it.each([
    ['inactive', 'ACCOUNT_INACTIVE', 'Account is inactive'],
    ['blocked', 'ACCOUNT_BLOCKED', 'Account is blocked'],
  ])('rejects an %s account, but only to someone who knows the password', async (status, code, message) => {
    const user = await ctx.staff(['dashboard'], { status });
    const wrong = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'Wrong#Pass1' } });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const right = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password } });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code, message });
  });

  it('answers 401 UNAUTHORIZED without, or with an unknown, token', async () => {
    const none = await ctx.call('GET', '/api/auth/me');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED });
    const bad = await ctx.call('GET', '/api/auth/me', { token: 'not-a-real-token' });
    expect(bad.json().code).toBe('UNAUTHORIZED');
    const malformed = await ctx.call('GET', '/api/auth/me', { headers: { authorization: 'Basic abc' } });
    expect(malformed.json().code).toBe('UNAUTHORIZED');
  });

  it('answers 401 SESSION_EXPIRED for an expired token', async () => {
    const token = await ctx.login(ctx.admin.email, ctx.admin.password);
    await ctx.db.query("UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1", [sha256(token)]);
    const res = await ctx.call('GET', '/api/auth/me', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.SESSION_EXPIRED, message: ERROR_MESSAGES.SESSION_EXPIRED });
  });

  it('GET /auth/me answers the user and roles', async () => {
    const res = await ctx.call('GET', '/api/auth/me', { token: ctx.admin.token });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user.email).toBe(ctx.admin.email);
    expect(data.roles.map((r: { name: string }) => r.name).sort()).toEqual(
      ['article_management', 'dashboard', 'settings', 'site_editor', 'user_management'],
    );
  });

  it('logout revokes the session (token in the body or bearer header, with its proof cookie), clears the cookie and is idempotent', async () => {
    const token = await ctx.login(ctx.admin.email, ctx.admin.password);
    const { cookie } = ctx.authHeaders(token);
    const res = await ctx.call('POST', '/api/auth/auth/logout', { body: { token }, headers: { cookie: cookie as string } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SUCCESS_MESSAGES.LOGOUT });
    expect(String(res.headers['set-cookie'])).toMatch(/^vt_session=; Path=\/api; Max-Age=0; HttpOnly; SameSite=Strict/);
    expect((await ctx.call('GET', '/api/auth/me', { token })).json().code).toBe('UNAUTHORIZED');
    const revoked = await ctx.db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM sessions WHERE token_hash = $1', [sha256(token)]);
    expect(revoked[0]?.revoked_at).not.toBeNull();
    expect((await ctx.call('POST', '/api/auth/auth/logout', { body: { token } })).statusCode).toBe(200);

    const other = await ctx.login(ctx.admin.email, ctx.admin.password);
    expect((await ctx.call('POST', '/api/auth/auth/logout', { token: other })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/auth/me', { token: other })).statusCode).toBe(401);
  });

  it('a token copied out of the page is worthless without its proof cookie, and cannot even sign its owner out', async () => {
    const login = await ctx.call('POST', '/api/auth/auth', { body: { email: ctx.admin.email, password: ctx.admin.password }, remoteAddress: '10.4.4.4' });
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/^vt_session=[A-Za-z0-9_-]{43}; Path=\/api; Max-Age=28800; HttpOnly; SameSite=Strict$/);
    const { token } = login.json() as { token: string };
    expect(JSON.stringify(login.json())).not.toContain(setCookie.split(';')[0]?.split('=')[1]);
    const copied = { authorization: `Bearer ${token}` };
    const alone = await ctx.call('GET', '/api/auth/me', { headers: copied });
    expect(alone.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    const forged = await ctx.call('GET', '/api/auth/me', { headers: { ...copied, cookie: 'vt_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } });
    expect(forged.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    // A proof that matches nothing is cleared in the browser.
    expect(String(forged.headers['set-cookie'])).toMatch(/^vt_session=; Path=\/api; Max-Age=0/);
    // Another session's proof does not fit either.
    const mine = await ctx.login(ctx.admin.email, ctx.admin.password);
    const crossed = await ctx.call('GET', '/api/auth/me', { headers: { ...copied, cookie: ctx.authHeaders(mine).cookie as string } });
    expect(crossed.statusCode).toBe(401);
    // The proof alone is not a session either.
    expect((await ctx.call('GET', '/api/auth/me', { headers: { cookie: ctx.authHeaders(token).cookie as string } })).statusCode).toBe(401);
    // Whoever holds only the token cannot sign the owner out.
    expect((await ctx.call('POST', '/api/auth/auth/logout', { body: { token } })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/auth/me', { token })).statusCode).toBe(200);
  });

  it('the proof cookie is Secure when the site is served over HTTPS, and lives as long as a remembered session', async () => {
    const login = await ctx.call('POST', '/api/auth/auth', {
      body: { email: ctx.admin.email, password: ctx.admin.password, remember: true },
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.4.4.5',
    });
    // Without TRUST_PROXY the forwarded protocol is not believed; PUBLIC_URL says http here.
    expect(String(login.headers['set-cookie'])).toMatch(/; Max-Age=2592000; HttpOnly; SameSite=Strict$/);
    // The site's public address says HTTPS (a TLS-terminating proxy in front): the cookie is Secure.
    const config = ctx.app.config as { publicUrl: string };
    const publicUrl = config.publicUrl;
    config.publicUrl = 'https://vitrine.test';
    try {
      const res = await ctx.call('POST', '/api/auth/auth', { body: { email: ctx.admin.email, password: ctx.admin.password }, remoteAddress: '10.4.4.6' });
      expect(String(res.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    } finally {
      config.publicUrl = publicUrl;
    }
  });

  it('a session from before proofs existed is refused (its user signs in again)', async () => {
    const token = await ctx.login(ctx.admin.email, ctx.admin.password);
    await ctx.db.query('UPDATE sessions SET proof_hash = NULL WHERE token_hash = $1', [sha256(token)]);
    expect((await ctx.call('GET', '/api/auth/me', { token })).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('failed sign-ins are counted per account and address: the attacker\'s address gets 429 (Retry-After), the owner signs in from elsewhere', async () => {
    const user = await ctx.staff(['dashboard']);
    for (let i = 0; i < 5; i += 1) {
      const res = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'Wrong#Pass1' }, remoteAddress: '10.1.0.1' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.1.0.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    const owner = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.1.1.1' });
    expect(owner.statusCode).toBe(200);

    await ctx.db.query("UPDATE login_attempts SET created_at = now() - interval '16 minutes' WHERE email = $1", [user.email]);
    const later = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.1.0.1' });
    expect(later.statusCode).toBe(200);
  });

  it('failures from several addresses: up to 10 an hour, the owner still signs in with the password alone', async () => {
    const user = await ctx.staff(['dashboard']);
    for (let i = 0; i < 9; i += 1) {
      const res = await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'Wrong#Pass1' }, remoteAddress: `10.1.2.${i}` });
      expect(res.statusCode).toBe(401);
    }
    expect((await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.1.3.1' })).statusCode).toBe(200);
    // An hour later the account's count starts again.
    await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'Wrong#Pass1' }, remoteAddress: '10.1.2.100' });
    expect((await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.1.3.1' })).json().code).toBe('SIGN_IN_CODE_REQUIRED');
    await ctx.db.query("UPDATE login_attempts SET created_at = now() - interval '61 minutes' WHERE email = $1", [user.email]);
    expect((await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.1.3.1' })).statusCode).toBe(200);
  });

  it('a successful sign-in forgives earlier failures of the account from that address', async () => {
    const user = await ctx.staff(['dashboard']);
    for (let i = 0; i < 4; i += 1) await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'Wrong#Pass1' }, remoteAddress: '10.2.0.1' });
    expect((await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.2.0.1' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: 'Wrong#Pass1' }, remoteAddress: '10.2.0.1' });
    expect((await ctx.call('POST', '/api/auth/auth', { body: { email: user.email, password: user.password }, remoteAddress: '10.2.0.1' })).statusCode).toBe(200);
  });

  it('throttles a client address after 20 failures over any accounts', async () => {
    const ip = '10.3.3.3';
    for (let i = 0; i < 20; i += 1) {
      await ctx.call('POST', '/api/auth/auth', { body: { email: `ghost${i}@vitrine.test`, password: 'Wrong#Pass1' }, remoteAddress: ip });
    }
    const res = await ctx.call('POST', '/api/auth/auth', { body: { email: ctx.admin.email, password: ctx.admin.password }, remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    const elsewhere = await ctx.call('POST', '/api/auth/auth', { body: { email: ctx.admin.email, password: ctx.admin.password }, remoteAddress: '10.3.3.4' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('a deactivated user loses their sessions', async () => {
    const user = await ctx.staff(['dashboard']);
    const res = await ctx.call('PUT', `/api/user/user-change-status/${user.id}/${user.unique_key}`, { token: ctx.admin.token, body: { status: 'inactive' } });
    expect(res.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/auth/me', { token: user.token })).statusCode).toBe(401);
  });
});
