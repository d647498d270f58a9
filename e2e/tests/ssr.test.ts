// One rendering path: public pages come from the server already rendered by the public
// remote's React components, and the browser hydrates them: no hydration mismatch, no layout shift,
// navigation between public pages without a full reload; a public remote whose server build is
// broken leaves the site working (the browser renders the pages as before).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { Page } from 'playwright-core';
import { api, setupSuite } from '../support/app';
import { inSession, NOT_STARTED, waitForHydration } from '../support/browser';
import { servedRoot } from '../support/env';

const suite = setupSuite();
const brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-broken-public-'));
fs.cpSync(path.join(servedRoot(), 'remotes', 'public', 'dist'), brokenDir, { recursive: true });
fs.writeFileSync(path.join(brokenDir, 'server', 'pages.js'), 'throw new Error("a broken server build");\n');
const broken = setupSuite({ name: 'public-server-build-broken', env: { REMOTES_DIR_PUBLIC: brokenDir } });
after(() => fs.rmSync(brokenDir, { recursive: true, force: true }));

interface Card {
  id: number;
  unique_key: string;
  title: string;
  author: { id: number; unique_key: string };
}

/** Records layout shifts (not caused by input) from the very start of the page. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(`
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  `);
}

const shifts = (page: Page) => page.evaluate('window.__shifts') as Promise<number[]>;
/** Hydration problems as React reports them (mismatch: #418, #419, #423, #425) or as the shell logs them. */
/** Links to the public remote's stylesheets in the document (the server's, and any the browser's loaders added). */
const remoteStylesheets = (page: Page) => page.locator('link[rel="stylesheet"][href*="/remotes/public/"]').count();

const hydrationErrors = (errors: string[]) => errors.filter((e) => /hydrat|#41[89]|#42[35]/i.test(e));

test('public pages arrive rendered and hydrate without mismatch or layout shift', async () => {
  const list = await api<{ data: { items: Card[] } }>(suite.baseUrl, 'GET', '/public/articles?page=1');
  const card = list.body.data.items[0];
  assert.ok(card, 'the demo content has a published article');
  const post = `/post/${card.unique_key}/${card.id}`;
  const profile = `/profile/${card.author.unique_key}/${card.author.id}`;

  await inSession(suite.browser, suite.baseUrl, 'ssr-hydration', async ({ page, errors }) => {
    await watchShifts(page);
    for (const url of ['/', post, '/blog', profile, '/list-article-results/design', '/?lang=en-US']) {
      errors.length = 0;
      const response = await page.goto(url, { waitUntil: 'networkidle' });
      assert.equal(response?.status(), 200, `${url} answers 200`);
      // The page's content was in the HTML the server sent (before any script ran).
      const served = await response!.text();
      assert.match(served, /<div id=root><[a-z]/, `${url} is server-rendered`);
      // Loaded, the page runs none of the app's code until the visitor shows intent (start/start.ts)…
      assert.equal(await page.evaluate(NOT_STARTED), true, `${url}: the app's code waits for an intent`);
      // …then hydrates: React handles the page (a click on a link is a client navigation), nothing was replaced.
      await waitForHydration(page);
      // What hydration set off (effects, late errors) has run: the main thread idle twice.
      for (let i = 0; i < 2; i += 1) await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(true), { timeout: 5000 }))');
      assert.deepEqual(hydrationErrors(errors), [], `${url}: no hydration error`);
      assert.deepEqual(errors.filter((e) => /Content Security Policy/.test(e)), [], `${url}: nothing blocked by the CSP`);
      if (url === '/' || url === post) assert.deepEqual(await shifts(page), [], `${url}: no layout shift (CLS 0)`);
      // The remote's stylesheet the server linked is the one in use: hydration adds no second copy of it.
      assert.equal(await remoteStylesheets(page), 1, `${url}: one link to the remote's stylesheet`);
    }
    // English is this browser's choice now; an address asking for pt-BR is served and hydrated in pt-BR, and stays so.
    errors.length = 0;
    await page.goto('/?lang=pt-BR', { waitUntil: 'networkidle' });
    await waitForHydration(page);
    for (let i = 0; i < 2; i += 1) await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(true), { timeout: 5000 }))');
    assert.deepEqual(hydrationErrors(errors), [], '/?lang=pt-BR after en-US: no hydration error');
    assert.equal(await page.evaluate('document.documentElement.lang'), 'pt-BR');
  });
});

test('navigation between public pages happens in the page, without a full reload', async () => {
  await inSession(suite.browser, suite.baseUrl, 'ssr-navigation', async ({ page, errors }) => {
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
    await waitForHydration(page);
    await page.evaluate('window.__stay = true');
    await page.locator('header nav').getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL((url) => url.pathname === '/blog');
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    const firstCard = page.locator('.vt-blog .vt-acard h2 a').first();
    const title = (await firstCard.innerText()).trim();
    await firstCard.click();
    await page.waitForURL((url) => url.pathname.startsWith('/post/'));
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    assert.equal(await page.title(), `${title} · Vitrine`, 'the head follows the navigation');
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    assert.ok(canonical?.endsWith(new URL(page.url()).pathname), `canonical ${canonical} is the post's`);
    assert.equal(await page.evaluate('window.__stay'), true, 'the same document all along');
    assert.equal(await page.evaluate("performance.getEntriesByType('navigation').length"), 1);
    assert.equal(await remoteStylesheets(page), 1, "still one link to the remote's stylesheet after navigating");
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    assert.deepEqual(hydrationErrors(errors), []);
  });
});

test('what a visitor does before the page has started is done: a search typed and sent at once reaches its results', async () => {
  await inSession(suite.browser, suite.baseUrl, 'ssr-before-start', async ({ page, errors }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    assert.equal(await page.evaluate(NOT_STARTED), true, 'nothing started during the load');
    // Focusing the box starts the code; the search is sent before it has hydrated (a fast typist, a slow phone):
    // the search form is a GET form the server answers, so it does not wait for the code.
    const box = page.getByRole('search').first().getByRole('searchbox');
    await box.fill('design');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/list-article-results/design');
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.equal(await page.getByRole('search').first().getByRole('searchbox').inputValue(), 'design');
    assert.deepEqual(hydrationErrors(errors), []);
  });
});

test('a public remote whose server build is broken leaves the site working (rendered in the browser)', async () => {
  const html = await (await fetch(`${broken.baseUrl}/`, { headers: { accept: 'text/html' } })).text();
  assert.match(html, /<div id=root><\/div>/, 'the plain shell is sent');
  await inSession(broken.browser, broken.baseUrl, 'ssr-broken-remote', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
    await page.goto('/blog');
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    assert.equal((await fetch(`${broken.baseUrl}/api/health`)).status, 200);
  });
});
