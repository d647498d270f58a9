import { BACKENDS, setupApp, withClockAhead, type TestContext } from '../helpers';
import { createArticle, createCategory, imageId, type ArticleRef } from '../content-helpers';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe.each(BACKENDS)('public content (%s)', (backend) => {
  let ctx: TestContext;
  let image: string;
  let tech: { id: number; unique_key: string; name: string };
  let design: { id: number; unique_key: string; name: string };
  let titleMatch: ArticleRef;
  let bodyMatch: ArticleRef;

  beforeAll(async () => {
    ctx = await setupApp(backend);
    image = await imageId(ctx);
    tech = await createCategory(ctx, { name: 'Tecnologia' });
    design = await createCategory(ctx, { name: 'Design' });
    const published = { status: 'published' };
    bodyMatch = await createArticle(ctx, { image_id: image, category_ids: [design.id] }, {
      ...published,
      title: 'Cores e formas no dia a dia',
      content: '<p>Um estudo sobre paletas. No fim, falamos de orquídeas raras que inspiram o trabalho.</p>',
    });
    titleMatch = await createArticle(ctx, { image_id: image, category_ids: [tech.id, design.id] }, {
      ...published,
      title: 'Orquídeas digitais',
      content: '<p>Uma conversa sobre tecnologia aplicada ao cultivo, com sensores e dados.</p>',
    });
  }, 60_000);
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.call('GET', url, { headers });

  describe('search', () => {
    it('ranks a title match above a body-only match and highlights with <mark>', async () => {
      const res = await get('/api/public/search?q=orqu%C3%ADdeas');
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.items.map((a: { id: number }) => a.id)).toEqual([titleMatch.id, bodyMatch.id]);
      expect(data.items[1].highlight).toContain('<mark>orquídeas</mark>');
      expect(data.topic).toBeNull();
    });

    it('finds Portuguese stems: "tecnologias" matches "tecnologia"', async () => {
      const { data } = (await get('/api/public/search?q=tecnologias')).json();
      expect(data.items.map((a: { id: number }) => a.id)).toContain(titleMatch.id);
    });

    it('keeps the highlight safe: the text is escaped, only <mark> is markup', async () => {
      const tricky = await createArticle(ctx, { image_id: image, category_ids: [tech.id] }, {
        status: 'published',
        title: 'Comparações seguras',
        content: '<p>Quando a &lt;b&gt; é maior &amp; o xilofone toca &lt;script&gt;alert(1)&lt;/script&gt;</p>',
      });
      const { data } = (await get('/api/public/search?q=xilofone')).json();
      const item = data.items.find((a: { id: number }) => a.id === tricky.id);
      expect(item.highlight).toContain('<mark>xilofone</mark>');
      expect(item.highlight).not.toContain('<script');
      // The text is escaped ('&' → '&#38;'); PostgreSQL's parser drops tag-like words from headlines.
      expect(item.highlight).toContain('&#38;');
      expect(item.highlight.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    });

    it('a query naming a category is a topic search; the category filter narrows', async () => {
      const { data } = (await get('/api/public/search?q=Design')).json();
      expect(data.topic).toMatchObject({ id: design.id, unique_key: 'design' });
      expect(data.items.map((a: { id: number }) => a.id).sort()).toEqual([bodyMatch.id, titleMatch.id].sort());
      const narrowed = (await get('/api/public/search?q=orqu%C3%ADdeas&category=tecnologia')).json().data;
      expect(narrowed.items.map((a: { id: number }) => a.id)).toEqual([titleMatch.id]);
      expect((await get('/api/public/search?q=nadaassimexiste')).json().data).toMatchObject({ items: [], total: 0 });
      expect((await get('/api/public/search?q=')).statusCode).toBe(400);
      expect((await get('/api/public/search?q=x&category=nao-existe')).statusCode).toBe(404);
    });
  });

  describe('visibility', () => {
    it('a scheduled article is public only once its time has come', async () => {
      const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const scheduled = await createArticle(ctx, { image_id: image, category_ids: [tech.id] }, { status: 'published', publish_at: future, title: 'Lançamento agendado' });
      expect((await get(`/api/public/article/${scheduled.id}/${scheduled.unique_key}`)).statusCode).toBe(404);
      const ids = (await get('/api/public/articles?limit=48')).json().data.items.map((a: { id: number }) => a.id);
      expect(ids).not.toContain(scheduled.id);
      // The three days pass: on the database's side (publish_at moves back) and on the process's clock.
      await ctx.db.query("UPDATE articles SET publish_at = now() - interval '1 minute' WHERE id = $1", [scheduled.id]);
      await withClockAhead(3 * 86_400_000 + 60_000, async () => {
        const res = await get(`/api/public/article/${scheduled.id}/${scheduled.unique_key}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.article.title).toBe('Lançamento agendado');
        const after = (await get('/api/public/articles?limit=48')).json().data.items.map((a: { id: number }) => a.id);
        expect(after).toContain(scheduled.id);
      });
    });

    it('drafts, unknown ids and key mismatches are 404', async () => {
      const draft = await createArticle(ctx, { image_id: image, category_ids: [tech.id] });
      expect((await get(`/api/public/article/${draft.id}/${draft.unique_key}`)).json().code).toBe('NOT_FOUND');
      expect((await get(`/api/public/article/${titleMatch.id}/outro-slug`)).statusCode).toBe(404);
      expect((await get('/api/public/article/999999/x')).statusCode).toBe(404);
    });

    it('the article page answers the article and related ones', async () => {
      const { data } = (await get(`/api/public/article/${titleMatch.id}/${titleMatch.unique_key}`)).json();
      expect(data.article).toMatchObject({ id: titleMatch.id, status: 'published', author: { id: ctx.admin.id } });
      expect(data.related.map((a: { id: number }) => a.id)).toContain(bodyMatch.id);
    });

    it('an inactive category leaves public answers; its articles stay without it', async () => {
      const hidden = await createCategory(ctx, { name: 'Oculta' });
      const article = await createArticle(ctx, { image_id: image, category_ids: [hidden.id] }, { status: 'published', title: 'Só na oculta' });
      await ctx.call('PUT', `/api/category/category-change-status/${hidden.id}/${hidden.unique_key}`, { token: ctx.admin.token, body: { active: false } });
      expect((await get('/api/public/articles?category=oculta')).statusCode).toBe(404);
      const chips = (await get('/api/public/categories')).json().data.map((c: { unique_key: string }) => c.unique_key);
      expect(chips).not.toContain('oculta');
      expect(chips).toEqual(expect.arrayContaining(['tecnologia', 'design']));
      const page = (await get(`/api/public/article/${article.id}/${article.unique_key}`)).json().data;
      expect(page.article.categories).toEqual([]);
      const home = (await get('/api/public/home')).json().data;
      expect(home.tags.map((t: { category: { unique_key: string } }) => t.category.unique_key)).not.toContain('oculta');
    });

    it('lists the blog with pagination and a category filter', async () => {
      const all = (await get('/api/public/articles?limit=2&page=1')).json().data;
      expect(all).toMatchObject({ page: 1, limit: 2 });
      expect(all.items).toHaveLength(2);
      const byTech = (await get('/api/public/articles?category=tecnologia')).json().data;
      expect(byTech.items.every((a: { categories: { unique_key: string }[] }) => a.categories.some((c) => c.unique_key === 'tecnologia'))).toBe(true);
      expect((await get('/api/public/articles?limit=500')).statusCode).toBe(400);
      expect((await get('/api/public/articles?foo=1')).statusCode).toBe(400);
    });

    it("answers an author's profile with their articles and other authors", async () => {
      const writer = await ctx.staff(['article_management']);
      await createArticle(ctx, { image_id: image, category_ids: [tech.id] }, { status: 'published', title: 'Texto da autora' }, writer.token);
      const { data } = (await get(`/api/public/author/${writer.id}/${writer.unique_key}`)).json();
      expect(data.author).toMatchObject({ id: writer.id, name: 'Ana' });
      expect(data.articles.map((a: { title: string }) => a.title)).toEqual(['Texto da autora']);
      expect(data.others.map((a: { id: number }) => a.id)).toContain(ctx.admin.id);
      expect((await get(`/api/public/author/${writer.id}/wrong`)).statusCode).toBe(404);
      const nobody = await ctx.staff(['site_editor']);
      expect((await get(`/api/public/author/${nobody.id}/${nobody.unique_key}`)).statusCode).toBe(404);
    });
  });

  describe('reads', () => {
    const read = (id: number, ua = BROWSER, ip = '203.0.113.5') => ctx.call('POST', `/api/public/article/${id}/read`, { headers: { 'user-agent': ua }, remoteAddress: ip });
    const total = async (id: number) => (await ctx.db.query<{ n: number }>('SELECT COALESCE(sum(reads), 0)::int AS n FROM article_reads_daily WHERE article_id = $1', [id]))[0]?.n;

    it('counts one read per visitor per 30 minutes, per day; bots never count', async () => {
      const a = await createArticle(ctx, { image_id: image, category_ids: [tech.id] }, { status: 'published' });
      expect((await read(a.id)).json().data).toEqual({ counted: true });
      expect((await read(a.id)).json().data).toEqual({ counted: false });
      expect((await read(a.id, BROWSER, '203.0.113.6')).json().data).toEqual({ counted: true });
      expect((await read(a.id, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).json().data).toEqual({ counted: false });
      expect((await read(a.id, 'facebookexternalhit/1.1')).json().data).toEqual({ counted: false });
      expect(await total(a.id)).toBe(2);
      // The window is over: the same visitor counts again.
      await ctx.db.query("UPDATE read_dedup SET expires_at = now() - interval '1 second' WHERE article_id = $1", [a.id]);
      expect((await read(a.id)).json().data).toEqual({ counted: true });
      await ctx.db.query("INSERT INTO article_reads_daily (article_id, day, reads) VALUES ($1, (now() AT TIME ZONE 'UTC')::date - 1, 5)", [a.id]);
      const days = await ctx.db.query<{ reads: number }>('SELECT reads FROM article_reads_daily WHERE article_id = $1 ORDER BY day', [a.id]);
      expect(days.map((d) => d.reads)).toEqual([5, 3]);
      expect((await get(`/api/public/article/${a.id}/${a.unique_key}`)).json().data.article.reads).toBe(8);
    });

    it('refuses reads of unpublished or unknown articles (404)', async () => {
      const draft = await createArticle(ctx, { image_id: image, category_ids: [tech.id] });
      expect((await read(draft.id)).statusCode).toBe(404);
      expect((await read(999999)).statusCode).toBe(404);
      expect(await total(draft.id)).toBe(0);
    });

    it('popular and tendencies follow the reads', async () => {
      const hot = await createArticle(ctx, { image_id: image, category_ids: [tech.id] }, { status: 'published', title: 'Em alta' });
      const steady = await createArticle(ctx, { image_id: image, category_ids: [tech.id] }, { status: 'published', title: 'Constante' });
      await ctx.db.query(
        `INSERT INTO article_reads_daily (article_id, day, reads) VALUES
           ($1, (now() AT TIME ZONE 'UTC')::date - 1, 900), ($2, (now() AT TIME ZONE 'UTC')::date - 2, 500), ($2, (now() AT TIME ZONE 'UTC')::date - 10, 1000)`,
        [hot.id, steady.id],
      );
      const home = (await get('/api/public/home')).json().data;
      expect(home.popular.slice(0, 2).map((a: { id: number }) => a.id)).toEqual([steady.id, hot.id]);
      expect(home.tendencies[0].id).toBe(hot.id);
      expect(home.recent.length).toBeLessThanOrEqual(6);
      expect(home.emphasis.length).toBeLessThanOrEqual(4);
    });
  });

  describe('cache', () => {
    it('answers an ETag and Cache-Control, 304 on If-None-Match, and a new ETag after an article update', async () => {
      const first = await get('/api/public/home');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"v\d+-[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
      const again = await get('/api/public/home', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await ctx.call('PUT', `/api/article/article/${titleMatch.id}/${titleMatch.unique_key}`, { token: ctx.admin.token, body: { excerpt: 'Resumo novo' } });
      const changed = await get('/api/public/home', { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      const article = await get(`/api/public/article/${titleMatch.id}/${titleMatch.unique_key}`);
      expect((await get(`/api/public/article/${titleMatch.id}/${titleMatch.unique_key}`, { 'if-none-match': article.headers.etag as string })).statusCode).toBe(304);
    });

    it('the OpenAPI document lists the content endpoints with their schemas', async () => {
      const doc = (await get('/api/docs/json')).json();
      for (const path of ['/api/public/home', '/api/public/search', '/api/article/articles-list', '/api/category/categories-list', '/api/upload/image', '/api/article/article-revisions/{id}/{unique_key}/{revision_id}/restore']) {
        expect(Object.keys(doc.paths)).toContain(path);
      }
      expect(doc.paths['/api/public/search'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['q', 'category', 'page', 'limit']));
    });
  });
});
