// The public pages' JS budget: the JavaScript a visitor downloads for the
// first load of each server-rendered public page (home, post, blog, profile, search) stays within
// 200 KiB gzip — all of it: the page's load runs only the shell's starter, so each page is then given an
// intent and measured once it has hydrated. Run by `npm test` after jest: builds what is
// stale, serves the production build the way `npm start` does, opens each page in Chromium and
// sums the gzip size of every JS file they fetched. Fails above the budget. No timing involved.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildAll, needsBuild, type TargetName } from '../scripts/lib.mjs';
import { waitForHydration } from './support/browser';
import { CHROMIUM, CHROMIUM_ARGS } from './support/env';
import { startServer } from './support/server';

const BUDGET_KIB = 200;

async function jsWeight(baseUrl: string, pathname: string, browser: Awaited<ReturnType<typeof chromium.launch>>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!/\.m?js(\?|$)/.test(response.url()) || response.status() !== 200) return;
    pending.push(
      response.body().then(
        (body) => void files.set(response.url(), zlib.gzipSync(body).length),
        () => undefined,
      ),
    );
  });
  await page.goto(baseUrl + pathname, { waitUntil: 'networkidle' });
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  const total = [...files.values()].reduce((sum, n) => sum + n, 0);
  return { total, files };
}

async function main(): Promise<number> {
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`[budget] Chromium is needed to measure the public pages (${CHROMIUM}): apt-get install chromium`);
    return 1;
  }
  const stale = (['api', 'shell', 'public'] as TargetName[]).filter((name) => needsBuild(name));
  if (stale.length) await buildAll(stale);

  const server = await startServer({ name: 'budget' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const home = (await (await fetch(`${server.baseUrl}/api/public/home`)).json()) as {
      data: { recent: { id: number; unique_key: string; author: { id: number; unique_key: string } }[] };
    };
    const post = home.data.recent[0];
    if (!post) throw new Error('the demo content has no published article');
    let failed = false;
    // Every server-rendered public page: its first load runs on the data embedded in it.
    const pages = ['/', `/post/${post.unique_key}/${post.id}`, '/blog', `/profile/${post.author.unique_key}/${post.author.id}`, '/list-article-results/design'];
    for (const pathname of pages) {
      const { total, files } = await jsWeight(server.baseUrl, pathname, browser);
      const kib = total / 1024;
      const over = kib > BUDGET_KIB;
      failed ||= over;
      console.log(`[budget] ${over ? 'OVER' : 'ok  '} ${pathname}: ${kib.toFixed(1)} KiB gzip of JS in ${files.size} files (budget ${BUDGET_KIB} KiB)`);
      if (over) {
        const largest = [...files].sort((a, b) => b[1] - a[1]).slice(0, 8);
        for (const [url, n] of largest) console.log(`           ${(n / 1024).toFixed(1).padStart(6)} KiB  ${new URL(url).pathname}`);
      }
    }
    return failed ? 1 : 0;
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[budget] could not measure:', error);
    process.exit(1);
  },
);
