import { CONTENT_SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { BACKENDS, setupApp, type TestContext } from '../helpers';
import { createArticle, createCategory, imageId } from '../content-helpers';

describe.each(BACKENDS)('articles (%s)', (backend) => {
  let ctx: TestContext;
  let base: { image_id: string; category_ids: number[] };
  beforeAll(async () => {
    ctx = await setupApp(backend);
    base = { image_id: await imageId(ctx), category_ids: [(await createCategory(ctx)).id] };
  }, 60_000);
  afterAll(() => ctx.close());

  const url = (path: string, a: { id: number; unique_key: string }) => `/api/article/${path}/${a.id}/${a.unique_key}`;

  describe('create', () => {
    it('creates a draft with slug, default excerpt, meta description and social image, and a revision', async () => {
      const long = 'Palavra '.repeat(60);
      const res = await ctx.call('POST', '/api/article/article', {
        token: ctx.admin.token,
        body: { ...base, title: 'Ação & Reação: o Guia', content: `<h2>Intro</h2><p>${long}</p>` },
      });
      expect(res.statusCode).toBe(201);
      const { data, message } = res.json();
      expect(message).toBe(CONTENT_SUCCESS_MESSAGES.ARTICLE_CREATED);
      expect(data).toMatchObject({ unique_key: 'acao-e-reacao-o-guia', status: 'draft', published_at: null, emphasis: false, reads: 0, author: { id: ctx.admin.id } });
      expect(data.excerpt.length).toBeLessThanOrEqual(161);
      expect(data.excerpt.endsWith('…')).toBe(true);
      expect(data.meta_description).toBe(data.excerpt);
      expect(data.social_image.id).toBe(base.image_id);
      expect(data.reading_minutes).toBe(0);
      const revisions = (await ctx.call('GET', url('article-revisions', data), { token: ctx.admin.token })).json().data;
      expect(revisions).toHaveLength(1);
      expect(revisions[0]).toMatchObject({ kind: 'save', title: 'Ação & Reação: o Guia' });
    });

    it('makes the slug unique with a numeric suffix', async () => {
      const a = await createArticle(ctx, base, { title: 'Mesmo Nome!' });
      const b = await createArticle(ctx, base, { title: 'Mesmo nome?' .replace('?', ' 2') });
      const c = await createArticle(ctx, base, { title: 'Mesmo... Nome' });
      expect(a.unique_key).toBe('mesmo-nome');
      expect(b.unique_key).toBe('mesmo-nome-2');
      expect(c.unique_key).toBe('mesmo-nome-3');
    });

    it('refuses a title already used, in any case (409 ARTICLE_TITLE_TAKEN)', async () => {
      await createArticle(ctx, base, { title: 'Título Único' });
      const before = await ctx.count('articles');
      const res = await ctx.call('POST', '/api/article/article', { token: ctx.admin.token, body: { ...base, title: '  título único ', content: '<p>x</p>' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ARTICLE_TITLE_TAKEN', message: 'An article with that title already exists' });
      expect(await ctx.count('articles')).toBe(before);
      expect(await ctx.count('article_revisions')).toBeGreaterThan(0);
    });

    it('answers the on-screen messages for missing title, content, image and categories, writing nothing', async () => {
      const before = [await ctx.count('articles'), await ctx.count('article_revisions'), await ctx.count('article_categories')];
      const res = await ctx.call('POST', '/api/article/article', { token: ctx.admin.token, body: { title: '', category_ids: [] } });
      expect(res.statusCode).toBe(400);
      const byProperty = Object.fromEntries(res.json().errors.map((e: { property: string; message: Record<string, string> }) => [e.property, e.message]));
      expect(byProperty.title).toEqual({ isNotEmpty: 'Title is required' });
      expect(byProperty.content).toEqual({ isNotEmpty: 'Content is required' });
      expect(byProperty.image_id).toEqual({ isNotEmpty: 'Image is required' });
      expect(byProperty.category_ids).toEqual({ arrayNotEmpty: 'Select at least one category' });
      const blank = await ctx.call('POST', '/api/article/article', { token: ctx.admin.token, body: { ...base, title: '   ', content: '<p>x</p>' } });
      expect(blank.json().errors).toEqual([{ property: 'title', message: { isNotEmpty: 'Title is required' } }]);
      const onlyScript = await ctx.call('POST', '/api/article/article', { token: ctx.admin.token, body: { ...base, title: 'Só script', content: '<script>alert(1)</script>' } });
      expect(onlyScript.json().errors).toEqual([{ property: 'content', message: { isNotEmpty: 'Content is required' } }]);
      const unknownImage = await ctx.call('POST', '/api/article/article', { token: ctx.admin.token, body: { ...base, image_id: 'missing', title: 'Imagem', content: '<p>x</p>' } });
      expect(unknownImage.json().errors).toEqual([{ property: 'image_id', message: { isValid: 'Image not found' } }]);
      const unknownCategory = await ctx.call('POST', '/api/article/article', { token: ctx.admin.token, body: { ...base, category_ids: [999999], title: 'Categoria', content: '<p>x</p>' } });
      expect(unknownCategory.statusCode).toBe(400);
      expect([await ctx.count('articles'), await ctx.count('article_revisions'), await ctx.count('article_categories')]).toEqual(before);
    });

    it('sanitizes the content against the allow-list', async () => {
      const dirty = [
        '<h2 onclick="x()" style="color:red" class="big">Título</h2>',
        '<p>Olá <script>alert(1)</script><strong onmouseover="steal()">forte</strong> <em>ênfase</em> <u>sub</u> <s>riscado</s></p>',
        '<p><a href="javascript:alert(1)">js</a> <a href="https://vitrine.test" target="_blank">ok</a> <a href="mailto:oi@vitrine.test">mail</a> <a href="data:text/html,x">data</a></p>',
        '<svg><script>alert(2)</script><circle r="1"/></svg><iframe src="https://evil.test"></iframe><style>p{}</style>',
        '<img src="data:image/png;base64,AAAA"><img src="/uploads/images/x/640.webp" alt="ok" onerror="x()"><img src="http://insecure.test/a.png"><img src="https://cdn.test/a.png" width="10">',
        '<ul><li>um</li></ul><ol><li>dois</li></ol><blockquote>citação</blockquote><pre><code>code()</code></pre><figure><figcaption>leg</figcaption></figure><br><hr><h3>h3</h3><h4>h4</h4>',
      ].join('');
      const created = await createArticle(ctx, base, { content: dirty });
      const { content } = (await ctx.call('GET', url('article', created), { token: ctx.admin.token })).json().data;
      for (const bad of ['<script', 'onclick', 'onmouseover', 'onerror', 'style=', 'class=', 'javascript:', 'data:', '<svg', '<iframe', '<style', 'http://insecure']) {
        expect(content).not.toContain(bad);
      }
      expect(content).toContain('<h2>Título</h2>');
      expect(content).toContain('<strong>forte</strong>');
      expect(content).toContain('<a href="https://vitrine.test" target="_blank" rel="noopener">ok</a>');
      expect(content).toContain('<a href="mailto:oi@vitrine.test" rel="noopener">mail</a>');
      expect(content).toContain('<img src="/uploads/images/x/640.webp" alt="ok" />');
      expect(content).toContain('<img src="https://cdn.test/a.png" width="10" />');
      for (const tag of ['<em>', '<u>', '<s>', '<ul>', '<ol>', '<li>', '<blockquote>', '<pre>', '<code>', '<figure>', '<figcaption>', '<br />', '<hr />', '<h3>', '<h4>']) {
        expect(content).toContain(tag);
      }
    });
  });

  describe('save, status, autosave, revisions', () => {
    it('each save keeps a revision; the slug follows the title only before the first publication', async () => {
      const a = await createArticle(ctx, base, { title: 'Rascunho inicial' });
      const saved = (await ctx.call('PUT', url('article', a), { token: ctx.admin.token, body: { title: 'Rascunho renomeado', content: '<p>Novo corpo</p>' } })).json();
      expect(saved.message).toBe(CONTENT_SUCCESS_MESSAGES.ARTICLE_UPDATED);
      expect(saved.data.unique_key).toBe('rascunho-renomeado');
      const published = (await ctx.call('PUT', url('article-change-status', saved.data), { token: ctx.admin.token, body: { status: 'published' } })).json().data;
      expect(published.status).toBe('published');
      const firstPublished = published.published_at;
      expect(firstPublished).not.toBeNull();
      const renamed = (await ctx.call('PUT', url('article', published), { token: ctx.admin.token, body: { title: 'Título depois de publicar' } })).json().data;
      expect(renamed.unique_key).toBe('rascunho-renomeado');
      await ctx.call('PUT', url('article-change-status', renamed), { token: ctx.admin.token, body: { status: 'draft' } });
      const again = (await ctx.call('PUT', url('article-change-status', renamed), { token: ctx.admin.token, body: { status: 'published' } })).json().data;
      expect(again.published_at).toBe(firstPublished);
      const revisions = (await ctx.call('GET', url('article-revisions', renamed), { token: ctx.admin.token })).json().data;
      expect(revisions.map((r: { kind: string }) => r.kind)).toEqual(['save', 'save', 'save']);
      expect(revisions[0].title).toBe('Título depois de publicar');
      const stale = await ctx.call('GET', `/api/article/article/${a.id}/rascunho-inicial`, { token: ctx.admin.token });
      expect(stale.statusCode).toBe(404);
    });

    it('autosave updates a draft and replaces the one autosave revision; a published article keeps its live text', async () => {
      const draft = await createArticle(ctx, base, { title: 'Autosave rascunho' });
      const first = await ctx.call('PUT', url('article-autosave', draft), { token: ctx.admin.token, body: { content: '<p>Primeira versão <script>x</script></p>' } });
      expect(first.statusCode).toBe(200);
      expect(first.json().data.content).toBe('<p>Primeira versão </p>');
      await ctx.call('PUT', url('article-autosave', draft), { token: ctx.admin.token, body: { content: '<p>Segunda versão</p>', title: '' } });
      const revisions = (await ctx.call('GET', url('article-revisions', draft), { token: ctx.admin.token })).json().data;
      expect(revisions.filter((r: { kind: string }) => r.kind === 'autosave')).toHaveLength(1);
      expect(revisions[0]).toMatchObject({ kind: 'autosave', content: '<p>Segunda versão</p>', title: 'Autosave rascunho' });

      const live = await createArticle(ctx, base, { title: 'Autosave publicado', status: 'published', content: '<p>No ar</p>' });
      const auto = (await ctx.call('PUT', url('article-autosave', live), { token: ctx.admin.token, body: { content: '<p>Ainda editando</p>' } })).json().data;
      expect(auto.content).toBe('<p>No ar</p>');
      const liveRevisions = (await ctx.call('GET', url('article-revisions', live), { token: ctx.admin.token })).json().data;
      expect(liveRevisions[0]).toMatchObject({ kind: 'autosave', content: '<p>Ainda editando</p>' });
    });

    it('restores a revision (recorded as a restore revision)', async () => {
      const a = await createArticle(ctx, base, { title: 'Versão um', content: '<p>Texto um</p>' });
      await ctx.call('PUT', url('article', a), { token: ctx.admin.token, body: { title: 'Versão dois', content: '<p>Texto dois</p>' } });
      const current = (await ctx.call('GET', `/api/article/article/${a.id}/versao-dois`, { token: ctx.admin.token })).json().data;
      const revisions = (await ctx.call('GET', url('article-revisions', current), { token: ctx.admin.token })).json().data;
      const oldest = revisions[revisions.length - 1];
      const res = await ctx.call('POST', `${url('article-revisions', current)}/${oldest.id}/restore`, { token: ctx.admin.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: CONTENT_SUCCESS_MESSAGES.ARTICLE_RESTORED, data: { title: 'Versão um', content: '<p>Texto um</p>', unique_key: 'versao-um' } });
      const after = (await ctx.call('GET', `/api/article/article-revisions/${a.id}/versao-um`, { token: ctx.admin.token })).json().data;
      expect(after.map((r: { kind: string }) => r.kind)).toEqual(['restore', 'save', 'save']);
      const missing = await ctx.call('POST', `/api/article/article-revisions/${a.id}/versao-um/999999/restore`, { token: ctx.admin.token });
      expect(missing.statusCode).toBe(404);
    });

    it('deletes an article with its revisions', async () => {
      const a = await createArticle(ctx, base);
      const res = await ctx.call('DELETE', url('article', a), { token: ctx.admin.token });
      expect(res.json().message).toBe(CONTENT_SUCCESS_MESSAGES.ARTICLE_DELETED);
      expect((await ctx.db.query('SELECT 1 FROM article_revisions WHERE article_id = $1', [a.id])).length).toBe(0);
      expect((await ctx.call('DELETE', url('article', a), { token: ctx.admin.token })).statusCode).toBe(404);
    });
  });

  describe('list', () => {
    it('filters by status (scheduled included), category, author, emphasis and search, with pagination', async () => {
      const cat = await createCategory(ctx);
      const writer = await ctx.staff(['article_management']);
      const own = { image_id: base.image_id, category_ids: [cat.id] };
      await createArticle(ctx, own, { title: 'Zebra listrada', status: 'published', emphasis: true }, writer.token);
      await createArticle(ctx, own, { title: 'Agendado futuro', status: 'published', publish_at: new Date(Date.now() + 86_400_000).toISOString() }, writer.token);
      await createArticle(ctx, own, { title: 'Rascunho da zebra', content: '<p>Sobre tecnologias novas</p>' }, writer.token);
      const list = async (body: Record<string, unknown>) => (await ctx.call('POST', '/api/article/articles-list', { token: writer.token, body })).json().data;
      expect((await list({ category_id: cat.id })).total).toBe(3);
      expect((await list({ author_id: writer.id })).total).toBe(3);
      expect((await list({ category_id: cat.id, status: 'scheduled' })).items.map((a: { title: string }) => a.title)).toEqual(['Agendado futuro']);
      expect((await list({ category_id: cat.id, status: 'draft' })).items.map((a: { title: string }) => a.title)).toEqual(['Rascunho da zebra']);
      expect((await list({ category_id: cat.id, status: 'published' })).total).toBe(2);
      expect((await list({ category_id: cat.id, emphasis: true })).items.map((a: { title: string }) => a.title)).toEqual(['Zebra listrada']);
      expect((await list({ search: 'zebra', category_id: cat.id })).total).toBe(2);
      expect((await list({ search: 'tecnologia', author_id: writer.id })).items.map((a: { title: string }) => a.title)).toEqual(['Rascunho da zebra']);
      const page = await list({ category_id: cat.id, limit: 2, page: 2 });
      expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
      expect(page.items).toHaveLength(1);
    });

    it('is refused to a user without article_management (403)', async () => {
      const other = await ctx.staff(['dashboard', 'site_editor', 'user_management', 'settings']);
      expect((await ctx.call('POST', '/api/article/articles-list', { token: other.token, body: {} })).json().code).toBe('ACCESS_DENIED');
      expect((await ctx.call('POST', '/api/article/article', { token: other.token, body: { ...base, title: 'x', content: '<p>x</p>' } })).statusCode).toBe(403);
      expect((await ctx.call('POST', '/api/article/articles-list', { body: {} })).statusCode).toBe(401);
    });

    it('bad input never 500s and writes nothing', async () => {
      const a = await createArticle(ctx, base);
      const before = [await ctx.count('articles'), await ctx.count('article_revisions')];
      const cases: [string, string, unknown][] = [
        ['POST', '/api/article/article', '{"title": '],
        ['POST', '/api/article/article', { ...base, title: 'x'.repeat(161), content: '<p>x</p>' }],
        ['POST', '/api/article/article', { ...base, title: 'Ok', content: '<p>x</p>', unknown: true }],
        ['POST', '/api/article/article', { ...base, title: 'Ok', content: '<p>x</p>', category_ids: ['1'] }],
        ['POST', '/api/article/article', { ...base, title: 'Ok', content: '<p>x</p>', publish_at: 'tomorrow' }],
        ['POST', '/api/article/article', { ...base, title: 'Ok', content: '<p>x</p>', category_ids: [1, 1] }],
        ['POST', '/api/article/articles-list', { status: 'archived' }],
        ['PUT', url('article', a), {}],
        ['PUT', url('article', a), { title: 7 }],
        ['PUT', `/api/article/article/${a.id}/UPPER`, { title: 'x' }],
        ['PUT', url('article-change-status', a), { status: 'gone' }],
        ['PUT', url('article-autosave', a), { status: 'published' }],
        ['POST', `${url('article-revisions', a)}/abc/restore`, undefined],
        ['GET', '/api/article/article/0/x', undefined],
      ];
      for (const [method, path, body] of cases) {
        const res = await ctx.call(method as 'POST', path, { token: ctx.admin.token, body, headers: typeof body === 'string' ? { 'content-type': 'application/json' } : {} });
        expect([method, path, res.statusCode]).toEqual([method, path, expect.any(Number)]);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect([await ctx.count('articles'), await ctx.count('article_revisions')]).toEqual(before);
    });
  });
});
