// Articles in five languages, end to end in the browser: staff opens a published article's English tab in the
// editor, writes the translation from a blank page and publishes it; the English site then shows it (its own
// <html lang>, no "not available" note, hreflang pt-BR + en-US + x-default), finds it with English stemming in the
// English search, lists it in the English feed; the Spanish page still shows the original, says so and marks its
// language. Also read without JavaScript (the server's HTML).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { api, setupSuite } from '../support/app';
import { inSession, signIn } from '../support/browser';
import { ADMIN } from '../support/env';

const suite = setupSuite();

interface Article {
  id: number;
  unique_key: string;
  title: string;
}

/** Lower-case letters only (survives stemmers and slugs as it is). */
function word(length = 10): string {
  return Array.from(randomBytes(length), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

const hreflangs = (html: string) => [...html.matchAll(/<link data-vt-head rel="alternate" hreflang="([^"]*)"/g)].map((m) => m[1]);

test('staff publishes an English translation; the English site, its search and its feed show it, and no page claims one it lacks', async () => {
  const base = suite.baseUrl;
  const token = word();
  const original = `Vitrines que vendem ${token}`;
  const english = `Shop windows that keep selling ${token}`;

  const login = await api<{ token: string }>(base, 'POST', '/auth/auth', { body: { email: ADMIN.email, password: ADMIN.password } });
  assert.equal(login.status, 200, `API sign-in: ${JSON.stringify(login.body)}`);
  const categories = await api<{ data: { items: { id: number }[] } }>(base, 'POST', '/category/categories-list', { token: login.body.token, body: {} });
  const articles = await api<{ data: { items: { image: { id: string } | null }[] } }>(base, 'POST', '/article/articles-list', { token: login.body.token, body: { limit: 1 } });
  const imageId = articles.body.data.items[0]?.image?.id;
  assert.ok(imageId, 'a demo article has a cover to reuse');
  const created = await api<{ data: Article }>(base, 'POST', '/article/article', {
    token: login.body.token,
    body: {
      title: original,
      content: `<p>Um texto em português sobre vitrines e clientes ${token}.</p>`,
      image_id: imageId,
      category_ids: [categories.body.data.items[0]?.id],
      status: 'published',
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const article = created.body.data;
  const postPath = `/post/${article.unique_key}/${article.id}`;

  await inSession(suite.browser, base, 'translation-publish', async ({ page }) => {
    await page.goto(`/login?redirect=${encodeURIComponent(`/admin/compose/${article.unique_key}/${article.id}?locale=en-US`)}`);
    await signIn(page);
    await page.getByTestId('compose-page').waitFor();
    const pane = page.getByTestId('translation-en-US');
    await pane.waitFor();
    await pane.getByRole('button', { name: 'Começar em branco' }).click();
    await pane.getByLabel('Título', { exact: true }).fill(english);
    const editor = pane.getByTestId('rich-text-editor').getByRole('textbox');
    await editor.click();
    await editor.pressSequentially(`An English text about shop windows, running sales and customers ${token}.`);
    await pane.getByTestId('translation-status').getByRole('button', { name: 'Publicar', exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Publicar tradução' });
    await confirm.waitFor();
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/article/article-translation/') && r.request().method() === 'PUT');
    await confirm.getByRole('button', { name: 'OK' }).click();
    const response = await saved;
    assert.equal(response.status(), 200, `publish answered ${response.status()}: ${await response.text()}`);
    const data = ((await response.json()) as { data: { state: string; title: string } }).data;
    assert.deepEqual([data.state, data.title], ['published', english]);
    await pane.getByTestId('translation-status').getByText('Publicada').waitFor();
  });

  // ---- the English site, in a browser: the English version, no note, its lang.
  await inSession(suite.browser, base, 'translation-visitor', async ({ page }) => {
    await page.goto(`${postPath}?lang=en-US`);
    await page.getByRole('heading', { level: 1, name: english }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'en-US');
    assert.equal(await page.locator('.vt-post__language').count(), 0, 'no "not available" note on the English version');

    // English search, English stemming: "run" finds "running".
    await page.goto(`/list-article-results/${encodeURIComponent(`run ${token}`)}?lang=en-US`);
    await page.getByRole('heading', { level: 2, name: english }).getByRole('link').waitFor();

    // The Spanish page shows the original, says so, and marks its language.
    await page.goto(`${postPath}?lang=es-ES`);
    await page.getByRole('heading', { level: 1, name: original }).waitFor();
    await page.getByText('Este artículo todavía no está disponible en español.').waitFor();
    assert.equal(await page.locator('.vt-post__head').getAttribute('lang'), 'pt-BR');
    assert.equal(await page.locator('html').getAttribute('lang'), 'es-ES');
  });

  // ---- without JavaScript: the server's HTML says the same.
  const html = async (path: string) => (await fetch(`${base}${path}`, { headers: { accept: 'text/html' } })).text();
  const en = await html(`${postPath}?lang=en-US`);
  assert.ok(en.includes(`<h1>${english}</h1>`), 'the English HTML carries the English title');
  assert.deepEqual(hreflangs(en), ['pt-BR', 'en-US', 'x-default']);
  const es = await html(`${postPath}?lang=es-ES`);
  assert.deepEqual(hreflangs(es), ['pt-BR', 'en-US', 'x-default'], 'no Spanish alternate is announced');
  assert.ok(es.includes('<header class="vt-post__head" lang="pt-BR">'));

  // ---- the English feed lists the English version with its English link; the Portuguese feed the original.
  const feed = await (await fetch(`${base}/rss.xml?lang=en-US`)).text();
  const item = (feed.match(/<item>[\s\S]*?<\/item>/g) ?? []).find((i) => i.includes(`${postPath}?lang=en-US`));
  assert.ok(item, 'the English feed has the article, linking its English page');
  assert.ok(item.includes(`<title>${english}</title>`));
  const pt = await (await fetch(`${base}/rss.xml`)).text();
  assert.ok(pt.includes(`<title>${original}</title>`) && !pt.includes(english));

  // ---- the sitemap lists both versions with their alternates.
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  assert.ok(sitemap.includes(`${postPath}?lang=en-US</loc>`), 'the English version has its own <url>');
});
