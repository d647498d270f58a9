import { BACKENDS, setupApp, type TestContext } from './helpers';

describe.each(BACKENDS)('smoke (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  it('answers me', async () => {
    const res = await ctx.call('GET', '/api/auth/me', { token: ctx.admin.token });
    expect(res.statusCode).toBe(200);
    console.log(res.body);
    const docs = await ctx.call('GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
  });
});
