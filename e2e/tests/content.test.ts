// Content, end to end in the browser: staff composes and publishes an article in the admin
// remote (title, TipTap body, cover upload, two categories), opens it from 'Seu artigo está no ar!',
// finds it on the public side (home recent, /blog, search, sitemap, RSS, the crawler's HTML), then
// deactivates one of its categories and sees that category vanish from the public side.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { api, setupSuite } from '../support/app';
import { inSession, signIn } from '../support/browser';
import { ADMIN } from '../support/env';

const suite = setupSuite();

interface Category {
  id: number;
  unique_key: string;
  name: string;
  active: boolean;
}
interface Article {
  id: number;
  unique_key: string;
  title: string;
  status: string;
  category_ids?: number[];
  categories?: { id: number }[];
  image?: { id: string } | null;
}

/** Lower-case letters only, so the word survives the Portuguese stemmer and the slug as it is. */
function word(length = 10): string {
  return Array.from(randomBytes(length), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** Undoes the character references the server's escapeHtml / XML writer produce. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The contents of every <meta property|name="key" content="…"> in an HTML head (attribute order either way). */
function metaContents(html: string, key: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const name = /\b(?:property|name)="([^"]*)"/i.exec(tag)?.[1];
    const content = /\bcontent="([^"]*)"/i.exec(tag)?.[1];
    if (name === key && content !== undefined) found.push(decodeEntities(content));
  }
  return found;
}

const metaContent = (html: string, key: string): string | undefined => metaContents(html, key)[0];

