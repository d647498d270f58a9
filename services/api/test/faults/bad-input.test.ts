import { ERROR_MESSAGES } from '@vitrine/contracts';
import { jsonNestingExceeds, MAX_BODY_DEPTH } from '../../src/plugins/validation';
import { BACKENDS, setupApp, type TestContext } from '../helpers';

type Call = [method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, property: string, table?: string];

describe.each(BACKENDS)('NUL bytes are refused at validation, one rule for every string (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  const NUL = '\u0000';
  const calls = (): Call[] => [
    ['GET', '/api/public/search?q=%00', undefined, 'q'],
    ['GET', '/api/public/search?q=caf%00e', undefined, 'q'],
    ['GET', '/api/public/articles?search=a%00', undefined, 'search'],
    ['GET', '/api/public/article/1/ab%00cd', undefined, 'unique_key'],
    ['POST', '/api/auth/auth', { email: `admin${NUL}@vitrine.test`, password: 'x' }, 'email', 'login_attempts'],
    ['POST', '/api/user/users-list', { search: `adm${NUL}` }, 'search'],
    ['POST', '/api/category/categories-list', { search: NUL }, 'search'],
    ['POST', '/api/article/articles-list', { search: `x${NUL}y` }, 'search'],
    [
      'POST',
      '/api/user/user',
      { name: `Li${NUL}a`, last_name: 'Rocha', email: 'lia.nul@vitrine.test', position: 'Designer', type: 'operational', accesses: ['dashboard'], created_by: ctx.admin.id, created_by_unique_key: ctx.admin.unique_key },
      'name',
      'users',
    ],
    ['POST', '/api/category/category', { name: 'Gestão', description: `Times${NUL}`, text_color: '#ffffff', background_color: '#0a3d62' }, 'description', 'categories'],
    ['POST', '/api/seo/seo', { title: `T${NUL}`, description: 'd', keywords: ['k'] }, 'title', 'seo_entries'],
    ['POST', '/api/article/article', { title: 'Um título', content: '<p>x</p>', categories: [`a${NUL}`] }, 'categories.0', 'articles'],
  ];

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])('case %i: 400 VALIDATION_ERROR naming the property, nothing stored', async (index) => {
    const [method, url, body, property, table] = calls()[index] as Call;
    const before = table ? await ctx.count(table) : 0;
    const res = await ctx.call(method, url, { token: ctx.admin.token, ...(body !== undefined ? { body } : {}) });
    expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
    expect(res.json()).toMatchObject({ error: true, statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(res.json().errors).toContainEqual({ property, message: { isValid: `${property} must not contain a NUL character` } });
    if (table) expect(await ctx.count(table)).toBe(before);
  });

  it('a NUL inside a nested object key is named too', async () => {
    const res = await ctx.call('POST', '/api/user/users-list', { token: ctx.admin.token, body: { filters: { [`a${NUL}`]: 1 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ property: 'filters.a\\0', message: { isValid: 'filters.a\\0 must not contain a NUL character' } });
  });
});

describe('how deep a JSON body nests is measured on its text', () => {
  it('counts arrays and objects, never brackets inside strings or escaped quotes', () => {
    expect(jsonNestingExceeds(`${'['.repeat(64)}${']'.repeat(64)}`, 64)).toBe(false);
    expect(jsonNestingExceeds(`${'['.repeat(65)}${']'.repeat(65)}`, 64)).toBe(true);
    expect(jsonNestingExceeds(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`, 64)).toBe(true);
    expect(jsonNestingExceeds(JSON.stringify({ q: '['.repeat(1000) }), 64)).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ q: `\\"${'{'.repeat(1000)}` }), 64)).toBe(false);
    // A closed string starts counting again.
    expect(jsonNestingExceeds(`["\\\\",${'['.repeat(64)}${']'.repeat(64)}]`, 64)).toBe(true);
  });
});

/** Every route whose schema takes a JSON body (from the app's OpenAPI document), its path parameters filled in. */
function jsonBodyRoutes(ctx: TestContext): { method: string; url: string; open: boolean }[] {
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> }; security?: unknown[] }>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody?.content?.['application/json'])
      .map(([method, operation]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1'), open: !operation.security })),
  );
}

describe.each(BACKENDS)('a JSON body nested deeper than MAX_BODY_DEPTH is a 400 on every route that takes one (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  const arrays = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  const objects = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
  const tooDeep = { property: 'body', message: { maxDepth: `body must not nest arrays and objects more than ${MAX_BODY_DEPTH} levels deep` } };
  const send = (method: string, url: string, payload: string, token?: string, contentType = 'application/json') =>
    ctx.call(method as 'POST', url, { token, body: payload, headers: { 'content-type': contentType }, remoteAddress: '10.77.0.1' });

  it('every route, signed in as the admin, and the public ones anonymously: 400 VALIDATION_ERROR naming the body, nothing stored', async () => {
    const routes = jsonBodyRoutes(ctx);
    expect(routes.length).toBeGreaterThanOrEqual(41);
    const tables = ['users', 'sessions', 'articles', 'categories', 'seo_entries', 'messages', 'leads', 'faq_entries', 'site_settings', 'outbox'];
    const before = await Promise.all(tables.map((t) => ctx.count(t)));
    const answers: Record<string, number> = {};
    for (const { method, url, open } of routes) {
      for (const body of [arrays, objects]) {
        for (const token of open ? [undefined, ctx.admin.token] : [ctx.admin.token]) {
          const res = await send(method, url, body, token);
          answers[`${method} ${url} ${token ? 'admin' : 'anonymous'}`] = res.statusCode;
          if (res.statusCode === 400) expect(res.json()).toEqual({ error: true, statusCode: 400, code: 'VALIDATION_ERROR', message: ERROR_MESSAGES.VALIDATION_ERROR, errors: [tooDeep] });
        }
      }
    }
    // The release control routes answer only the release command's own token on this machine: anyone else is refused
    // (401) before the body is read.
    const control = (key: string) => key.includes('/api/system/release-control/');
    expect(Object.entries(answers).filter(([key, status]) => !control(key) && status !== 400)).toEqual([]);
    expect(Object.entries(answers).filter(([key, status]) => control(key) && status !== 401)).toEqual([]);
    expect(await Promise.all(tables.map((t) => ctx.count(t)))).toEqual(before);
    // The admin's session is untouched (the sign-out route refused its body too).
    expect((await ctx.call('GET', '/api/auth/me', { token: ctx.admin.token })).statusCode).toBe(200);
    // About 170 requests of 100-120 KB, each refused after one pass over its text: well under a second here.
  }, 120_000);

  it(`${MAX_BODY_DEPTH} levels are read as usual, one more is refused; a charset parameter changes nothing`, async () => {
    const nested = (depth: number) => JSON.stringify({ search: 'x', filters: JSON.parse(`${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}`) as unknown });
    const atLimit = await send('POST', '/api/user/users-list', nested(MAX_BODY_DEPTH), ctx.admin.token);
    expect(atLimit.statusCode).toBe(400);
    // Refused by the route's schema (an unknown field), not by the depth rule.
    expect(atLimit.json().errors).toContainEqual({ property: 'filters', message: { whitelistValidation: 'property filters should not exist' } });
    const over = await send('POST', '/api/user/users-list', nested(MAX_BODY_DEPTH + 1), ctx.admin.token, 'application/json; charset=utf-8');
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual([tooDeep]);
    // Brackets inside a string are text.
    const text = await send('POST', '/api/user/users-list', JSON.stringify({ search: '['.repeat(90) }), ctx.admin.token);
    expect(text.statusCode).toBe(200);
  });

  it('malformed and prototype-poisoning bodies keep their answer (MALFORMED_JSON)', async () => {
    for (const body of ['{"email":', '', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      const res = await send('POST', '/api/auth/auth', body);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status: 400, code: 'MALFORMED_JSON' });
    }
  });
});
