import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { BACKENDS, PUBLIC_URL, setupApp, type TestContext } from '../helpers';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { escapeXml, injectIntoShell, jsonForScript } from '../../src/services/seo-pages';

/** The built shell's index.html as webpack minifies it (unquoted attributes, <div id=root>). */
const SHELL =
  '<!doctype html><html lang=pt-BR><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1">' +
  '<title>Vitrine</title><meta name=description content="Vitrine — tecnologia, design e marketing para empresas que querem crescer.">' +
  '<script defer src=/main.js></script></head><body><div id=root></div><noscript>Vitrine precisa de JavaScript.</noscript></body></html>';

const CRAWLER = { accept: 'text/html,application/xhtml+xml', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };

function decode(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '');
}

/** The decoded content of <meta property|name="key" content="...">; all of them when a key repeats. */
function metas(html: string, key: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]*)" content="([^"]*)">/g)) {
    if (decode(m[1] ?? '') === key) out.push(decode(m[2] ?? ''));
  }
  return out;
}

function meta(html: string, key: string): string | undefined {
  const all = metas(html, key);
  expect(all.length).toBeLessThanOrEqual(1);
  return all[0];
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? '') as Record<string, unknown>);
}

function title(html: string): string {
  const all = [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)];
  expect(all).toHaveLength(1);
  return decode(all[0]?.[1] ?? '');
}

function root(html: string): string {
  const m = /<div id=root>([\s\S]*)<\/div><noscript>/.exec(html);
  return m?.[1] ?? '';
}

function canonical(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
}

