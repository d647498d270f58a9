import { BACKENDS, PUBLIC_URL, setupApp, testConfig, withClockAhead, type TestContext } from '../helpers';
import { createArticle, createCategory, imageId } from '../content-helpers';

/**
 * A small XML well-formedness check: one root, tags nest and close, attribute
 * values quoted, text without a raw '<' and with only known or numeric entities.
 */
function assertWellFormedXml(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const body = xml.replace(/^<\?xml[^?]*\?>/, '');
  const stack: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const m of body.matchAll(token)) {
    const [, closing, name, , selfClosing, text, stray] = m;
    if (stray) throw new Error(`stray '<' at ${m.index}: ${body.slice(m.index ?? 0, (m.index ?? 0) + 40)}`);
    if (text !== undefined) {
      if (stack.length === 0 && text.trim()) throw new Error(`text outside the root: ${text}`);
      const bad = text.match(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/);
      if (bad) throw new Error(`bare '&' in: ${text}`);
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
      continue;
    }
    if (stack.length === 0) roots += 1;
    if (!selfClosing) stack.push(name ?? '');
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

function items(rss: string): string[] {
  return [...rss.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1] ?? '');
}

function tag(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml)?.[1];
}

/** What a feed reader reads as HTML from an element's XML text (the XML's entities decoded). */
function readerHtml(xmlText: string): string {
  return xmlText.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '');
}

/** The text that HTML without markup shows (its entities decoded). */
function shownText(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
}

const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

describe('the XML check of these tests', () => {
  it('rejects mismatched tags, a bare ampersand and two roots', () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>';
    expect(() => assertWellFormedXml(`${head}<a><b></a></b>`)).toThrow();
    expect(() => assertWellFormedXml(`${head}<a>P&D</a>`)).toThrow();
    expect(() => assertWellFormedXml(`${head}<a/><b/>`)).toThrow();
    expect(() => assertWellFormedXml(`${head}<a x="1"><b/>P&amp;D &#38;</a>`)).not.toThrow();
  });
});

