// The visitor's first action always counts. A public page works from the server's HTML alone, and the page's
// code starting changes nothing the visitor sees or did. Each first action (scroll, open the phone menu, pick a
// language, search, follow a link) is done at each moment of a page's start (e2e/support/first-action.ts: with
// scripts off, with the code held back, while it starts, once it has, and 0 to 3 000 ms after the load), at 1366
// and at 390 px wide; then, once the page has started and the browser is idle, what the visitor did is still there.
// The forms (newsletter, contact, leaving) are in first-action-forms.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, setupSuite } from '../support/app';
import { waitUntilTrue } from '../support/browser';
import { ALL_MOMENTS, HELD_MOMENTS, hydrationErrors, momentName, runCases, visit, WIDTHS, type Moment, type Width } from '../support/first-action';

const suite = setupSuite();
const open = (url: string, moment: Moment, width: Width) => visit(suite.browser, url, moment, width, { baseUrl: suite.baseUrl });

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

/** Every moment on the first pages named, the held moments on the others. */
function matrix(names: string[], timedOn: string[]): { name: string; moment: Moment }[] {
  return names.flatMap((name) => (timedOn.includes(name) ? ALL_MOMENTS : HELD_MOMENTS).map((moment) => ({ name, moment })));
}

for (const width of WIDTHS) {
  test(`the first scroll is never undone (${width.name}, ${width.width} px)`, async () => {
    const all = await publicPages();
    await runCases(
      matrix(Object.keys(all), ['home', 'blog', 'post', 'landing']).map(({ name, moment }) => ({
        name: `${name} ${momentName(moment)}`,
        run: async () => {
          const { page, errors, settled, close } = await open(all[name] as string, moment, width);
          try {
            const room = (await page.evaluate('document.documentElement.scrollHeight - innerHeight')) as number;
            const target = Math.min(1200, room);
            await page.mouse.move(width.width / 2, width.height / 2);
            await page.mouse.wheel(0, target);
            await waitUntilTrue(page, `Math.abs(scrollY - ${target}) <= 2`);
            const scrolled = (await page.evaluate('scrollY')) as number;
            await settled();
            assert.ok(Math.abs(((await page.evaluate('scrollY')) as number) - scrolled) <= 2, `still at ${scrolled} px once started`);
            assert.deepEqual(hydrationErrors(errors), [], 'no hydration error');
          } finally {
            await close();
          }
        },
      })),
    );
  });
}

test('the phone menu opens at the first tap and stays open while the code starts (390 px)', async () => {
  const all = await publicPages();
  await runCases(
    matrix(['home', 'post', 'faq', 'contact'], ['home', 'contact']).map(({ name, moment }) => ({
      name: `${name} ${momentName(moment)}`,
      run: async () => {
        const { page, settled, close } = await open(all[name] as string, moment, WIDTHS[1]);
        try {
          await page.locator('.vt-public__menu-button').tap();
          await page.locator('.vt-public__menu-panel nav a[href="/blog"]').waitFor({ state: 'visible' });
          await settled();
          assert.equal(await page.evaluate("document.querySelector('details.vt-public__menu').open"), true, 'the menu is still open');
          // A link in it is a link: it goes, and the menu closes on the new page.
          await Promise.all([page.waitForURL('**/blog'), page.locator('.vt-public__menu-panel nav a[href="/blog"]').tap()]);
          await waitUntilTrue(page, "document.querySelector('details.vt-public__menu')?.open === false");
        } finally {
          await close();
        }
      },
    })),
  );
});

for (const width of WIDTHS) {
  test(`the first language pick is kept, and remembered for the next page (${width.name})`, async () => {
    const all = await publicPages();
    await runCases(
      matrix(['home', 'post', 'contact'], ['home']).map(({ name, moment }) => ({
        name: `${name} ${momentName(moment)}`,
        run: async () => {
          const { page, errors, settled, close } = await open(all[name] as string, moment, width);
          try {
            const scope = width.name === 'phone' ? '.vt-public__menu-actions' : '.vt-public__actions';
            if (width.name === 'phone') await page.locator('.vt-public__menu-button').click();
            await page.locator(`${scope} .vt-lang-menu__button`).click();
            await Promise.all([page.waitForURL(/[?&]lang=en-US/), page.locator(`${scope} a[hreflang="en-US"]`).click()]);
            assert.equal(await page.evaluate('document.documentElement.lang'), 'en-US', 'the page is in English');
            await settled();
            assert.equal(await page.evaluate('document.documentElement.lang'), 'en-US', 'still English once started');
            assert.match((await page.locator(`${scope} .vt-lang-menu__button`).textContent()) ?? '', /English/);
            // The next page, without ?lang=, comes from the server in English too.
            await page.goto('/blog');
            assert.equal(await page.evaluate('document.documentElement.lang'), 'en-US', 'remembered');
            await settled();
            assert.equal(await page.evaluate('document.documentElement.lang'), 'en-US', 'remembered once started');
            assert.deepEqual(hydrationErrors(errors), [], 'no hydration error');
          } finally {
            await close();
          }
        },
      })),
    );
  });
}

test('search and a followed link work at every moment (1366 px)', async () => {
  const all = await publicPages();
  const desk = WIDTHS[0];
  await runCases(
    ALL_MOMENTS.flatMap((moment) => [
      {
        name: `search ${momentName(moment)}`,
        run: async () => {
          const home = await open(all.home as string, moment, desk);
          try {
            await home.page.locator('.vt-home__hero input[type="search"]').fill('design');
            await Promise.all([home.page.waitForURL('**/list-article-results/design'), home.page.keyboard.press('Enter')]);
            await home.settled();
            assert.match(home.page.url(), /\/list-article-results\/design$/);
            assert.equal(await home.page.locator('.vt-search input[type="search"]').first().inputValue(), 'design', 'the term is in the box');
          } finally {
            await home.close();
          }
        },
      },
      {
        name: `link ${momentName(moment)}`,
        run: async () => {
          const blog = await open(all.blog as string, moment, desk);
          try {
            const link = blog.page.locator('.vt-acard__title a').first();
            const href = (await link.getAttribute('href')) as string;
            await Promise.all([blog.page.waitForURL(`**${href}`), link.click()]);
            await blog.settled();
            assert.equal(new URL(blog.page.url()).pathname, href, 'on the post');
          } finally {
            await blog.close();
          }
        },
      },
    ]),
  );
});