describe.each(BACKENDS)('pages for crawlers (%s)', (backend) => {
  let ctx: TestContext;
  let shellDir: string;
  let image: string;
  let category: { id: number; unique_key: string; name: string };
  let other: { id: number; unique_key: string; name: string };
  let post: { id: number; unique_key: string; title: string };

  const page = (url: string, headers: Record<string, string> = CRAWLER): Promise<LightMyRequestResponse> =>
    ctx.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-seo-shell-'));
    fs.writeFileSync(path.join(shellDir, 'index.html'), SHELL);
    fs.writeFileSync(path.join(shellDir, 'main.js'), 'console.log("shell")');
    ctx = await setupApp(backend, { site: { shellDir } });
    await ctx.db.query("UPDATE users SET name = 'Beatriz', last_name = 'Lima', position = 'Editora', biography = $2 WHERE id = $1", [
      ctx.admin.id,
      'Escreve sobre produto.\nGosta de café & <código>.',
    ]);
    image = await imageId(ctx);
    category = await createCategory(ctx, { name: 'Tecnologia', description: 'Tudo sobre tecnologia' });
    other = await createCategory(ctx, { name: 'Design' });
    post = await createArticle(
      ctx,
      { image_id: image, category_ids: [category.id] },
      {
        title: 'Como escolher um CMS',
        status: 'published',
        excerpt: 'Um guia curto para escolher.',
        meta_description: 'Critérios práticos para escolher um CMS.',
        content: '<h2>Critérios</h2><p>Velocidade, <strong>segurança</strong> e custo.</p>',
      },
    );
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(shellDir, { recursive: true, force: true });
  });

  describe('post /post/:slug/:id', () => {
    it('answers the shell with the post head (title, description, canonical, Open Graph, Twitter, JSON-LD)', async () => {
      const res = await page(`/post/${post.unique_key}/${post.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toMatch(/^W\/"v\d+-/);
      const html = res.body;
      const url = `${PUBLIC_URL}/post/${post.unique_key}/${post.id}`;
      const row = (await ctx.db.query<{ public_at: Date; updated_at: Date }>('SELECT public_at, updated_at FROM articles WHERE id = $1', [post.id]))[0];
      const published = new Date(row?.public_at ?? 0).toISOString();
      const modified = new Date(row?.updated_at ?? 0).toISOString();
      const profileUrl = `${PUBLIC_URL}/profile/${ctx.admin.unique_key}/${ctx.admin.id}`;

      expect(title(html)).toBe('Como escolher um CMS · Vitrine');
      // The shell's own description is replaced, not duplicated.
      expect(meta(html, 'description')).toBe('Critérios práticos para escolher um CMS.');
      expect(canonical(html)).toBe(url);
      expect(meta(html, 'og:title')).toBe('Como escolher um CMS · Vitrine');
      expect(meta(html, 'og:description')).toBe('Critérios práticos para escolher um CMS.');
      expect(meta(html, 'og:type')).toBe('article');
      expect(meta(html, 'og:url')).toBe(url);
      expect(meta(html, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/images/${image}/\\d+\\.webp$`));
      expect(meta(html, 'og:locale')).toBe('pt_BR');
      expect(meta(html, 'og:site_name')).toBe('Vitrine');
      expect(meta(html, 'article:published_time')).toBe(published);
      expect(meta(html, 'article:modified_time')).toBe(modified);
      expect(meta(html, 'article:author')).toBe(profileUrl);
      expect(meta(html, 'article:section')).toBe('Tecnologia');
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'twitter:title')).toBe('Como escolher um CMS · Vitrine');
      expect(meta(html, 'twitter:description')).toBe('Critérios práticos para escolher um CMS.');
      expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
      expect(html).toContain(`<link rel="alternate" href="${PUBLIC_URL}/rss.xml" type="application/rss+xml" title="Vitrine">`);

      const [ld, ...rest] = jsonLd(html);
      expect(rest).toHaveLength(0);
      expect(ld).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'Como escolher um CMS',
        image: [meta(html, 'og:image')],
        datePublished: published,
        dateModified: modified,
        author: { '@type': 'Person', name: 'Beatriz Lima', url: profileUrl },
        publisher: { '@type': 'Organization', name: 'Vitrine' },
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      });
      // The shell still boots: its script and the rest of its head stay.
      expect(html).toContain('<script defer src=/main.js></script>');
      expect(html.startsWith('<!doctype html><html lang=pt-BR><head><meta charset=utf-8>')).toBe(true);
    });

    it('puts the article inside #root, which the SPA replaces when it boots', async () => {
      const body = root((await page(`/post/${post.unique_key}/${post.id}`)).body);
      expect(body).toContain('<h1>Como escolher um CMS</h1>');
      expect(body).toContain(`<a href="/profile/${ctx.admin.unique_key}/${ctx.admin.id}" rel="author">Beatriz Lima</a>`);
      expect(body).toMatch(/<time datetime="[^"]+">\d{2}\/\d{2}\/\d{4}<\/time>/);
      expect(body).toContain('<h2>Critérios</h2><p>Velocidade, <strong>segurança</strong> e custo.</p>');
      expect(body).toContain(`<a href="/blog?category=${category.unique_key}" rel="tag">Tecnologia</a>`);
      expect(body).toMatch(new RegExp(`<img src="/uploads/images/${image}/\\d+\\.webp" alt="Como escolher um CMS"`));
    });

    it('embeds the API answers the first render asks for, so the page makes no call', async () => {
      const res = await page(`/post/${post.unique_key}/${post.id}`);
      const match = /<script id="vt-initial-data" type="application\/json">([\s\S]*?)<\/script>/.exec(res.body);
      expect(match).not.toBeNull();
      const data = JSON.parse(match![1]!) as Record<string, { data: unknown }>;
      const api = await ctx.app.inject({ method: 'GET', url: `/api/public/article/${post.id}/${post.unique_key}` });
      expect(data[`/public/article/${post.id}/${post.unique_key}`]).toEqual(api.json());
      expect(data['/seo/public-seo']).toEqual((await ctx.app.inject({ method: 'GET', url: '/api/seo/public-seo' })).json());
      expect(match![1]).not.toContain('<');
    });

    it('links related posts (same category) in the body', async () => {
      const sibling = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { title: 'Outro artigo de tecnologia', status: 'published' });
      const body = root((await page(`/post/${post.unique_key}/${post.id}`)).body);
      expect(body).toContain(`<a href="/post/${sibling.unique_key}/${sibling.id}">Outro artigo de tecnologia</a>`);
    });

    it('escapes a hostile title everywhere: attributes, <title>, JSON-LD and the body', async () => {
      const evil = `Aspas "duplas" & 'simples' </script><script>alert(1)</script> <!-- $& $' $\``;
      const a = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { title: evil, status: 'published', meta_description: 'Desc "com" <b>tags</b> & mais' });
      const res = await page(`/post/${a.unique_key}/${a.id}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<!--');
      // Exactly the shell's script, one JSON-LD block and the embedded page data.
      expect(html.match(/<script\b/g)).toHaveLength(3);
      expect(title(html)).toBe(`${evil} · Vitrine`);
      expect(meta(html, 'og:title')).toBe(`${evil} · Vitrine`);
      expect(meta(html, 'twitter:title')).toBe(`${evil} · Vitrine`);
      expect(meta(html, 'description')).toBe('Desc "com" <b>tags</b> & mais');
      const [ld] = jsonLd(html);
      expect(ld?.headline).toBe(evil);
      expect(ld?.description).toBe('Desc "com" <b>tags</b> & mais');
      expect(html).toContain('\\u003c/script\\u003e');
      expect(root(html)).toContain(`<h1>${evil.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</h1>`);
    });

    it('answers 404 with the plain shell for a draft, a scheduled, an unknown post or a wrong slug', async () => {
      const draft = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { title: 'Rascunho secreto' });
      const scheduled = await createArticle(
        ctx,
        { image_id: image, category_ids: [category.id] },
        { title: 'Agendado para amanhã', status: 'published', publish_at: new Date(Date.now() + 86_400_000).toISOString() },
      );
      for (const url of [
        `/post/${draft.unique_key}/${draft.id}`,
        `/post/${scheduled.unique_key}/${scheduled.id}`,
        `/post/${post.unique_key}/999999`,
        `/post/outro-slug/${post.id}`,
        `/post/Maiusculas/${post.id}`,
      ]) {
        const res = await page(url);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toBe(SHELL);
      }
    });

    it('answers a post that is no longer published with 404', async () => {
      const a = await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { title: 'Vai sair do ar', status: 'published' });
      expect((await page(`/post/${a.unique_key}/${a.id}`)).statusCode).toBe(200);
      const res = await ctx.call('PUT', `/api/article/article-change-status/${a.id}/${a.unique_key}`, { token: ctx.admin.token, body: { status: 'draft' } });
      expect(res.statusCode).toBe(200);
      expect((await page(`/post/${a.unique_key}/${a.id}`)).statusCode).toBe(404);
    });

    it('answers link-preview bots that send Accept */* or no Accept at all', async () => {
      const bots: Record<string, string>[] = [{ accept: '*/*', 'user-agent': 'facebookexternalhit/1.1' }, { 'user-agent': 'WhatsApp/2.23' }];
      for (const headers of bots) {
        const res = await page(`/post/${post.unique_key}/${post.id}`, headers);
        expect(res.statusCode).toBe(200);
        expect(meta(res.body, 'og:title')).toBe('Como escolher um CMS · Vitrine');
      }
    });

    it('answers 304 to a client that holds the page', async () => {
      const first = await page(`/post/${post.unique_key}/${post.id}`);
      const again = await page(`/post/${post.unique_key}/${post.id}`, { ...CRAWLER, 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });
  });

  describe('profile /profile/:uniqueKey/:id', () => {
    it('answers the Person head and the bio and article list in the body', async () => {
      const res = await page(`/profile/${ctx.admin.unique_key}/${ctx.admin.id}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      const url = `${PUBLIC_URL}/profile/${ctx.admin.unique_key}/${ctx.admin.id}`;
      expect(title(html)).toBe('Beatriz Lima · Vitrine');
      expect(meta(html, 'description')).toBe('Escreve sobre produto. Gosta de café & <código>.');
      expect(canonical(html)).toBe(url);
      expect(meta(html, 'og:type')).toBe('profile');
      expect(meta(html, 'og:url')).toBe(url);
      expect(meta(html, 'profile:first_name')).toBe('Beatriz');
      expect(meta(html, 'profile:last_name')).toBe('Lima');
      expect(meta(html, 'twitter:card')).toBe('summary');
      expect(jsonLd(html)[0]).toMatchObject({ '@type': 'Person', name: 'Beatriz Lima', jobTitle: 'Editora', url, worksFor: { '@type': 'Organization', name: 'Vitrine' } });
      const body = root(html);
      expect(body).toContain('<h1>Beatriz Lima</h1>');
      expect(body).toContain('<p>Gosta de café &#38; &#60;código&#62;.</p>');
      expect(body).toContain(`<a href="/post/${post.unique_key}/${post.id}">Como escolher um CMS</a>`);
      expect(body).not.toContain('Rascunho secreto');
      expect(body).not.toContain('Agendado para amanhã');
    });

    it('answers 404 with the plain shell for an unknown profile or a wrong key', async () => {
      for (const url of [`/profile/${ctx.admin.unique_key}/999999`, `/profile/nao-existe/${ctx.admin.id}`]) {
        const res = await page(url);
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe(SHELL);
      }
    });
  });

  describe('blog and home', () => {
    it('/blog lists the published titles with links, a WebSite with SearchAction and the category links', async () => {
      const res = await page('/blog');
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(title(html)).toBe('Blog · Vitrine');
      expect(canonical(html)).toBe(`${PUBLIC_URL}/blog`);
      expect(meta(html, 'og:type')).toBe('website');
      const website = jsonLd(html).find((d) => d['@type'] === 'WebSite');
      expect(website).toMatchObject({
        url: `${PUBLIC_URL}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${PUBLIC_URL}/list-article-results/{search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      });
      const body = root(html);
      expect(body).toContain(`<a href="/post/${post.unique_key}/${post.id}">Como escolher um CMS</a>`);
      expect(body).toContain(`<a href="/blog?category=${category.unique_key}">Tecnologia</a>`);
      expect(body).not.toContain('Rascunho secreto');
      expect(body).not.toContain('Agendado para amanhã');
    });

    it('/blog?category= narrows to the category; unknown or inactive categories and pages past the end are 404', async () => {
      const designPost = await createArticle(ctx, { image_id: image, category_ids: [other.id] }, { title: 'Só de design', status: 'published' });
      const res = await page(`/blog?category=${other.unique_key}`);
      expect(res.statusCode).toBe(200);
      expect(title(res.body)).toBe('Design · Blog · Vitrine');
      expect(canonical(res.body)).toBe(`${PUBLIC_URL}/blog?category=${other.unique_key}`);
      expect(res.body).toContain(`<link rel="alternate" href="${PUBLIC_URL}/rss/${other.unique_key}.xml" type="application/rss+xml"`);
      expect(root(res.body)).toContain(`/post/${designPost.unique_key}/${designPost.id}`);
      expect(root(res.body)).not.toContain(`/post/${post.unique_key}/${post.id}"`);

      expect((await page('/blog?category=nao-existe')).statusCode).toBe(404);
      expect((await page('/blog?page=999')).statusCode).toBe(404);
      const inactive = await createCategory(ctx, { name: 'Inativa', active: false });
      expect((await page(`/blog?category=${inactive.unique_key}`)).statusCode).toBe(404);
    });

    it('/blog?page=2 has its own canonical and prev link', async () => {
      for (let i = 0; i < 12; i += 1) await createArticle(ctx, { image_id: image, category_ids: [other.id] }, { status: 'published' });
      const res = await page('/blog?page=2');
      expect(res.statusCode).toBe(200);
      expect(title(res.body)).toBe('Blog · Página 2 · Vitrine');
      expect(canonical(res.body)).toBe(`${PUBLIC_URL}/blog?page=2`);
      expect(res.body).toContain(`<link rel="prev" href="${PUBLIC_URL}/blog">`);
      expect(root((await page('/blog')).body)).toContain('<a href="/blog?page=2" rel="next">');
    });

    it('/ keeps the shell title and lists recent articles', async () => {
      const res = await page('/');
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(title(html)).toBe('Vitrine');
      expect(meta(html, 'description')).toBe('Vitrine — tecnologia, design e marketing para empresas que querem crescer.');
      expect(canonical(html)).toBe(`${PUBLIC_URL}/`);
      expect(meta(html, 'og:type')).toBe('website');
      expect(jsonLd(html)[0]?.['@type']).toBe('WebSite');
      expect(root(html)).toContain('/post/');
      expect(root(html)).not.toContain('Rascunho secreto');
    });
  });

  describe('everything else', () => {
    it('keeps the plain SPA fallback for other routes and non-HTML requests', async () => {
      const contact = await page('/contact');
      expect(contact.statusCode).toBe(200);
      expect(contact.body).toBe(SHELL);
      const admin = await page('/admin/list-of-articles');
      expect(admin.body).toBe(SHELL);
      const json = await page(`/post/${post.unique_key}/${post.id}`, { accept: 'application/json' });
      expect(json.statusCode).toBe(404);
      expect(json.json().code).toBe('NOT_FOUND');
      const asset = await page('/main.js', { accept: '*/*' });
      expect(asset.body).toBe('console.log("shell")');
    });

    it('picks up a redeployed shell at once', async () => {
      const redeployed = SHELL.replace('/main.js', '/main.abcdef1234.js').replace('<title>Vitrine</title>', '<title>Vitrine nova</title>');
      fs.writeFileSync(path.join(shellDir, 'index.html'), redeployed);
      try {
        const res = await page(`/post/${post.unique_key}/${post.id}`);
        expect(res.body).toContain('<script defer src=/main.abcdef1234.js></script>');
        expect(title((await page('/')).body)).toBe('Vitrine nova');
      } finally {
        fs.writeFileSync(path.join(shellDir, 'index.html'), SHELL);
      }
    });
  });
});

describe('escaping helpers', () => {
  it('JSON for a script element never contains < > & or line separators', () => {
    const out = jsonForScript({ t: '</script><!-- & \u2028' });
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual({ t: '</script><!-- & \u2028' });
  });

  it('XML escaping drops characters XML forbids', () => {
    expect(escapeXml(`a&b<c>"d'\u0001\uFFFF`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });

  it('keeps $ patterns literal and leaves a shell without an empty #root alone', () => {
    const head = { title: "$& $' $`", description: 'd', canonical: 'http://x/', type: 'website' as const, jsonLd: [] };
    const html = injectIntoShell('<html><head><title>x</title></head><body><div id="root"><p>kept</p></div></body></html>', { head, body: '<p>new</p>' });
    expect(html).toContain("<title>$&#38; $&#39; $`</title>");
    expect(html).toContain('<div id="root"><p>kept</p></div>');
  });
});
