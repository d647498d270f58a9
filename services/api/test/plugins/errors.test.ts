import { ERROR_MESSAGES } from '@vitrine/contracts';
import { BACKENDS, setupApp, type TestContext } from '../helpers';

describe.each(BACKENDS)('bad input and the error envelope (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
    ctx.app.log.level = 'silent';
  }, 60_000);
  afterAll(() => ctx.close());

  const valid = () => ({
    name: 'Lia',
    last_name: 'Rocha',
    email: `lia.${Math.random().toString(36).slice(2, 8)}@vitrine.test`,
    position: 'Designer',
    type: 'operational',
    accesses: ['dashboard'],
    created_by: ctx.admin.id,
    created_by_unique_key: ctx.admin.unique_key,
  });

  async function post(body: unknown, headers: Record<string, string> = {}) {
    const before = await ctx.count('users');
    const res = await ctx.call('POST', '/api/user/user', { token: ctx.admin.token, body, headers });
    expect(await ctx.count('users')).toBe(before);
    expect(res.statusCode).not.toBe(500);
    return res;
  }

  const errorsOf = (res: { json(): { errors: { property: string; message: Record<string, string> }[] } }) =>
    Object.fromEntries(res.json().errors.map((e) => [e.property, e.message]));

  it('missing fields → isNotEmpty (email: Invalid email address)', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    const errors = errorsOf(res);
    expect(errors.name).toEqual({ isNotEmpty: 'name is required' });
    expect(errors.last_name).toEqual({ isNotEmpty: 'last_name is required' });
    expect(errors.email).toEqual({ isNotEmpty: 'Invalid email address' });
    expect(errors.accesses).toEqual({ isNotEmpty: 'accesses is required' });
  });

  it('a request without a body lists the required fields', async () => {
    const res = await ctx.call('POST', '/api/auth/auth');
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ email: { isNotEmpty: 'Invalid email address' }, password: { isNotEmpty: 'password is required' } });
  });

  it('wrong types → isString / isInt / isArray / isBoolean, never coerced in a body', async () => {
    const res = await post({ ...valid(), name: 123, created_by: '1', accesses: 'dashboard', phone: 5 });
    expect(res.statusCode).toBe(400);
    const errors = errorsOf(res);
    expect(errors.name).toEqual({ isString: 'name must be a string' });
    expect(errors.created_by).toEqual({ isInt: 'created_by must be an integer number' });
    expect(errors.accesses).toEqual({ isArray: 'accesses must be an array' });
    expect(errors.phone).toEqual({ isString: 'phone must be a string' });
    const login = await ctx.call('POST', '/api/auth/auth', { body: { email: ctx.admin.email, password: ctx.admin.password, remember: 'yes' } });
    expect(errorsOf(login).remember).toEqual({ isBoolean: 'remember must be a boolean value' });
  });

  it('enum and email pattern → isEnum / isEmail', async () => {
    const res = await post({ ...valid(), type: 'boss', gender: 'x', accesses: ['root'], email: 'nome@dominio' });
    const errors = errorsOf(res);
    expect(errors.type?.isEnum).toBe('type must be one of the following values: admin, manager, operational, internship, ceo, marketing_director');
    expect(errors.gender?.isEnum).toBeDefined();
    expect(errors['accesses.0']?.isEnum).toBeDefined();
    expect(errors.email).toEqual({ isEmail: 'Invalid email address' });
  });

  it('too long strings → maxLength; duplicate accesses → arrayUnique', async () => {
    const res = await post({ ...valid(), name: 'a'.repeat(81), biography: 'b'.repeat(2001), accesses: ['dashboard', 'dashboard'] });
    const errors = errorsOf(res);
    expect(errors.name).toEqual({ maxLength: 'name must be shorter than or equal to 80 characters' });
    expect(errors.biography).toEqual({ maxLength: 'biography must be shorter than or equal to 2000 characters' });
    expect(errors.accesses).toEqual({ arrayUnique: "All accesses's elements must be unique" });
  });

  it('unknown fields → whitelistValidation', async () => {
    const res = await post({ ...valid(), status: 'active', is_admin: true });
    const errors = errorsOf(res);
    expect(errors.status).toEqual({ whitelistValidation: 'property status should not exist' });
    expect(errors.is_admin).toEqual({ whitelistValidation: 'property is_admin should not exist' });
  });

  it('params are coerced and validated', async () => {
    const res = await ctx.call('GET', '/api/user/user/abc', { token: ctx.admin.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ property: 'id', message: { isInt: 'id must be an integer number' } }]);
    const key = await ctx.call('DELETE', `/api/user/user/1/${'k'.repeat(65)}`, { token: ctx.admin.token });
    expect(key.json().errors[0].message.maxLength).toBeDefined();
  });

  it('malformed JSON → 400 MALFORMED_JSON', async () => {
    const res = await post('{"name": ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: true, statusCode: 400, code: 'MALFORMED_JSON', message: ERROR_MESSAGES.MALFORMED_JSON });
  });

  it('too large → 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await post(JSON.stringify({ ...valid(), biography: 'x'.repeat(1_100_000) }), { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('wrong content type → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await post('name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('unknown route → 404 NOT_FOUND envelope', async () => {
    const res = await ctx.call('GET', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  });

  it('an unexpected failure → 500 with the generic message, no internals', async () => {
    await ctx.db.exec('ALTER TABLE seo_entries RENAME TO seo_entries_moved');
    try {
      const res = await ctx.call('GET', '/api/seo/public-seo');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: true, statusCode: 500, code: 'INTERNAL_ERROR', message: ERROR_MESSAGES.INTERNAL_ERROR });
      expect(res.body).not.toContain('seo_entries');
    } finally {
      await ctx.db.exec('ALTER TABLE seo_entries_moved RENAME TO seo_entries');
    }
  });
});
