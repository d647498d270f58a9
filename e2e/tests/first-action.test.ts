// The visitor's first action always counts. A public page works from the server's HTML alone, and the page's
// code starting changes nothing the visitor sees or did. Each first action (scroll, open the phone menu, pick a
// language, search, follow a link) is done at each moment of a page's start, at 1366 and at 390 px wide:
// - `no-script`: JavaScript disabled (or the code never loads);
// - `before`: the page's code is held back (its request does not answer) while the visitor acts, then released;
// - `starting`: the code is let go and the visitor acts at once, while it loads and hydrates;
// - `after`: once the page has hydrated.
// The moments are made by holding and releasing the code, not by waiting a number of milliseconds: the same
// moments on a quiet or a busy machine. Then the test waits for the page to have started and the browser to be
// idle, and checks that what the visitor did is still there.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page, Route } from 'playwright-core';
import { STARTED_EVENT } from '../../shared/contracts/src/federation';
import { api, setupSuite } from '../support/app';
import { HYDRATED } from '../support/browser';

const suite = setupSuite();

type Moment = 'no-script' | 'before' | 'starting' | 'after';
const MOMENTS: Moment[] = ['no-script', 'before', 'starting', 'after'];
const WIDTHS = [
  { name: 'desk', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Visit {
  page: Page;
  errors: string[];
  /** Lets the page's code load (no-op when it is not held). */
  release(): void;
  /** Resolves once the page has started (hydrated) and the browser is idle; at once without scripts. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Opens `url` at `width`, with the page's code held back until the moment says so. */
async function visit(browser: Browser, url: string, moment: Moment, width: (typeof WIDTHS)[number]): Promise<Visit> {
  const context = await browser.newContext({
    baseURL: suite.baseUrl,
    locale: 'pt-BR',
    viewport: { width: width.width, height: width.height },
    // A phone is touched.
    hasTouch: width.name === 'phone',
    isMobile: width.name === 'phone',
    javaScriptEnabled: moment !== 'no-script',
  });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  let release: () => void = () => undefined;
  if (moment === 'before') {
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/main.js', async (route: Route) => {
      await gate;
      await route.continue();
    });
  }
  if (moment !== 'no-script') {
    await page.addInitScript(`addEventListener(${JSON.stringify(STARTED_EVENT)}, () => { window.__vtStarted = true; }, { once: true });`);
  }
  const response = await page.goto(url, { waitUntil: 'load' });
  assert.ok(response && response.status() < 400, `${url} answers`);
  if (moment === 'after') {
    // Intent, as a visitor shows it, starts the code; act once it has hydrated.
    await page.keyboard.press('Shift');
    await waitFor(page, `window.__vtStarted === true && ${HYDRATED}`);
  }
  if (moment === 'starting') await page.keyboard.press('Shift');
  return {
    page,
    errors,
    release: () => release(),
    async settled() {
      if (moment === 'no-script') return;
      release();
      // A page the visitor only scrolled has started too (a scroll is intent); one that never saw intent gets one.
      if (!(await page.evaluate('window.__vtStarted === true'))) await page.keyboard.press('Shift');
      await waitFor(page, 'window.__vtStarted === true');
      // Two idle periods: effects, the language's texts, anything scheduled for idle has run.
      for (let i = 0; i < 2; i += 1) await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(true), { timeout: 2000 }))');
    },
    close: () => context.close(),
  };
}

