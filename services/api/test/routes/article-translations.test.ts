import { BACKENDS, setupApp, withClockAhead, type TestContext } from '../helpers';
import { createArticle, createCategory, imageId, type ArticleRef } from '../content-helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const english = {
  title: 'Running a small shop in the cloud',
  excerpt: 'What changes when the shop runs online.',
  content: '<p>Owners running their shops online learn about inventories, invoices and customers.</p>',
  image_alt: 'A shop counter with a laptop',
  seo_description: 'A guide for small shop owners moving to the cloud.',
};

describe.each(BACKENDS)('article translations (%s)', (backend) => {
  let ctx: TestContext;
  let image: string;
  let category: { id: number; unique_key: string; name: string };
  let article: ArticleRef;

  beforeAll(async () => {
    ctx = await setupApp(backend);
    image = await imageId(ctx);
    category = await createCategory(ctx, { name: 'Comércio', names: { 'en-US': 'Commerce', 'es-ES': 'Comercio' } });
    article = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, {
      status: 'published',
      title: 'Uma loja pequena na nuvem',
      content: '<p>Donos de lojas aprendem sobre estoques, notas fiscais e clientes quando vendem pela internet.</p>',
    });
  }, 60_000);
  afterAll(() => ctx.close());

  const path = (a: ArticleRef, locale?: string) => `/api/article/article-translation/${a.id}/${a.unique_key}${locale ? `/${locale}` : ''}`;
  const put = (a: ArticleRef, locale: string, body: Json, token = ctx.admin.token) => ctx.call('PUT', path(a, locale), { token, body });
  const list = async (a: ArticleRef): Promise<Json[]> => (await ctx.call('GET', `/api/article/article-translations/${a.id}/${a.unique_key}`, { token: ctx.admin.token })).json().data;
  const page = async (a: ArticleRef, lang: string): Promise<Json> => {
    const res = await ctx.call('GET', `/api/public/article/${a.id}/${a.unique_key}?lang=${lang}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.article;
  };
  const blogTitles = async (lang: string): Promise<string[]> =>
    (await ctx.call('GET', `/api/public/articles?lang=${lang}&limit=48`)).json().data.items.map((i: Json) => i.title);

  it('a translation lives its own life: draft, published, unpublished, deleted, and the original and the others never change', async () => {
    const draft = await put(article, 'en-US', english);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data).toMatchObject({ locale: 'en-US', status: 'draft', state: 'draft', published_at: null, out_of_date: false, image_alt: english.image_alt });
    // A draft is not public: the English page shows the original, in its language, and claims no translation.
    expect(await page(article, 'en-US')).toMatchObject({ title: 'Uma loja pequena na nuvem', lang: 'pt-BR', languages: ['pt-BR'] });

    const published = (await put(article, 'en-US', { ...english, status: 'published' })).json().data;
    expect(published).toMatchObject({ status: 'published', state: 'published' });
    expect(published.published_at).not.toBeNull();
    const en = await page(article, 'en-US');
    expect(en).toMatchObject({ title: english.title, excerpt: english.excerpt, lang: 'en-US', languages: ['pt-BR', 'en-US'], image_alt: english.image_alt, meta_description: english.seo_description });
    expect(en.content).toContain('Owners running their shops');
    expect(en.categories[0].name).toBe('Commerce');
    expect(await page(article, 'pt-BR')).toMatchObject({ title: 'Uma loja pequena na nuvem', lang: 'pt-BR', languages: ['pt-BR', 'en-US'] });
    expect(await page(article, 'es-ES')).toMatchObject({ title: 'Uma loja pequena na nuvem', lang: 'pt-BR' });
    expect(await blogTitles('en-US')).toContain(english.title);
    expect(await blogTitles('pt-BR')).toContain('Uma loja pequena na nuvem');

    // Spanish as a draft beside it: English stays published.
    await put(article, 'es-ES', { title: 'Una tienda pequeña en la nube', content: '<p>Los dueños de tiendas aprenden sobre inventarios.</p>' });
    expect((await list(article)).map((t) => [t.locale, t.state])).toEqual([
      ['en-US', 'published'],
      ['es-ES', 'draft'],
    ]);

    // The original unpublished: the English version stays public; a Portuguese visitor gets it, marked as English.
    expect((await ctx.call('PUT', `/api/article/article-change-status/${article.id}/${article.unique_key}`, { token: ctx.admin.token, body: { status: 'draft' } })).statusCode).toBe(200);
    expect(await page(article, 'en-US')).toMatchObject({ title: english.title, lang: 'en-US', languages: ['en-US'] });
    expect(await page(article, 'pt-BR')).toMatchObject({ title: english.title, lang: 'en-US', languages: ['en-US'] });
    expect((await list(article)).find((t) => t.locale === 'en-US')).toMatchObject({ status: 'published' });
    expect(await blogTitles('pt-BR')).toContain(english.title);
    await ctx.call('PUT', `/api/article/article-change-status/${article.id}/${article.unique_key}`, { token: ctx.admin.token, body: { status: 'published' } });

    // Unpublishing English is status: draft; the original is untouched.
    expect((await put(article, 'en-US', { ...english, status: 'draft' })).json().data.state).toBe('draft');
    expect(await page(article, 'en-US')).toMatchObject({ lang: 'pt-BR', languages: ['pt-BR'] });
    const original = (await ctx.call('GET', `/api/article/article/${article.id}/${article.unique_key}`, { token: ctx.admin.token })).json().data;
    expect(original).toMatchObject({ status: 'published', title: 'Uma loja pequena na nuvem' });
    expect(original.translations).toEqual([
      { locale: 'en-US', state: 'draft', out_of_date: false },
      { locale: 'es-ES', state: 'draft', out_of_date: false },
    ]);

    // Deleting English leaves Spanish.
    expect((await ctx.call('DELETE', path(article, 'en-US'), { token: ctx.admin.token })).statusCode).toBe(200);
    expect((await list(article)).map((t) => t.locale)).toEqual(['es-ES']);
    expect((await ctx.call('DELETE', path(article, 'en-US'), { token: ctx.admin.token })).statusCode).toBe(404);
  });

  it('a scheduled translation is public from its time; the state says so', async () => {
    const a = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { status: 'published' });
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const saved = (await put(a, 'fr-FR', { title: 'Un lancement prévu', content: '<p>Bientôt en ligne.</p>', publish_at: future })).json().data;
    expect(saved).toMatchObject({ status: 'published', state: 'scheduled', publish_at: future });
    expect(await page(a, 'fr-FR')).toMatchObject({ lang: 'pt-BR', languages: ['pt-BR'] });
    // The three days pass: on the database's side (publish_at moves back) and on the process's clock (the answer
    // cache keys on the next scheduled instant, a translation's too).
    await ctx.db.query("UPDATE article_translations SET publish_at = now() - interval '1 minute' WHERE article_id = $1 AND locale = 'fr-FR'", [a.id]);
    await withClockAhead(3 * 86_400_000 + 60_000, async () => {
      expect(await page(a, 'fr-FR')).toMatchObject({ title: 'Un lancement prévu', lang: 'fr-FR', languages: ['pt-BR', 'fr-FR'] });
    });
  });

  it('a translation is out of date once the original changes, and up to date when saved again', async () => {
    const a = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { status: 'published', content: '<p>Primeira versão do texto.</p>' });
    await put(a, 'ht-HT', { title: 'Yon premye vèsyon', content: '<p>Premye vèsyon tèks la.</p>' });
    // A save that changes nothing of the text keeps it up to date; a changed body does not.
    await ctx.call('PUT', `/api/article/article/${a.id}/${a.unique_key}`, { token: ctx.admin.token, body: { emphasis: true } });
    expect((await list(a))[0]).toMatchObject({ locale: 'ht-HT', out_of_date: false });
    await ctx.call('PUT', `/api/article/article/${a.id}/${a.unique_key}`, { token: ctx.admin.token, body: { content: '<p>Segunda versão do texto.</p>' } });
    expect((await list(a))[0]).toMatchObject({ locale: 'ht-HT', out_of_date: true });
    const listed = (await ctx.call('POST', '/api/article/articles-list', { token: ctx.admin.token, body: { search: a.title } })).json().data.items;
    expect(listed.find((x: Json) => x.id === a.id).translations).toEqual([{ locale: 'ht-HT', state: 'draft', out_of_date: true }]);
    await put(a, 'ht-HT', { title: 'Yon dezyèm vèsyon', content: '<p>Dezyèm vèsyon tèks la.</p>' });
    expect((await list(a))[0]).toMatchObject({ out_of_date: false });
  });

  it("keeps each language's revisions apart and restores a translation's into it", async () => {
    const a = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { status: 'published' });
    await put(a, 'es-ES', { title: 'Primera', content: '<p>Texto uno.</p>' });
    await put(a, 'es-ES', { title: 'Segunda', content: '<p>Texto dos.</p>', status: 'published' });
    const revisions = (await ctx.call('GET', `/api/article/article-revisions/${a.id}/${a.unique_key}?locale=es-ES`, { token: ctx.admin.token })).json().data;
    expect(revisions.map((r: Json) => [r.title, r.locale])).toEqual([
      ['Segunda', 'es-ES'],
      ['Primera', 'es-ES'],
    ]);
    const originals = (await ctx.call('GET', `/api/article/article-revisions/${a.id}/${a.unique_key}`, { token: ctx.admin.token })).json().data;
    expect(originals.every((r: Json) => r.locale === 'pt-BR')).toBe(true);
    const first = revisions[1];
    expect((await ctx.call('POST', `/api/article/article-revisions/${a.id}/${a.unique_key}/${first.id}/restore`, { token: ctx.admin.token })).statusCode).toBe(200);
    expect((await list(a))[0]).toMatchObject({ title: 'Primera', status: 'published' });
    expect(await page(a, 'es-ES')).toMatchObject({ title: 'Primera', lang: 'es-ES' });
    expect((await ctx.call('GET', `/api/article/article/${a.id}/${a.unique_key}`, { token: ctx.admin.token })).json().data.title).toBe(a.title);
  });

  it('refuses bad input with specific errors and writes nothing', async () => {
    const before = await ctx.count('article_translations');
    const blank = await put(article, 'fr-FR', { title: '   ', content: '<p>x</p>' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(blank.json().errors[0].property).toBe('title');
    // A title of invisible characters only (zero-width space, joiner, byte order mark) is no title, here and on the original.
    const invisible = await put(article, 'fr-FR', { title: '\u200b\u2060\ufeff ', content: '<p>x</p>' });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().errors[0].property).toBe('title');
    const original = await ctx.call('POST', '/api/article/article', { token: ctx.admin.token, body: { title: '\u200b', content: '<p>x</p>', image_id: image, category_ids: [category.id] } });
    expect(original.statusCode).toBe(400);
    expect(original.json().errors[0].property).toBe('title');
    const scriptOnly = await put(article, 'fr-FR', { title: 'Titre', content: '<script>alert(1)</script>' });
    expect(scriptOnly.statusCode).toBe(400);
    expect(scriptOnly.json().errors[0].property).toBe('content');
    expect((await put(article, 'pt-BR', { title: 'x', content: '<p>x</p>' })).statusCode).toBe(400);
    expect((await put(article, 'de-DE', { title: 'x', content: '<p>x</p>' })).statusCode).toBe(400);
    expect((await put(article, 'fr-FR', { title: 'x', content: '<p>x</p>', status: 'scheduled' })).statusCode).toBe(400);
    expect((await put({ ...article, unique_key: 'outra-chave' }, 'fr-FR', { title: 'x', content: '<p>x</p>' })).statusCode).toBe(404);
    expect(await ctx.count('article_translations')).toBe(before);
  });

  it('asks for the article access, and the audit log names who changed which translation', async () => {
    expect((await ctx.call('PUT', path(article, 'fr-FR'), { body: { title: 'x', content: '<p>x</p>' } })).statusCode).toBe(401);
    const other = await ctx.staff(['dashboard', 'site_editor', 'settings']);
    expect((await put(article, 'fr-FR', { title: 'x', content: '<p>x</p>' }, other.token)).statusCode).toBe(403);
    expect((await ctx.call('GET', `/api/article/article-translations/${article.id}/${article.unique_key}`, { token: other.token })).statusCode).toBe(403);
    const writer = await ctx.staff(['article_management']);
    expect((await put(article, 'fr-FR', { title: 'Une petite boutique', content: '<p>Texte.</p>' }, writer.token)).statusCode).toBe(200);
    const entries = await ctx.db.query<{ actor_id: number; action: string; changes: Json }>(
      "SELECT actor_id, action, changes FROM audit_log WHERE record_type = 'article_translation' AND record_id = $1 ORDER BY id",
      [`${article.id} fr-FR`],
    );
    expect(entries[0]).toMatchObject({ actor_id: writer.id, action: 'create' });
    expect(entries[0]?.changes).toMatchObject({ locale: 'fr-FR', title: 'Une petite boutique', content: '…' });
    expect(entries[0]?.changes).not.toHaveProperty('search');
  });

  describe('search per language', () => {
    let translated: ArticleRef;
    let untranslated: ArticleRef;
    beforeAll(async () => {
      translated = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, {
        status: 'published',
        title: 'Correr maratonas no escritório',
        content: '<p>Um texto sobre corridas e jaguatiricas.</p>',
      });
      await put(translated, 'en-US', { title: 'Running marathons at the office', content: '<p>A text about runners and ocelots.</p>', status: 'published' });
      await put(translated, 'es-ES', { title: 'Correr maratones en la oficina', content: '<p>Un texto sobre corredores y ocelotes.</p>', status: 'published' });
      untranslated = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, {
        status: 'published',
        title: 'Capivaras no jardim',
        content: '<p>Um texto sobre capivaras.</p>',
      });
    });
    const search = async (q: string, lang: string): Promise<Json[]> => {
      const res = await ctx.call('GET', `/api/public/search?q=${encodeURIComponent(q)}&lang=${lang}`);
      expect(res.statusCode).toBe(200);
      return res.json().data.items;
    };

    it("searches each article's version in the language with that language's stemming", async () => {
      // English stems: "run" finds "Running"; the English card, highlighted in English.
      const en = await search('run ocelot', 'en-US');
      expect(en.map((i) => i.id)).toEqual([translated.id]);
      expect(en[0]).toMatchObject({ title: 'Running marathons at the office', lang: 'en-US' });
      expect(en[0]?.highlight).toContain('<mark>ocelots</mark>');
      // The English version replaces the original in an English search: its Portuguese words are not searched.
      expect(await search('jaguatiricas', 'en-US')).toEqual([]);
      // An article with no English version is searched in its original, and says its language.
      expect((await search('capivaras', 'en-US')).map((i) => [i.id, i.lang])).toEqual([[untranslated.id, 'pt-BR']]);
      // Spanish stems ("corredor" finds "corredores"), Portuguese stems in pt-BR.
      expect((await search('corredor', 'es-ES')).map((i) => i.id)).toEqual([translated.id]);
      expect((await search('jaguatirica', 'pt-BR')).map((i) => [i.id, i.lang])).toEqual([[translated.id, 'pt-BR']]);
      expect(await search('ocelot', 'pt-BR')).toEqual([]);
    });
  });

  describe('feeds and sitemap', () => {
    let post: ArticleRef;
    let plain: ArticleRef;
    beforeAll(async () => {
      post = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { status: 'published', title: 'Vitrines que vendem sozinhas' });
      await put(post, 'en-US', { title: 'Shop windows that sell by themselves', content: '<p>Windows.</p>', status: 'published' });
      plain = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { status: 'published', title: 'Balcões que só falam português' });
    });

    it('RSS per language: the translation, links in the language, the original marked with its language', async () => {
      const res = await ctx.call('GET', '/rss.xml?lang=en-US');
      expect(res.statusCode).toBe(200);
      const xml = res.body;
      expect(xml).toContain('<language>en-US</language>');
      expect(xml).toContain('<title>Shop windows that sell by themselves</title>');
      expect(xml).toContain(`/post/${post.unique_key}/${post.id}?lang=en-US</link>`);
      expect(xml).not.toContain('<title>Vitrines que vendem sozinhas</title>');
      const plainItem = xml.split('<item>').find((item) => item.includes('Balcões que só falam português')) ?? '';
      expect(plainItem).toContain('<dc:language>pt-BR</dc:language>');
      const pt = (await ctx.call('GET', '/rss.xml')).body;
      expect(pt).toContain('<language>pt-BR</language>');
      expect(pt).toContain('<title>Vitrines que vendem sozinhas</title>');
      expect(pt).not.toContain('<dc:language>');
      const cat = (await ctx.call('GET', `/rss/${category.unique_key}.xml?lang=en-US`)).body;
      expect(cat).toContain('Commerce</title>');
      expect(cat).toContain('<title>Shop windows that sell by themselves</title>');
    });

    it('the sitemap lists each version with its alternates, and only the languages that exist', async () => {
      const xml = (await ctx.call('GET', '/sitemap.xml')).body;
      expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      const entries = xml.split('<url>').filter((u) => u.includes(`/post/${post.unique_key}/${post.id}`));
      expect(entries).toHaveLength(2);
      for (const entry of entries) {
        expect(entry).toContain(`hreflang="pt-BR" href="http://vitrine.test/post/${post.unique_key}/${post.id}"`);
        expect(entry).toContain(`hreflang="en-US" href="http://vitrine.test/post/${post.unique_key}/${post.id}?lang=en-US"`);
        expect(entry).toContain('hreflang="x-default"');
        expect(entry).not.toContain('hreflang="es-ES"');
      }
      const plainEntries = xml.split('<url>').filter((u) => u.includes(`/post/${plain.unique_key}/${plain.id}`));
      expect(plainEntries).toHaveLength(1);
      expect(plainEntries[0]).not.toContain('hreflang="en-US"');
    });
  });
});
