import { actorContext } from '../../src/db/actor';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { BACKENDS, setupApp, type TestContext } from '../helpers';

interface Entry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_name: string;
  record_type: string;
  record_id: string;
  action: string;
  changes: Record<string, unknown>;
}

/** The audit log: written by the database in the transaction of each staff change, read by admins. */
describe.each(BACKENDS)('the audit log (%s)', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  const log = async (query = '', token = ctx.admin.token): Promise<{ items: Entry[]; total: number }> => {
    const res = await ctx.call('GET', `/api/audit/audit-log${query ? `?${query}` : ''}`, { token });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('records who created, changed and deleted a category, with before → after, newest first', async () => {
    const category = await createCategory(ctx, { name: 'Auditoria' });
    const changed = await ctx.call('PUT', `/api/category/category/${category.id}/${category.unique_key}`, {
      token: ctx.admin.token,
      body: { name: 'Auditoria interna' },
    });
    expect(changed.statusCode).toBe(200);
    // A new name gives a new unique key.
    const renamed = changed.json().data as { unique_key: string };
    expect((await ctx.call('DELETE', `/api/category/category/${category.id}/${renamed.unique_key}`, { token: ctx.admin.token })).statusCode).toBe(200);

    const { items } = await log(`record_type=category&record_id=${category.id}`);
    expect(items.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    for (const entry of items) expect(entry).toMatchObject({ actor_id: ctx.admin.id, record_type: 'category', record_id: String(category.id) });
    expect(items[0]?.actor_name).toMatch(/\S/);
    expect(items[1]?.changes).toEqual({ name: ['Auditoria', 'Auditoria interna'], unique_key: [category.unique_key, renamed.unique_key] });
    expect(items[2]?.changes).toMatchObject({ name: 'Auditoria', active: true });
    expect(items[2]?.changes).not.toHaveProperty('updated_at');
  });

  it('records a user’s accesses and details, never their password', async () => {
    const user = await ctx.staff(['dashboard']);
    const res = await ctx.call('PUT', `/api/user/user/${user.id}/${user.unique_key}`, {
      token: ctx.admin.token,
      body: { position: 'Coordenadora de conteúdo', accesses: ['dashboard', 'article_management'] },
    });
    expect(res.statusCode).toBe(200);
    const accesses = await log(`record_type=user_access&record_id=${user.id}`);
    expect(accesses.items.find((e) => e.action === 'create')?.changes).toMatchObject({ user_id: user.id, role_name: 'article_management' });
    const details = await log(`record_type=user&record_id=${user.id}`);
    const update = details.items.find((e) => e.action === 'update');
    expect(update?.changes).toMatchObject({ position: [expect.any(String), 'Coordenadora de conteúdo'] });
    expect(JSON.stringify(details.items)).not.toMatch(/password_hash|scrypt/);
  });

  it('notes that an article’s body changed without copying it', async () => {
    const category = await createCategory(ctx);
    const article = await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { title: 'Um artigo auditado' });
    const res = await ctx.call('PUT', `/api/article/article/${article.id}/${article.unique_key}`, {
      token: ctx.admin.token,
      body: { content: '<p>Um corpo novo e bem diferente.</p>' },
    });
    expect(res.statusCode).toBe(200);
    const { items } = await log(`record_type=article&record_id=${article.id}`);
    const update = items.find((e) => e.action === 'update');
    expect(update?.changes).toMatchObject({ content: ['…', '…'] });
    expect(JSON.stringify(items)).not.toContain('<p>');
  });

  it('is written in the change’s transaction: a change rolled back leaves no entry', async () => {
    const before = (await log('record_type=category')).total;
    await expect(
      new Promise<void>((resolve, reject) =>
        actorContext.run(() => {
          actorContext.set({ id: ctx.admin.id, name: 'Quem desistiu' });
          ctx.app.db
            .transaction(async (tx) => {
              await tx.query("INSERT INTO categories (unique_key, name, description, text_color, background_color) VALUES ('desfeita', 'Desfeita', 'x', '#fff', '#000')");
              throw new Error('changed my mind');
            })
            .then(() => resolve(), reject);
        }),
      ),
    ).rejects.toThrow('changed my mind');
    expect((await log('record_type=category')).total).toBe(before);
    expect(await ctx.count('categories WHERE unique_key = \'desfeita\'')).toBe(0);
  });

  it('leaves out what nobody on the staff did: a visitor’s subscription', async () => {
    const before = (await log('record_type=lead')).total;
    const res = await ctx.call('POST', '/api/public/newsletter', { body: { email: 'visitante@empresa.com.br', elapsed_ms: 5000 } });
    expect(res.statusCode).toBe(202);
    expect((await log('record_type=lead')).total).toBe(before);
  });

  it('filters by person and period and pages', async () => {
    const other = await ctx.staff(['dashboard', 'article_management']);
    await createCategory(ctx, {}); // by the admin
    const res = await ctx.call('POST', '/api/category/category', {
      token: other.token,
      body: { name: 'Categoria da Outra', description: 'Uma categoria', text_color: '#ffffff', background_color: '#123456' },
    });
    expect(res.statusCode).toBe(201);
    const mine = await log(`actor_id=${other.id}`);
    expect(mine.items.map((e) => e.record_type)).toEqual(['category']);
    const today = new Date().toISOString().slice(0, 10);
    const all = await log(`from=${today}&to=${today}&limit=2&page=1`);
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    const second = await log(`from=${today}&to=${today}&limit=2&page=2`);
    expect(second.items[0]?.id).toBeLessThan(all.items[1]?.id as number);
    expect((await log('from=2000-01-01&to=2000-01-02')).total).toBe(0);
  });

  it('is for admins only, and refuses a period backwards', async () => {
    expect((await ctx.call('GET', '/api/audit/audit-log')).statusCode).toBe(401);
    const manager = await ctx.staff(['dashboard', 'user_management']);
    const refused = await ctx.call('GET', '/api/audit/audit-log', { token: manager.token });
    expect(refused.statusCode).toBe(403);
    // Their roles do not list it: the shell's menu and guard leave it out for them.
    const routes = await ctx.call('GET', `/api/user/user/user-active-routes/${manager.id}/audit-log`, { token: manager.token });
    expect(routes.json().data.allowed).toBe(false);
    expect(JSON.stringify(routes.json().data.roles)).not.toContain('audit-log');
    const adminRoutes = await ctx.call('GET', `/api/user/user/user-active-routes/${ctx.admin.id}/audit-log`, { token: ctx.admin.token });
    expect(adminRoutes.json().data.allowed).toBe(true);
    const writer = await ctx.staff(['article_management']);
    expect((await ctx.call('GET', '/api/audit/audit-log', { token: writer.token })).json().code).toBe('ACCESS_DENIED');
    const backwards = await ctx.call('GET', '/api/audit/audit-log?from=2026-11-10&to=2026-11-01', { token: ctx.admin.token });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].property).toBe('to');
  });
});