describe.each(BACKENDS)('sitemap, robots.txt and RSS (%s)', (backend) => {
  let ctx: TestContext;
  let image: string;
  let tech: { id: number; unique_key: string; name: string };
  let design: { id: number; unique_key: string; name: string };
  let post: { id: number; unique_key: string; title: string };
  let designPost: { id: number; unique_key: string; title: string };
  let draft: { id: number; unique_key: string; title: string };
  let scheduled: { id: number; unique_key: string; title: string };

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const updatedAt = async (id: number) =>
    new Date((await ctx.db.query<{ updated_at: Date }>('SELECT updated_at FROM articles WHERE id = $1', [id]))[0]?.updated_at ?? 0).toISOString();

  beforeAll(async () => {
    // No built shell here: the feeds are API routes and answer without one.
    ctx = await setupApp(backend);
    await ctx.db.query("UPDATE users SET name = 'Beatriz', last_name = 'Lima' WHERE id = $1", [ctx.admin.id]);
    image = await imageId(ctx);
    tech = await createCategory(ctx, { name: 'Tecnologia & Cia' });
    design = await createCategory(ctx, { name: 'Design' });
    post = await createArticle(
      ctx,
      { image_id: image, category_ids: [tech.id] },
      { title: 'P&D: <novidades> "do" mês', status: 'published', excerpt: 'Resumo com & e <tags>.' },
    );
    designPost = await createArticle(ctx, { image_id: image, category_ids: [design.id] }, { title: 'Cores que vendem', status: 'published' });
    draft = await createArticle(ctx, { image_id: image, category_ids: [tech.id] }, { title: 'Rascunho secreto' });
    scheduled = await createArticle(
      ctx,
      { image_id: image, category_ids: [tech.id] },
      { title: 'Agendado para amanhã', status: 'published', publish_at: new Date(Date.now() + 86_400_000).toISOString() },
    );
  }, 60_000);
  afterAll(() => ctx.close());

  describe('/robots.txt', () => {
    it('allows the public site, disallows /admin and /api, names the sitemap', async () => {
      const res = await get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers.etag).toMatch(/^W\/"v\d+-/);
      const lines = res.body.split('\n');
      expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api', `Sitemap: ${PUBLIC_URL}/sitemap.xml`]));
    });
  });

  describe('/sitemap.xml', () => {
    it('lists home, blog, contact, active categories, visible posts with lastmod and their authors; never drafts or scheduled posts', async () => {
      const res = await get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const xml = res.body;
      assertWellFormedXml(xml);
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
      const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toEqual(
        expect.arrayContaining([
          `${PUBLIC_URL}/`,
          `${PUBLIC_URL}/blog`,
          `${PUBLIC_URL}/contact`,
          `${PUBLIC_URL}/rc-sistemI`,
          `${PUBLIC_URL}/faq`,
          `${PUBLIC_URL}/blog?category=${tech.unique_key}`,
          `${PUBLIC_URL}/blog?category=${design.unique_key}`,
          `${PUBLIC_URL}/post/${post.unique_key}/${post.id}`,
          `${PUBLIC_URL}/post/${designPost.unique_key}/${designPost.id}`,
          `${PUBLIC_URL}/profile/${ctx.admin.unique_key}/${ctx.admin.id}`,
        ]),
      );
      expect(xml).toContain(`<url><loc>${PUBLIC_URL}/post/${post.unique_key}/${post.id}</loc><lastmod>${await updatedAt(post.id)}</lastmod><xhtml:link rel="alternate" hreflang="pt-BR" href="${PUBLIC_URL}/post/${post.unique_key}/${post.id}"/><xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/post/${post.unique_key}/${post.id}"/></url>`);
      expect(xml).not.toContain(`/post/${draft.unique_key}/`);
      expect(xml).not.toContain(`/post/${scheduled.unique_key}/`);
      expect(new Set(locs).size).toBe(locs.length);
      // One file: no index, so no file of one.
      expect((await get('/sitemaps/1.xml')).statusCode).toBe(404);
    });

    it('answers 304 for the same content, and a new ETag after a content write', async () => {
      const first = await get('/sitemap.xml');
      const etag = String(first.headers.etag);
      expect((await get('/sitemap.xml', { 'if-none-match': etag })).statusCode).toBe(304);
      const fresh = await createArticle(ctx, { image_id: image, category_ids: [design.id] }, { title: 'Novo no mapa', status: 'published' });
      const after = await get('/sitemap.xml', { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.body).toContain(`/post/${fresh.unique_key}/${fresh.id}`);
    });

    it('shows a scheduled post once its time has come (no write needed, the ETag still changes)', async () => {
      const later = await createArticle(
        ctx,
        { image_id: image, category_ids: [design.id] },
        { title: 'Agendado que chega', status: 'published', publish_at: new Date(Date.now() + 3_600_000).toISOString() },
      );
      const before = await get('/sitemap.xml');
      expect(before.body).not.toContain(`/post/${later.unique_key}/`);
      // The hour passes: on the database's side (publish_at moves back) and on the process's clock.
      await ctx.db.query("UPDATE articles SET publish_at = now() - interval '1 minute' WHERE id = $1", [later.id]);
      await withClockAhead(3_700_000, async () => {
        const after = await get('/sitemap.xml', { 'if-none-match': String(before.headers.etag) });
        expect(after.statusCode).toBe(200);
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect(after.body).toContain(`/post/${later.unique_key}/${later.id}`);
        expect((await get('/rss.xml')).body).toContain(`/post/${later.unique_key}/${later.id}`);
      });
    });
  });

  describe('/rss.xml', () => {
    it('is RSS 2.0 of the latest published articles with title, link, guid, RFC 822 pubDate, excerpt, category and creator', async () => {
      const res = await get('/rss.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers.etag).toMatch(/^W\/"v\d+-/);
      const xml = res.body;
      assertWellFormedXml(xml);
      expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">');
      expect(xml).toContain(`<atom:link href="${PUBLIC_URL}/rss.xml" rel="self" type="application/rss+xml"/>`);
      expect(tag(xml, 'link')).toBe(`${PUBLIC_URL}/blog`);
      expect(tag(xml, 'language')).toBe('pt-BR');
      expect(tag(xml, 'lastBuildDate')).toMatch(RFC822);

      const all = items(xml);
      expect(all.length).toBeGreaterThanOrEqual(2);
      expect(all.length).toBeLessThanOrEqual(20);
      const url = `${PUBLIC_URL}/post/${post.unique_key}/${post.id}`;
      const item = all.find((i) => tag(i, 'link') === url);
      expect(item).toBeDefined();
      const entry = item ?? '';
      expect(tag(entry, 'title')).toBe('P&amp;D: &lt;novidades&gt; &quot;do&quot; mês');
      expect(entry).toContain(`<guid isPermaLink="true">${url}</guid>`);
      expect(tag(entry, 'pubDate')).toMatch(RFC822);
      // The excerpt as text: its tag dropped, and the text written as HTML (feed readers read a description as HTML).
      expect(tag(entry, 'description')).toBe('Resumo com &amp;amp; e .');
      expect(tag(entry, 'category')).toBe('Tecnologia &amp; Cia');
      expect(tag(entry, 'dc:creator')).toBe('Beatriz Lima');
      expect(entry).toMatch(new RegExp(`<enclosure url="${PUBLIC_URL}/uploads/images/${image}/\\d+\\.webp" length="\\d+" type="image/webp"/>`));
      expect(xml).not.toContain('Rascunho secreto');
      expect(xml).not.toContain('Agendado para amanhã');
    });

    it('carries descriptions as text: markup in an excerpt or a category description, typed or entity-encoded, never reaches a reader as markup', async () => {
      const cat = await createCategory(ctx, { name: 'Marcação', description: '<b>Times</b> &amp; <img src=x onerror=alert(1)>gestão' });
      const excerpt = 'Promo &amp; novidades <img src=x onerror=alert(1)> &lt;img src=x onerror=alert(2)&gt; <script>alert(3)</script>fim & "aspas"';
      const marked = await createArticle(ctx, { image_id: image, category_ids: [cat.id] }, { title: 'Resumo com marcação', status: 'published', excerpt });
      const res = await get(`/rss/${cat.unique_key}.xml`);
      expect(res.statusCode).toBe(200);
      assertWellFormedXml(res.body);
      const entry = items(res.body).find((i) => tag(i, 'link') === `${PUBLIC_URL}/post/${marked.unique_key}/${marked.id}`) ?? '';
      const description = tag(entry, 'description') ?? '';
      // The reader's HTML holds no tag at all; it shows the excerpt's text, entity-encoded markup as text.
      expect(readerHtml(description)).not.toContain('<');
      expect(shownText(readerHtml(description))).toBe('Promo & novidades <img src=x onerror=alert(2)> fim & "aspas"');
      expect(description).toBe('Promo &amp;amp; novidades &amp;lt;img src=x onerror=alert(2)&amp;gt; fim &amp;amp; &quot;aspas&quot;');
      // The channel's description (the category's) the same way.
      const channel = tag(res.body.split('<item>')[0] ?? '', 'description') ?? '';
      expect(readerHtml(channel)).not.toContain('<');
      expect(shownText(readerHtml(channel))).toBe('Times & gestão');
      // The public API still answers the excerpt as it was written (the site shows it as text).
      const api = await ctx.call('GET', `/api/public/article/${marked.id}/${marked.unique_key}`);
      expect(api.json().data.article.excerpt).toBe(excerpt);
    });

    it('holds at most 20 items, newest first', async () => {
      for (let i = 0; i < 20; i += 1) await createArticle(ctx, { image_id: image, category_ids: [design.id] }, { status: 'published' });
      const all = items((await get('/rss.xml')).body);
      expect(all).toHaveLength(20);
      const dates = all.map((i) => Date.parse(tag(i, 'pubDate') ?? ''));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    });
  });

  describe('/rss/:category.xml', () => {
    it('has only that category’s published articles, and its own self link', async () => {
      const res = await get(`/rss/${tech.unique_key}.xml`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      assertWellFormedXml(res.body);
      expect(res.body).toContain(`<atom:link href="${PUBLIC_URL}/rss/${tech.unique_key}.xml" rel="self" type="application/rss+xml"/>`);
      expect(tag(res.body, 'title')).toBe('Vitrine — Tecnologia &amp; Cia');
      expect(tag(res.body, 'link')).toBe(`${PUBLIC_URL}/blog?category=${tech.unique_key}`);
      const links = items(res.body).map((i) => tag(i, 'link'));
      expect(links).toEqual([`${PUBLIC_URL}/post/${post.unique_key}/${post.id}`]);
    });

    it('answers 404 for an unknown category or a name without .xml', async () => {
      for (const url of ['/rss/nao-existe.xml', `/rss/${tech.unique_key}`, `/rss/${tech.unique_key}.json`, '/rss/..%2Fetc.xml']) {
        const res = await get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    });

    it('an inactive category: its feed is 404, it leaves the sitemap and its articles’ category lists', async () => {
      const res = await ctx.call('PUT', `/api/category/category-change-status/${design.id}/${design.unique_key}`, { token: ctx.admin.token, body: { active: false } });
      expect(res.statusCode).toBe(200);
      expect((await get(`/rss/${design.unique_key}.xml`)).statusCode).toBe(404);
      const sitemap = (await get('/sitemap.xml')).body;
      expect(sitemap).not.toContain(`/blog?category=${design.unique_key}`);
      expect(sitemap).toContain(`/blog?category=${tech.unique_key}`);
      const rss = (await get('/rss.xml')).body;
      expect(rss).not.toContain('<category>Design</category>');
    });
  });
});

describe.each(BACKENDS)('a sitemap larger than one file: an index of files (%s)', (backend) => {
  let ctx: TestContext;
  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] as string);

  beforeAll(async () => {
    // Ten <url> a file: the five fixed pages in five languages are already 25.
    ctx = await setupApp(backend, { config: testConfig({ sitemapFileUrls: 10 }) });
    const image = await imageId(ctx);
    const category = await createCategory(ctx);
    for (let i = 0; i < 3; i += 1) await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { status: 'published' });
  }, 60_000);
  afterAll(() => ctx.close());

  it('/sitemap.xml lists /sitemaps/1.xml… with their newest lastmod; together they hold every <url> once, at most ten each', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    assertWellFormedXml(index.body);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locsOf(index.body);
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files).toEqual(files.map((_, i) => `${PUBLIC_URL}/sitemaps/${i + 1}.xml`));
    expect(index.body).toMatch(/<\/loc><lastmod>\d{4}-\d{2}-\d{2}T[^<]+<\/lastmod><\/sitemap>/);
    const urls: string[] = [];
    for (const file of files) {
      const res = await get(file.slice(PUBLIC_URL.length));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      assertWellFormedXml(res.body);
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
      const locs = locsOf(res.body);
      expect(locs.length).toBeGreaterThan(0);
      expect(locs.length).toBeLessThanOrEqual(10);
      urls.push(...locs);
    }
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toEqual(expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/blog?lang=en-US`, `${PUBLIC_URL}/profile/${ctx.admin.unique_key}/${ctx.admin.id}`]));
    expect(urls.filter((u) => u.includes('/post/'))).toHaveLength(3);
    // Each file is cached and revalidated like the other feeds.
    const first = await get(files[0]?.slice(PUBLIC_URL.length) ?? '');
    expect((await get(files[0]?.slice(PUBLIC_URL.length) ?? '', { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
  });

  it.each(['/sitemaps/0.xml', '/sitemaps/999.xml', '/sitemaps/1', '/sitemaps/one.xml', '/sitemaps/01.xml'])('%s is a 404', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });
});
