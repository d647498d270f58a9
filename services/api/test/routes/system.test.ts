import type { Db } from '../../src/db';
import { buildApp } from '../../src/app';
import { BACKENDS, setupApp, testConfig, type TestContext } from '../helpers';

describe.each(BACKENDS)('health, readiness, OpenAPI (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  it('GET /api/health answers without the database', async () => {
    const res = await ctx.call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('GET /api/ready runs SELECT 1', async () => {
    const res = await ctx.call('GET', '/api/ready');
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document with every documented API path and the bearer scheme', async () => {
    const res = await ctx.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/auth/auth',
      '/api/auth/auth/logout',
      '/api/user/user/{id}',
      '/api/user/user-reset-password',
      '/api/user/user',
      '/api/user/users-list',
      '/api/user/user/{id}/{unique_key}',
      '/api/user/user-change-status/{id}/{unique_key}',
      '/api/user/user/user-active-routes/{id}/{flag}',
      '/api/user/user/recent-updated-users/{x}',
      '/api/user/user/data-user-router-public/{x}/{y}',
      '/api/seo/public-seo',
      '/api/seo/seo',
      '/api/seo/seo/{id}/{unique_key}',
      '/api/auth/recover-password',
      '/api/auth/reset-password/{id}/{unique_key}',
      '/api/auth/reset-password',
      '/api/auth/first-access',
      '/api/auth/verify-code',
      '/api/auth/resend-code',
      '/api/auth/me',
    ]) {
      expect(paths).toContain(path);
    }
    expect(doc.paths['/api/user/users-list'].post.security).toEqual([{ bearerAuth: [] }]);
    const ui = await ctx.call('GET', '/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('readiness with a failing database', () => {
  it('answers 503 DATABASE_UNAVAILABLE', async () => {
    const broken: Db = {
      kind: 'pglite',
      query: () => Promise.reject(new Error('connection refused')),
      exec: () => Promise.reject(new Error('connection refused')),
      transaction: () => Promise.reject(new Error('connection refused')),
      close: () => Promise.resolve(),
    };
    const app = await buildApp({ config: testConfig(), db: broken, logger: false });
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', message: expect.stringMatching(/database/) });
    expect(res.headers['retry-after']).toBe('5');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });
});
