import fs from 'node:fs';
import path from 'node:path';
import { slugify } from '@vitrine/utils';
import { DEMO_CATEGORIES } from '../../src/seed-content';
import { BACKENDS, setupApp, type TestContext } from '../helpers';
import { createArticle, createCategory, imageId } from '../content-helpers';

const MIGRATION = fs.readFileSync(path.join(__dirname, '../../src/migrations/017-category-names.sql'), 'utf8');

describe.each(BACKENDS)('category names in five languages (%s)', (backend) => {
  let ctx: TestContext;
  let sales: { id: number; unique_key: string; name: string };
  let plain: { id: number; unique_key: string; name: string };
  let article: { id: number; unique_key: string };

  beforeAll(async () => {
    ctx = await setupApp(backend);
    sales = await createCategory(ctx, { name: 'Vendas', names: { 'en-US': ' Sales ', 'es-ES': 'Ventas', 'fr-FR': '', 'ht-HT': '   ' } });
    plain = await createCategory(ctx, { name: 'Zeladoria' });
    const image = await imageId(ctx);
    article = await createArticle(ctx, { image_id: image, category_ids: [sales.id, plain.id] }, { status: 'published', title: 'Como vender mais no varejo' });
  }, 60_000);
  afterAll(() => ctx.close());

  const names = async (id: number) => (await ctx.db.query<{ names: Record<string, string> }>('SELECT names FROM categories WHERE id = $1', [id]))[0]?.names;

  describe('staff endpoints', () => {
    it('saves the translations trimmed, leaves blank ones out (pt-BR fallback) and returns them', async () => {
      expect(await names(sales.id)).toEqual({ 'en-US': 'Sales', 'es-ES': 'Ventas' });
      const got = await ctx.call('GET', `/api/category/category/${sales.id}/${sales.unique_key}`, { token: ctx.admin.token });
      expect(got.json().data).toMatchObject({ name: 'Vendas', names: { 'en-US': 'Sales', 'es-ES': 'Ventas' } });
      const plainGot = await ctx.call('GET', `/api/category/category/${plain.id}/${plain.unique_key}`, { token: ctx.admin.token });
      expect(plainGot.json().data.names).toEqual({});
      const list = (await ctx.call('POST', '/api/category/categories-list', { token: ctx.admin.token, body: { search: 'ventas' } })).json().data;
      expect(list.items.map((c: { id: number }) => c.id)).toEqual([sales.id]);
    });

    it('replaces every translation on update, and an update without names keeps them; the audit log records the change', async () => {
      const other = await createCategory(ctx, { name: 'Logística Reversa', names: { 'en-US': 'Reverse logistics', 'fr-FR': 'Logistique inverse' } });
      const keep = await ctx.call('PUT', `/api/category/category/${other.id}/${other.unique_key}`, { token: ctx.admin.token, body: { description: 'Outra descrição' } });
      expect(keep.json().data.names).toEqual({ 'en-US': 'Reverse logistics', 'fr-FR': 'Logistique inverse' });
      const res = await ctx.call('PUT', `/api/category/category/${other.id}/${other.unique_key}`, {
        token: ctx.admin.token,
        body: { names: { 'en-US': 'Reverse Logistics', 'ht-HT': 'Lojistik envès' } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.names).toEqual({ 'en-US': 'Reverse Logistics', 'ht-HT': 'Lojistik envès' });
      const audit = await ctx.db.query<{ changes: Record<string, unknown> }>(
        "SELECT changes FROM audit_log WHERE record_type = 'category' AND record_id = $1 AND action = 'update' ORDER BY id DESC LIMIT 1",
        [String(other.id)],
      );
      expect(audit[0]?.changes.names).toEqual([
        { 'en-US': 'Reverse logistics', 'fr-FR': 'Logistique inverse' },
        { 'en-US': 'Reverse Logistics', 'ht-HT': 'Lojistik envès' },
      ]);
    });

    it('refuses an unknown language, pt-BR in names and a name over the limit (400, naming the field)', async () => {
      const body = (names: unknown) => ({ token: ctx.admin.token, body: { name: 'Qualquer', description: 'x', text_color: '#fff', background_color: '#000', names } });
      const unknown = await ctx.call('POST', '/api/category/category', body({ 'de-DE': 'Verkauf' }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'names.de-DE' }] });
      const ptBR = await ctx.call('POST', '/api/category/category', body({ 'pt-BR': 'Qualquer' }));
      expect(ptBR.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'names.pt-BR' }] });
      const long = await ctx.call('PUT', `/api/category/category/${sales.id}/${sales.unique_key}`, { token: ctx.admin.token, body: { names: { 'en-US': 'x'.repeat(61) } } });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'names.en-US', message: { maxLength: expect.any(String) } }] });
      const notText = await ctx.call('POST', '/api/category/category', body({ 'es-ES': 5 }));
      expect(notText.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ property: 'names.es-ES' }] });
      expect(await names(sales.id)).toEqual({ 'en-US': 'Sales', 'es-ES': 'Ventas' });
    });

    it('refuses a name another category already shows in that language, in any case (409 naming the field)', async () => {
      const taken = await ctx.call('POST', '/api/category/category', {
        token: ctx.admin.token,
        body: { name: 'Comercial', description: 'x', text_color: '#fff', background_color: '#000', names: { 'en-US': 'SALES' } },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'CONFLICT', errors: [{ property: 'names.en-US' }] });
      // Zeladoria has no French name: French visitors see "Zeladoria", so no other category may be called that in French.
      const fallback = await ctx.call('PUT', `/api/category/category/${sales.id}/${sales.unique_key}`, { token: ctx.admin.token, body: { names: { 'fr-FR': 'zeladoria' } } });
      expect(fallback.statusCode).toBe(409);
      expect(fallback.json().errors).toEqual([expect.objectContaining({ property: 'names.fr-FR' })]);
      // Its own pt-BR name is fine as a translation.
      const own = await ctx.call('PUT', `/api/category/category/${plain.id}/${plain.unique_key}`, { token: ctx.admin.token, body: { names: { 'es-ES': 'Zeladoria' } } });
      expect(own.statusCode).toBe(200);
      await ctx.call('PUT', `/api/category/category/${plain.id}/${plain.unique_key}`, { token: ctx.admin.token, body: { names: {} } });
    });
  });

  describe('public reads', () => {
    const chipNames = (cats: { id: number; name: string }[]) => Object.fromEntries(cats.filter((c) => c.id === sales.id || c.id === plain.id).map((c) => [c.id, c.name]));

    it('answer names in the language of ?lang=, else the vt_lang cookie, else pt-BR; a language without a name falls back to pt-BR', async () => {
      const list = async (url: string, headers: Record<string, string> = {}) => chipNames((await ctx.call('GET', url, { headers })).json().data);
      expect(await list('/api/public/categories')).toEqual({ [sales.id]: 'Vendas', [plain.id]: 'Zeladoria' });
      expect(await list('/api/public/categories?lang=en-US')).toEqual({ [sales.id]: 'Sales', [plain.id]: 'Zeladoria' });
      expect(await list('/api/public/categories?lang=en')).toEqual({ [sales.id]: 'Sales', [plain.id]: 'Zeladoria' });
      expect(await list('/api/public/categories', { cookie: 'vt_lang=es-ES' })).toEqual({ [sales.id]: 'Ventas', [plain.id]: 'Zeladoria' });
      expect(await list('/api/public/categories?lang=fr-FR', { cookie: 'vt_lang=es-ES' })).toEqual({ [sales.id]: 'Vendas', [plain.id]: 'Zeladoria' });
      expect(await list('/api/public/categories?lang=xx-YY')).toEqual({ [sales.id]: 'Vendas', [plain.id]: 'Zeladoria' });
    });

    it('name the categories of cards, articles, the home tags, an author page and a search topic', async () => {
      const blog = (await ctx.call('GET', '/api/public/articles?lang=en-US')).json().data.items.find((c: { id: number }) => c.id === article.id);
      expect(chipNames(blog.categories)).toEqual({ [sales.id]: 'Sales', [plain.id]: 'Zeladoria' });
      const inCategory = await ctx.call('GET', `/api/public/articles?category=${sales.unique_key}&lang=es-ES`);
      expect(chipNames(inCategory.json().data.items[0].categories)).toEqual({ [sales.id]: 'Ventas', [plain.id]: 'Zeladoria' });
      const post = (await ctx.call('GET', `/api/public/article/${article.id}/${article.unique_key}?lang=en-US`)).json().data;
      expect(chipNames(post.article.categories)).toEqual({ [sales.id]: 'Sales', [plain.id]: 'Zeladoria' });
      const home = (await ctx.call('GET', '/api/public/home', { headers: { cookie: 'vt_lang=es-ES' } })).json().data;
      expect(chipNames(home.tags.map((t: { category: { id: number; name: string } }) => t.category))).toEqual({ [sales.id]: 'Ventas', [plain.id]: 'Zeladoria' });
      expect(chipNames(home.recent.find((c: { id: number }) => c.id === article.id).categories)).toEqual({ [sales.id]: 'Ventas', [plain.id]: 'Zeladoria' });
      const author = (await ctx.call('GET', `/api/public/author/${ctx.admin.id}/${ctx.admin.unique_key}?lang=en-US`)).json().data;
      expect(chipNames(author.articles.find((c: { id: number }) => c.id === article.id).categories)).toEqual({ [sales.id]: 'Sales', [plain.id]: 'Zeladoria' });
      // Searching the English name finds the topic, named in the page's language.
      const search = (await ctx.call('GET', '/api/public/search?q=sales&lang=es-ES')).json().data;
      expect(search.topic).toMatchObject({ id: sales.id, name: 'Ventas' });
      expect(search.items.map((c: { id: number }) => c.id)).toContain(article.id);
    });

    it('never serves one language its neighbour’s cached answer, and a change reaches every language', async () => {
      const get = (lang?: string) => ctx.call('GET', `/api/public/categories${lang ? `?lang=${lang}` : ''}`);
      const ptBR = await get();
      const enUS = await get('en-US');
      const ptAgain = await get();
      const enAgain = await get('en-US');
      expect(chipNames(ptAgain.json().data)[sales.id]).toBe('Vendas');
      expect(chipNames(enAgain.json().data)[sales.id]).toBe('Sales');
      expect(ptBR.headers.etag).toBe(ptAgain.headers.etag);
      expect(enUS.headers.etag).toBe(enAgain.headers.etag);
      expect(enUS.headers.etag).not.toBe(ptBR.headers.etag);
      expect(String(enUS.headers.vary)).toContain('cookie');
      const cookie = await ctx.call('GET', '/api/public/categories', { headers: { cookie: 'vt_lang=en-US' } });
      expect(chipNames(cookie.json().data)[sales.id]).toBe('Sales');
      const cards = async (lang: string) => chipNames((await ctx.call('GET', `/api/public/articles?lang=${lang}`)).json().data.items.find((c: { id: number }) => c.id === article.id).categories);
      expect((await cards('en-US'))[sales.id]).toBe('Sales');
      expect((await cards('pt-BR'))[sales.id]).toBe('Vendas');

      await ctx.call('PUT', `/api/category/category/${sales.id}/${sales.unique_key}`, { token: ctx.admin.token, body: { names: { 'en-US': 'Sales & Retail', 'es-ES': 'Ventas' } } });
      expect(chipNames((await get('en-US')).json().data)[sales.id]).toBe('Sales & Retail');
      expect((await cards('en-US'))[sales.id]).toBe('Sales & Retail');
      expect(chipNames((await get()).json().data)[sales.id]).toBe('Vendas');
    });
  });

  describe('migration 017', () => {
    it('translates the demo categories still named as seeded and leaves renamed or translated ones alone', async () => {
      const update = MIGRATION.slice(MIGRATION.indexOf('UPDATE categories'));
      const insert = (key: string, name: string, names = '{}') =>
        ctx.db.query<{ id: number }>(
          `INSERT INTO categories (unique_key, name, names, description, text_color, background_color) VALUES ($1, $2, $3::jsonb, 'x', '#fff', '#000') RETURNING id`,
          [key, name, names],
        );
      await ctx.db.query("DELETE FROM categories WHERE unique_key IN ('tecnologia', 'design', 'inovacao')");
      const tech = (await insert('tecnologia', 'Tecnologia'))[0]!.id;
      const renamed = (await insert('design', 'Design de Produto'))[0]!.id;
      const translated = (await insert('inovacao', 'Inovação', '{"en-US": "Our innovation"}'))[0]!.id;
      await ctx.db.exec(update);
      expect(await names(tech)).toEqual({ 'en-US': 'Technology', 'es-ES': 'Tecnología', 'fr-FR': 'Technologie', 'ht-HT': 'Teknoloji' });
      expect(await names(renamed)).toEqual({});
      expect(await names(translated)).toEqual({ 'en-US': 'Our innovation' });
      await ctx.db.query('DELETE FROM categories WHERE id = ANY($1::int[])', [[tech, renamed, translated]]);
    });

    it('writes what the seed writes on a fresh install', () => {
      for (const category of DEMO_CATEGORIES) {
        const line = MIGRATION.split('\n').find((l) => l.includes(`('${slugify(category.name)}', '${category.name}',`));
        expect(line).toBeDefined();
        const json = /'(\{.*\})'\)/.exec(line ?? '')?.[1];
        expect(JSON.parse(json ?? 'null')).toEqual(category.names);
      }
    });
  });
});
