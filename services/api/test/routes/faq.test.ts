import { FAQ_SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { BACKENDS, setupApp, type Staff, type TestContext } from '../helpers';

/** The FAQ: grouped public read, kept current at once; entries managed on route list-faq. */
describe.each(BACKENDS)('FAQ (%s)', (backend) => {
  let ctx: TestContext;
  let editor: Staff;
  beforeAll(async () => {
    ctx = await setupApp(backend);
    editor = await ctx.staff(['site_editor']);
  }, 60_000);
  afterAll(() => ctx.close());

  const faq = async () => (await ctx.call('GET', '/api/public/faq')).json().data as { products: { slug: string; name: string; entries: { slug: string; question: string }[] }[] };
  const create = (body: object) => ctx.call('POST', '/api/faq/entry', { token: editor.token, body });

  it('groups active questions by product, in order, and shows a change at once', async () => {
    expect(await faq()).toEqual({ lang: 'pt-BR', products: [] });
    const first = await create({ product: 'RC Sistem I', question: 'O que é o RC Sistem I?', answer: 'Um sistema de gestão.', position: 1 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ data: { slug: 'o-que-e-o-rc-sistem-i', active: true }, message: FAQ_SUCCESS_MESSAGES.CREATED });
    await create({ product: 'RC Sistem I', question: 'Quanto custa?', answer: 'Planos mensais.', position: 0 });
    await create({ product: 'Newsletter', question: 'Quanto custa?', answer: 'Nada.', position: 5 });
    const hidden = await create({ product: 'Newsletter', question: 'Rascunho', answer: 'Ainda não.', active: false });
    const page = await faq();
    expect(page.products.map((p) => [p.slug, p.name, p.entries.map((e) => e.slug)])).toEqual([
      ['rc-sistem-i', 'RC Sistem I', ['quanto-custa', 'o-que-e-o-rc-sistem-i']],
      ['newsletter', 'Newsletter', ['quanto-custa-2']],
    ]);
    // Reworded: the link (slug) stays; shown at once.
    const updated = await ctx.call('PUT', `/api/faq/entry/${first.json().data.id}`, { token: editor.token, body: { question: 'O que o RC Sistem I faz?' } });
    expect(updated.json().data).toMatchObject({ slug: 'o-que-e-o-rc-sistem-i', question: 'O que o RC Sistem I faz?' });
    expect((await faq()).products[0]?.entries[1]?.question).toBe('O que o RC Sistem I faz?');
    await ctx.call('PUT', `/api/faq/entry/${hidden.json().data.id}`, { token: editor.token, body: { active: true } });
    expect((await faq()).products[1]?.entries).toHaveLength(2);
    expect((await ctx.call('DELETE', `/api/faq/entry/${hidden.json().data.id}`, { token: editor.token })).json().message).toBe(FAQ_SUCCESS_MESSAGES.DELETED);
    expect((await faq()).products[1]?.entries).toHaveLength(1);
  });

  it("lists the FAQ's product pages in the sitemap", async () => {
    const xml = (await ctx.call('GET', '/sitemap.xml')).body;
    expect(xml).toContain('/faq/rc-sistem-i</loc>');
    expect(xml).toContain('/faq/newsletter</loc>');
  });

  it('names missing fields, refuses blanks, 404s unknown entries', async () => {
    const missing = await create({ product: 'X' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { property: string }) => e.property).sort()).toEqual(['answer', 'question']);
    expect((await create({ product: ' ', question: 'Q', answer: 'A' })).statusCode).toBe(400);
    expect((await ctx.call('PUT', '/api/faq/entry/99999', { token: editor.token, body: { answer: 'x' } })).statusCode).toBe(404);
  });

  it('is managed by staff whose roles list list-faq (site_editor)', async () => {
    const writer = await ctx.staff(['article_management']);
    expect((await ctx.call('GET', '/api/faq/entries', { token: writer.token })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/faq/entries', { token: editor.token })).json().data.length).toBeGreaterThan(0);
    const roles = await ctx.db.query<{ active_routes: string[] }>("SELECT active_routes FROM roles WHERE name = 'site_editor'");
    expect(roles[0]?.active_routes).toContain('list-faq');
  });
});