/** Polls an expression from the test's side (the pages' CSP forbids the in-page polling of waitForFunction). */
async function waitFor(page: Page, expression: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > until) throw new Error(`still false after ${timeoutMs} ms: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Card {
  id: number;
  unique_key: string;
  author: { id: number; unique_key: string };
}

let pages: Promise<Record<string, string>> | undefined;
/** The public pages of the demo content. */
function publicPages(): Promise<Record<string, string>> {
  pages ??= api<{ data: { items: Card[] } }>(suite.baseUrl, 'GET', '/public/articles?page=1').then(({ body }) => {
    const card = body.data.items[0];
    assert.ok(card, 'the demo content has a published article');
    return {
      home: '/',
      blog: '/blog',
      post: `/post/${card.unique_key}/${card.id}`,
      profile: `/profile/${card.author.unique_key}/${card.author.id}`,
      faq: '/faq',
      landing: '/rc-sistemI',
      contact: '/contact',
    };
  });
  return pages;
}

const hydrationErrors = (errors: string[]) => errors.filter((e) => /hydrat|#41[89]|#42[35]/i.test(e));

for (const width of WIDTHS) {
  test(`the first scroll is never undone (${width.name}, ${width.width} px)`, async () => {
    for (const [name, url] of Object.entries(await publicPages())) {
      for (const moment of MOMENTS) {
        const { page, errors, settled, close } = await visit(suite.browser, url, moment, width);
        try {
          const room = (await page.evaluate('document.documentElement.scrollHeight - innerHeight')) as number;
          const target = Math.min(1200, room);
          await page.mouse.move(width.width / 2, width.height / 2);
          await page.mouse.wheel(0, target);
          await waitFor(page, `Math.abs(scrollY - ${target}) <= 2`);
          const scrolled = (await page.evaluate('scrollY')) as number;
          await settled();
          assert.ok(Math.abs(((await page.evaluate('scrollY')) as number) - scrolled) <= 2, `${name} ${moment}: still at ${scrolled} px once started`);
          assert.deepEqual(hydrationErrors(errors), [], `${name} ${moment}: no hydration error`);
        } finally {
          await close();
        }
      }
    }
  });
}

test('the phone menu opens at the first tap and stays open while the code starts (390 px)', async () => {
  const all = await publicPages();
  for (const name of ['home', 'post', 'faq', 'contact']) {
    for (const moment of MOMENTS) {
      const { page, settled, close } = await visit(suite.browser, all[name] as string, moment, WIDTHS[1]);
      try {
        await page.locator('.vt-public__menu-button').tap();
        await page.locator('.vt-public__menu-panel nav a[href="/blog"]').waitFor({ state: 'visible' });
        await settled();
        assert.equal(await page.evaluate("document.querySelector('details.vt-public__menu').open"), true, `${name} ${moment}: the menu is still open`);
        // A link in it is a link: it goes, and the menu closes on the new page.
        await Promise.all([page.waitForURL('**/blog'), page.locator('.vt-public__menu-panel nav a[href="/blog"]').tap()]);
        await waitFor(page, "document.querySelector('details.vt-public__menu')?.open === false");
      } finally {
        await close();
      }
    }
  }
});

for (const width of WIDTHS) {
  test(`the first language pick is kept, and remembered for the next page (${width.name})`, async () => {
    const all = await publicPages();
    for (const name of ['home', 'post', 'contact']) {
      for (const moment of MOMENTS) {
        const { page, errors, settled, close } = await visit(suite.browser, all[name] as string, moment, width);
        try {
          const scope = width.name === 'phone' ? '.vt-public__menu-actions' : '.vt-public__actions';
          if (width.name === 'phone') await page.locator('.vt-public__menu-button').click();
          await page.locator(`${scope} .vt-lang-menu__button`).click();
          await Promise.all([page.waitForURL(/[?&]lang=en-US/), page.locator(`${scope} a[hreflang="en-US"]`).click()]);
          assert.equal(await page.evaluate('document.documentElement.lang'), 'en-US', `${name} ${moment}: the page is in English`);
          await settled();
          assert.equal(await page.evaluate('document.documentElement.lang'), 'en-US', `${name} ${moment}: still English once started`);
          assert.match((await page.locator(`${scope} .vt-lang-menu__button`).textContent()) ?? '', /English/);
          // The next page, without ?lang=, comes from the server in English too.
          await page.goto('/blog');
          assert.equal(await page.evaluate('document.documentElement.lang'), 'en-US', `${name} ${moment}: remembered`);
          await settled();
          assert.equal(await page.evaluate('document.documentElement.lang'), 'en-US', `${name} ${moment}: remembered once started`);
          assert.deepEqual(hydrationErrors(errors), [], `${name} ${moment}: no hydration error`);
        } finally {
          await close();
        }
      }
    }
  });
}

test('search and a followed link work at every moment (1366 px)', async () => {
  const all = await publicPages();
  for (const moment of MOMENTS) {
    const home = await visit(suite.browser, all.home as string, moment, WIDTHS[0]);
    try {
      await home.page.locator('.vt-home__hero input[type="search"]').fill('design');
      await Promise.all([home.page.waitForURL('**/list-article-results/design'), home.page.keyboard.press('Enter')]);
      await home.settled();
      assert.match(home.page.url(), /\/list-article-results\/design$/, `search ${moment}`);
      assert.equal(await home.page.locator('.vt-search input[type="search"]').first().inputValue(), 'design', `search ${moment}: the term is in the box`);
    } finally {
      await home.close();
    }

    const blog = await visit(suite.browser, all.blog as string, moment, WIDTHS[0]);
    try {
      const link = blog.page.locator('.vt-acard__title a').first();
      const href = (await link.getAttribute('href')) as string;
      await Promise.all([blog.page.waitForURL(`**${href}`), link.click()]);
      await blog.settled();
      assert.equal(new URL(blog.page.url()).pathname, href, `link ${moment}: on the post`);
    } finally {
      await blog.close();
    }
  }
});