async function get(url: string, accept: string): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(url, { headers: { accept } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The chip list of the public article page (aria-label 'Categorias'), by name. */
async function postChips(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Categorias' });
  await list.waitFor();
  return (await list.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

test('staff publishes an article in the admin; it is public, findable without JS, and a deactivated category leaves the public side', async () => {
  const base = suite.baseUrl;
  const token = word();
  const title = `Notas & testes de publicação ${token}`;
  const body = `Um parágrafo escrito no editor durante o teste ${token}, com texto suficiente para o resumo.`;

  // Two fresh categories (so deactivating one changes nothing the other tests or the demo content rely on).
  const login = await api<{ token: string }>(base, 'POST', '/auth/auth', { body: { email: ADMIN.email, password: ADMIN.password } });
  assert.equal(login.status, 200, `API sign-in: ${JSON.stringify(login.body)}`);
  const categories: Category[] = [];
  for (const [name, color] of [
    [`Alfa ${token}`, '#7c3aed'],
    [`Beta ${token}`, '#0f766e'],
  ] as const) {
    const created = await api<{ data: Category }>(base, 'POST', '/category/category', {
      token: login.body.token,
      body: { name, description: `Categoria de teste ${name}`, text_color: '#ffffff', background_color: color },
    });
    assert.equal(created.status, 201, `category ${name}: ${JSON.stringify(created.body)}`);
    categories.push(created.body.data);
  }
  const [kept, dropped] = categories as [Category, Category];

  const cover = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#7c3aed' } }).png().toBuffer();

  await inSession(suite.browser, base, 'content-compose-publish', async ({ context, page }) => {
    // ---- compose and publish in the admin remote
    await page.goto('/login?redirect=/admin/compose');
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/admin/compose');
    await page.getByTestId('compose-page').waitFor();

    await page.getByLabel('Título', { exact: true }).fill(title);

    const editor = page.getByTestId('rich-text-editor').getByRole('textbox', { name: 'Conteúdo' });
    await editor.click();
    await editor.pressSequentially(body);
    assert.match(await editor.innerText(), new RegExp(token));

    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/upload/image' && r.request().method() === 'POST');
    await page.getByTestId('image-upload').locator('input[type="file"]').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: cover });
    assert.equal((await uploaded).status(), 201, 'the cover upload is accepted');
    await page.getByTestId('image-upload').locator('img').waitFor();

    const picker = page.getByLabel('Categorias', { exact: true });
    for (const category of categories) {
      await picker.click();
      await picker.fill(category.name);
      await page.getByRole('option', { name: category.name, exact: true }).waitFor({ state: 'attached' });
      await picker.press('Enter');
    }
    await picker.press('Escape');

    await page.getByRole('button', { name: 'Publicar', exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Publicar artigo' });
    await confirm.getByText(`Deseja publicar “${title}”?`).waitFor();
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/article/article' && r.request().method() === 'POST');
    await confirm.getByRole('button', { name: 'OK' }).click();
    const response = await saved;
    assert.equal(response.status(), 201, `publish answered ${response.status()}: ${await response.text()}`);
    const article = ((await response.json()) as { data: Article }).data;
    assert.equal(article.title, title);
    assert.equal(article.status, 'published');
    const chosen = (article.category_ids ?? article.categories?.map((c) => c.id) ?? []).slice().sort();
    assert.deepEqual(chosen, [kept.id, dropped.id].sort(), 'the article was saved with the two chosen categories');
    assert.ok(article.image, 'the article was saved with the uploaded cover');

    const live = page.getByRole('dialog').filter({ hasText: 'Seu artigo está no ar!' });
    await live.waitFor();
    const opened = context.waitForEvent('page');
    await live.getByRole('button', { name: 'Sim, abrir o artigo' }).click();
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === `/post/${article.unique_key}/${article.id}`);
    await tab.getByRole('heading', { level: 1, name: title }).waitFor();
    assert.deepEqual((await postChips(tab)).sort(), [kept.name, dropped.name].sort(), 'both chips on the article page');
    assert.equal(await page.getByTestId('compose-page').count(), 1, 'the editor stays open in the first tab');
    await tab.close();

    const postPath = `/post/${article.unique_key}/${article.id}`;

    // ---- a visitor finds it: home (recent), /blog, search results
    await inSession(suite.browser, base, 'content-visitor-lists', async ({ page: visitor }) => {
      await visitor.goto('/');
      const recent = visitor.getByRole('region', { name: 'Mais recentes' });
      await recent.getByRole('link', { name: title, exact: true }).waitFor();

      await visitor.goto('/blog');
      await visitor.getByRole('heading', { level: 2, name: title }).getByRole('link').waitFor();

      await visitor.goto(`/list-article-results/${token}`);
      const result = visitor.getByRole('heading', { level: 2, name: title }).getByRole('link');
      await result.waitFor();
      assert.equal(await result.getAttribute('href'), postPath);
    });

    // ---- sitemap and RSS
    const sitemap = await get(`${base}/sitemap.xml`, 'application/xml');
    assert.equal(sitemap.status, 200);
    assert.match(sitemap.type, /xml/);
    assert.ok(sitemap.text.includes(`${postPath}</loc>`), `sitemap lists ${postPath}`);
    assert.ok(sitemap.text.includes(`/blog?category=${dropped.unique_key}</loc>`), 'sitemap lists the active category');

    const rss = await get(`${base}/rss.xml`, 'application/rss+xml');
    assert.equal(rss.status, 200);
    assert.match(rss.type, /rss\+xml/);
    const item = (rss.text.match(/<item>[\s\S]*?<\/item>/g) ?? []).find((i) => i.includes(postPath));
    assert.ok(item, `rss.xml has an item linking ${postPath}`);
    assert.equal(decodeEntities(/<title>([\s\S]*?)<\/title>/.exec(item)?.[1]?.replace(/^<!\[CDATA\[|\]\]>$/g, '') ?? ''), title);

    const categoryFeed = await get(`${base}/rss/${dropped.unique_key}.xml`, 'application/rss+xml');
    assert.equal(categoryFeed.status, 200, 'the category feed exists while the category is active');
    assert.ok(categoryFeed.text.includes(postPath), 'the category feed lists the article');

    // ---- a crawler (no JavaScript) gets a real head
    const crawled = await get(`${base}${postPath}`, 'text/html');
    assert.equal(crawled.status, 200);
    assert.match(crawled.type, /text\/html/);
    const head = crawled.text.slice(0, crawled.text.indexOf('</head>'));
    assert.ok(decodeEntities(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '').includes(title), '<title> holds the article title');
    const h1 = /<h1>([^<]*)<\/h1>/.exec(crawled.text.slice(head.length))?.[1];
    assert.equal(decodeEntities(h1 ?? ''), title, 'the body (inside #root) carries the title as <h1>');
    assert.ok(crawled.text.slice(head.length).includes(body), 'the body carries the text written in the editor');
    const ogTitle = metaContent(head, 'og:title') ?? '';
    assert.ok(ogTitle === title || ogTitle.startsWith(`${title} · `), `og:title "${ogTitle}" is the article title (a site suffix allowed)`);
    const ogImage = metaContent(head, 'og:image');
    assert.ok(ogImage && /^https?:\/\//.test(ogImage), `og:image is absolute: ${ogImage}`);
    const image = await fetch(`${base}${new URL(ogImage).pathname}`);
    assert.equal(image.status, 200, `og:image ${ogImage} is served`);
    assert.match(image.headers.get('content-type') ?? '', /^image\//);
    await image.arrayBuffer();
    assert.deepEqual(metaContents(head, 'article:tag').sort(), [kept.name, dropped.name].sort(), 'article:tag names both categories');

    // ---- deactivate one category in the admin
    await page.goto('/admin/list-of-categories');
    await page.getByTestId('categories-page').waitFor();
    const toggle = page.getByRole('switch', { name: `Status: ${dropped.name}`, exact: true });
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute('aria-checked'), 'true');
    await toggle.click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Desativar categoria' });
    await ask.getByText(`Deseja desativar a categoria “${dropped.name}”?`).waitFor();
    const changed = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/category/category-change-status/') && r.request().method() === 'PUT');
    await ask.getByRole('button', { name: 'OK' }).click();
    assert.equal((await changed).status(), 200, 'the status change is accepted');
    await page.getByText('Categoria desativada.').waitFor();
    await page.getByRole('switch', { name: `Status: ${dropped.name}`, exact: true, checked: false }).waitFor();

    // ---- the public side no longer shows it
    const publicCategories = await api<{ data: Category[] }>(base, 'GET', '/public/categories');
    assert.equal(publicCategories.status, 200);
    const names = publicCategories.body.data.map((c) => c.name);
    assert.ok(!names.includes(dropped.name), `/api/public/categories no longer lists ${dropped.name}`);
    assert.ok(names.includes(kept.name), `/api/public/categories still lists ${kept.name}`);

    assert.equal((await get(`${base}/rss/${dropped.unique_key}.xml`, 'application/rss+xml')).status, 404, 'the inactive category feed answers 404');
    assert.equal((await get(`${base}/rss/${kept.unique_key}.xml`, 'application/rss+xml')).status, 200, 'the active category feed still answers');

    const sitemapAfter = await get(`${base}/sitemap.xml`, 'application/xml');
    assert.ok(!sitemapAfter.text.includes(`/blog?category=${dropped.unique_key}</loc>`), 'sitemap drops the inactive category');
    assert.ok(sitemapAfter.text.includes(`${postPath}</loc>`), 'sitemap still lists the article');

    const crawledAfter = await get(`${base}${postPath}`, 'text/html');
    assert.equal(crawledAfter.status, 200);
    const headAfter = crawledAfter.text.slice(0, crawledAfter.text.indexOf('</head>'));
    assert.deepEqual(metaContents(headAfter, 'article:tag'), [kept.name], 'article:tag names only the active category');
    assert.ok(!crawledAfter.text.includes(dropped.name), 'the crawler page no longer names the inactive category');

    // A fresh visitor (no HTTP cache from before the change) sees only the active chip.
    await inSession(suite.browser, base, 'content-visitor-after-deactivation', async ({ page: visitor }) => {
      await visitor.goto(postPath);
      await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
      assert.deepEqual(await postChips(visitor), [kept.name], 'only the active chip on the article page');
    });
  });
});
