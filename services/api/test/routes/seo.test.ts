import { SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { BACKENDS, setupApp, type TestContext } from '../helpers';

describe.each(BACKENDS)('seo (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  const entry = { name: 'Google Tag', head_markup: '<meta name="robots" content="index">', body_markup: '<noscript>oi</noscript>' };

  it('creates, lists and updates entries with the settings access', async () => {
    const created = await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: entry });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: SUCCESS_MESSAGES.SEO_CREATED, data: { ...entry, active: true } });
    const { id, unique_key } = created.json().data;

    const list = await ctx.call('GET', '/api/seo/seo', { token: ctx.admin.token });
    expect(list.json().data.map((e: { id: number }) => e.id)).toContain(id);

    const updated = await ctx.call('PUT', `/api/seo/seo/${id}/${unique_key}`, { token: ctx.admin.token, body: { active: false } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: SUCCESS_MESSAGES.SEO_UPDATED, data: { id, active: false, name: entry.name } });

    const mismatch = await ctx.call('PUT', `/api/seo/seo/${id}/wrongkey`, { token: ctx.admin.token, body: { active: true } });
    expect(mismatch.statusCode).toBe(404);
    expect(mismatch.json().code).toBe('NOT_FOUND');
  });

  it('public-seo answers the active entries without a token', async () => {
    const active = (await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, name: 'Ativa', head_markup: '<meta name="x" content="ativa">' } })).json().data;
    await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, name: 'Inativa', head_markup: '<meta name="x" content="inativa">', active: false } });
    const res = await ctx.call('GET', '/api/seo/public-seo');
    expect(res.statusCode).toBe(200);
    const items = res.json().data as { head_markup: string; body_markup: string }[];
    expect(items).toContainEqual({ head_markup: active.head_markup, body_markup: active.body_markup });
    expect(items.some((i) => i.head_markup.includes('inativa'))).toBe(false);
    expect(Object.keys(items[0] ?? {})).toEqual(['head_markup', 'body_markup']);
  });

  it('SEO reads and writes need the settings access (ARCHITECTURE §5.1): no unauthenticated update', async () => {
    const created = (await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: entry })).json().data;
    const marketing = await ctx.staff(['site_editor', 'dashboard', 'article_management', 'user_management']);
    const before = await ctx.count('seo_entries');
    expect((await ctx.call('POST', '/api/seo/seo', { token: marketing.token, body: entry })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/seo/seo', { token: marketing.token })).statusCode).toBe(403);
    expect((await ctx.call('PUT', `/api/seo/seo/${created.id}/${created.unique_key}`, { token: marketing.token, body: { active: false } })).json().code).toBe('ACCESS_DENIED');
    expect((await ctx.call('PUT', `/api/seo/seo/${created.id}/${created.unique_key}`, { body: { head_markup: '<script>alert(1)</script>' } })).statusCode).toBe(401);
    expect((await ctx.call('POST', '/api/seo/seo', { body: entry })).statusCode).toBe(401);
    expect(await ctx.count('seo_entries')).toBe(before);

    const settings = await ctx.staff(['settings']);
    expect((await ctx.call('POST', '/api/seo/seo', { token: settings.token, body: entry })).statusCode).toBe(201);
  });

  it('refuses a blank name, on create and on update (what is stored is trimmed)', async () => {
    const before = await ctx.count('seo_entries');
    const blank = await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'name', message: { isNotEmpty: 'name is required' } }] });
    expect(await ctx.count('seo_entries')).toBe(before);

    const created = (await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, name: '  Pixel  ' } })).json().data;
    expect(created.name).toBe('Pixel');
    const renamed = await ctx.call('PUT', `/api/seo/seo/${created.id}/${created.unique_key}`, { token: ctx.admin.token, body: { name: ' \t ', active: false } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([{ property: 'name', message: { isNotEmpty: 'name is required' } }]);
    const list = (await ctx.call('GET', '/api/seo/seo', { token: ctx.admin.token })).json().data as { id: number; name: string; active: boolean }[];
    expect(list.find((e) => e.id === created.id)).toMatchObject({ name: 'Pixel', active: true });
  });

  it('public-seo shows a write at once, though its answer is cached (the write bumps the content version)', async () => {
    const read = async () => ((await ctx.call('GET', '/api/seo/public-seo')).json().data as { head_markup: string }[]).map((e) => e.head_markup);
    await read();
    const head = '<meta name="fresh" content="1">';
    const created = (await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, name: 'Fresca', head_markup: head } })).json().data;
    expect(await read()).toContain(head);

    const changed = '<meta name="fresh" content="2">';
    await ctx.call('PUT', `/api/seo/seo/${created.id}/${created.unique_key}`, { token: ctx.admin.token, body: { head_markup: changed } });
    const afterEdit = await read();
    expect(afterEdit).toContain(changed);
    expect(afterEdit).not.toContain(head);

    await ctx.call('PUT', `/api/seo/seo/${created.id}/${created.unique_key}`, { token: ctx.admin.token, body: { active: false } });
    expect(await read()).not.toContain(changed);
  });

  it('bounds the markup size and rejects unknown fields', async () => {
    const before = await ctx.count('seo_entries');
    const big = await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, head_markup: 'x'.repeat(20001) } });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toEqual([{ property: 'head_markup', message: { maxLength: 'head_markup must be shorter than or equal to 20000 characters' } }]);
    const unknown = await ctx.call('POST', '/api/seo/seo', { token: ctx.admin.token, body: { ...entry, script: 'x' } });
    expect(unknown.json().errors).toEqual([{ property: 'script', message: { whitelistValidation: 'property script should not exist' } }]);
    expect(await ctx.count('seo_entries')).toBe(before);
  });
});
