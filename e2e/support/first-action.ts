// The moments of a public page's start at which a visitor's first action is tried (e2e/tests/first-action*.test.ts),
// at 1366 and at 390 px wide:
// - `no-script`: JavaScript disabled (or the code never loads);
// - `before`: the page's code is held back (its request does not answer) while the visitor acts, then released;
// - `starting`: the code is let go and the visitor acts at once, while it loads and hydrates;
// - `after`: once the page has hydrated;
// - `+N ms`: the page loads as it does for anyone, and the visitor acts N ms after its load event (0, 100, 300,
//   1 000, 3 000): what a person's timing is; on a busy machine the same N lands on a different state of the start,
//   which the held moments above cover whatever the machine's speed.
// After the action, `settled()` waits for the page to have started and the browser to be idle; the test then checks
// that what the visitor did is still there, done exactly once.
import type { Browser, Page, Route } from 'playwright-core';
import { STARTED_EVENT } from '../../shared/contracts/src/federation';
import { HYDRATED, waitUntilTrue } from './browser';

export type Moment = 'no-script' | 'before' | 'starting' | 'after' | { afterLoadMs: number };
export const HELD_MOMENTS: Moment[] = ['no-script', 'before', 'starting', 'after'];
export const TIMED_MOMENTS: Moment[] = [0, 100, 300, 1_000, 3_000].map((afterLoadMs) => ({ afterLoadMs }));
export const ALL_MOMENTS: Moment[] = [...HELD_MOMENTS, ...TIMED_MOMENTS];
export const momentName = (moment: Moment): string => (typeof moment === 'string' ? moment : `+${moment.afterLoadMs} ms`);

export const WIDTHS = [
  { name: 'desk', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Width = (typeof WIDTHS)[number];

export interface Visit {
  page: Page;
  errors: string[];
  /** Resolves once the page has started (hydrated) and the browser is idle; at once without scripts. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface VisitOptions {
  baseUrl: string;
  /** Headers of every request of the visit (a client address of its own behind the test's proxy setting). */
  headers?: Record<string, string>;
}

/** Opens `url` at `width` and returns once the visitor's moment to act has come. */
export async function visit(browser: Browser, url: string, moment: Moment, width: Width, options: VisitOptions): Promise<Visit> {
  const context = await browser.newContext({
    baseURL: options.baseUrl,
    locale: 'pt-BR',
    viewport: { width: width.width, height: width.height },
    // A phone is touched.
    hasTouch: width.name === 'phone',
    isMobile: width.name === 'phone',
    javaScriptEnabled: moment !== 'no-script',
    ...(options.headers ? { extraHTTPHeaders: options.headers } : {}),
  });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
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
  if (!response || response.status() >= 400) throw new Error(`${url} answered ${response?.status()}`);
  if (moment === 'after') {
    // Intent, as a visitor shows it, starts the code; act once it has hydrated.
    await page.keyboard.press('Shift');
    await waitUntilTrue(page, `window.__vtStarted === true && ${HYDRATED}`, 20_000);
  }
  if (moment === 'starting') await page.keyboard.press('Shift');
  if (typeof moment === 'object') {
    // The moment itself: this many milliseconds after the page's load event, as the page's own clock counts them.
    const sinceLoad = (await page.evaluate("performance.now() - performance.getEntriesByType('navigation')[0].loadEventEnd")) as number;
    const wait = moment.afterLoadMs - sinceLoad;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return {
    page,
    errors,
    async settled() {
      if (moment === 'no-script') return;
      release();
      // The page shown now may be the server's answer to a form sent before the code ran: its result can be on screen
      // before its deferred starter has run, and intent shown then reaches no listener. Its load event comes after.
      await page.waitForLoadState('load');
      // A page the visitor only scrolled has started too (a scroll is intent); one that never saw intent gets one.
      if (!(await page.evaluate('window.__vtStarted === true'))) await page.keyboard.press('Shift');
      await waitUntilTrue(page, 'window.__vtStarted === true', 20_000);
      // Two idle periods: effects, the language's texts, anything scheduled for idle has run.
      for (let i = 0; i < 2; i += 1) await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(true), { timeout: 2000 }))');
    },
    close: () => context.close(),
  };
}

/** React's hydration errors among a page's errors (there must be none). */
export const hydrationErrors = (errors: string[]): string[] => errors.filter((e) => /hydrat|#41[89]|#42[35]/i.test(e));

/**
 * Runs every case, `concurrency` at a time (each is a visit of its own, in its own browser context), and fails
 * once with every case that failed: one run shows the whole matrix's state.
 */
export async function runCases(cases: { name: string; run: () => Promise<void> }[], concurrency = 2): Promise<void> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const item = cases[next];
      next += 1;
      if (!item) break;
      try {
        await item.run();
      } catch (error) {
        failures.push(`${item.name}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cases.length) }, worker));
  if (failures.length) throw new Error(`${failures.length} of ${cases.length} failed:\n${failures.join('\n')}`);
}
