import { BACKENDS, setupApp, type TestContext } from '../helpers';

describe.each(BACKENDS)('personal answers are not stored by any cache (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  it.each([
    ['GET', '/api/auth/me', undefined],
    ['POST', '/api/user/users-list', {}],
    ['GET', '/api/user/user/1', undefined],
    ['POST', '/api/article/articles-list', {}],
    ['POST', '/api/category/categories-list', {}],
    ['GET', '/api/seo/seo', undefined],
  ] as const)('%s %s → Cache-Control: no-store (signed in, and on its 401)', async (method, url, body) => {
    const res = await ctx.call(method, url, { token: ctx.admin.token, ...(body ? { body } : {}) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const anonymous = await ctx.call(method, url, body ? { body } : {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('sign-in answers (with their token) and auth errors are no-store', async () => {
    const ok = await ctx.call('POST', '/api/auth/auth', { body: { email: ctx.admin.email, password: ctx.admin.password }, remoteAddress: '10.7.0.1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const bad = await ctx.call('POST', '/api/auth/auth', { body: { email: ctx.admin.email, password: 'Wrong#Pass1' }, remoteAddress: '10.7.0.2' });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['cache-control']).toBe('no-store');
  });

  it('public answers keep their shared-cache policy', async () => {
    const res = await ctx.call('GET', '/api/public/articles');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
    expect(res.headers['cache-control']).toMatch(/public/);
  });
});
