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
