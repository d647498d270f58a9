// Interaction to Next Paint of a visitor's first actions, in `npm run bench` (part `inp`). Lighthouse loads a
// page and never touches it; a visitor taps, types and picks. Debian's Chromium through playwright-core, with
// Lighthouse's mobile throttling applied over the DevTools protocol (4x CPU slowdown; 150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up) at 390 x 844, touch. Each action is done at three moments of the page's start:
// - `before`: at once after the load event, before the page's code runs (it starts on the visitor's intent);
// - `starting`: right after a first intent, while the code loads and hydrates;
// - `after`: once the page has hydrated.
// What is reported per page, action and moment: the interaction's duration as the browser's Event Timing API
// measures it (the `event` entries with an interactionId: input delay, processing and the next paint), the
// largest of its events, which is what INP counts for a page with one interaction. Median of BENCH_INP_RUNS (3).
import { chromium } from 'playwright-core';
import { CHROMIUM, table } from './bench-lib.mjs';
import { samplePaths } from './measure-routes.mjs';

const RUNS = Number(process.env.BENCH_INP_RUNS ?? 3);
const STARTED_EVENT = 'vt:started';
const MOMENTS = ['before', 'starting', 'after'];

/** What the page records from its first byte: every interaction's longest event, and whether the code has started. */
const RECORDER = `
  window.__vtInteractions = [];
  addEventListener(${JSON.stringify(STARTED_EVENT)}, () => { window.__vtStarted = true; }, { once: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) window.__vtInteractions.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

/** The actions, each a first action on a freshly loaded page. */
const ACTIONS = [
  { name: 'open the menu', run: (page) => page.locator('.vt-public__menu-button').tap() },
  {
    name: 'open the languages',
    run: async (page) => {
      await page.locator('.vt-public__menu-button').tap();
      await page.locator('.vt-public__menu-actions .vt-lang-menu__button').tap();
    },
  },
  { name: 'type an e-mail', run: (page) => page.locator('.vt-newsletter__form input[type="email"]').first().pressSequentially('ana@empresa.com.br') },
];

async function until(page, expression, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > end) throw new Error(`still false after ${timeoutMs} ms: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function once(browser, url, action, moment) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'pt-BR' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await page.addInitScript(RECORDER);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (moment === 'after') {
      await page.keyboard.press('Shift');
      await until(page, 'window.__vtStarted === true');
      await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(true), { timeout: 5000 }))');
    }
    if (moment === 'starting') await page.keyboard.press('Shift');
    await page.evaluate('window.__vtInteractions.length = 0');
    await action.run(page);
    // The next paint has happened once two frames have: the entries of the action are in.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))))');
    const entries = await page.evaluate('window.__vtInteractions');
    const byInteraction = new Map();
    for (const entry of entries) byInteraction.set(entry.id, Math.max(byInteraction.get(entry.id) ?? 0, entry.duration));
    // No entry: every event of the action was under the 16 ms threshold.
    return Math.max(0, ...byInteraction.values());
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** INP of the first actions on home, a post and the blog of a running server. */
export async function inpBench(baseUrl) {
  const { post } = await samplePaths(baseUrl);
  const pages = [
    { name: 'home', path: '/' },
    { name: 'post', path: post },
    { name: 'blog', path: '/blog' },
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const rows = [];
  try {
    for (const page of pages) {
      for (const action of ACTIONS) {
        const row = { page: page.name, action: action.name };
        for (const moment of MOMENTS) {
          const runs = [];
          for (let i = 0; i < RUNS; i += 1) runs.push(await once(browser, baseUrl + page.path, action, moment));
          row[moment] = Math.round(median(runs));
        }
        rows.push(row);
      }
    }
  } finally {
    await browser.close();
  }
  return { runs: RUNS, worstMs: Math.max(...rows.flatMap((r) => MOMENTS.map((m) => r[m]))), rows };
}

export function printInp(result) {
  console.log(`\nINP of first actions (ms; median of ${result.runs}; 390 px, touch, 4x CPU, 150 ms RTT, 1.6 Mbit/s): worst ${result.worstMs} ms`);
  table(result.rows);
}
