// Accessibility: axe-core (the engine of Lighthouse's and browsers' accessibility audits) on the
// public pages and every admin screen, at a desktop and a phone width: no serious or critical violation
// (colour contrast, names of controls, landmarks, ARIA).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { setupSuite } from '../support/app';
import { inSession, signIn } from '../support/browser';

const suite = setupSuite();
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe's serious and critical findings on the page as it is now (WCAG 2.1 A and AA rules, and best practices). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    // The WhatsApp settings' preview is a picture of the visitor's button and chat in the colours the staff chose
    // (the page states their contrast and warns below 4.5:1): not the admin's own text.
    `axe.run({ exclude: [['.vt-wa-preview'], ['.vt-wa__sample']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } }).then((r) => r.violations)`,
  )) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 4 ? ` (+${v.nodes.length - 4})` : ''}`);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Entrance animations and lazy parts (charts) finish before the audit: every animation done, then the main thread
  // idle twice (however long a busy machine takes).
  // (an endless one, a spinner, is no entrance animation).
  // (Evaluated as expressions: the pages' CSP forbids the eval a string predicate of waitForFunction needs.)
  const settled = 'document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity)';
  while (!(await page.evaluate(settled))) await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(true)))');
  for (let i = 0; i < 2; i += 1) await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(true), { timeout: 5000 }))');
}

const PUBLIC_PAGES = ['/', '/blog', '/contact', '/faq', '/search?q=tecnologia'];
const ADMIN_SCREENS = [
  'dashboard',
  'users',
  'list-of-articles',
  'compose',
  'list-of-categories',
  'settings-profile',
  'settings',
  'settings?tab=welcome',
  'settings?tab=webhooks',
  'settings?tab=releases',
  'seo',
  'list-leads',
  'message-received',
  'settings-whatsapp',
  'list-faq',
  'audit-log',
];

for (const width of [1366, 390]) {
  test(`the public pages have no serious accessibility violation at ${width} px`, async () => {
    await inSession(suite.browser, suite.baseUrl, `a11y-public-${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      await page.goto('/blog');
      const post = await page.locator('a[href^="/post/"]').first().getAttribute('href');
      for (const path of [...PUBLIC_PAGES, ...(post ? [post] : [])]) {
        await page.goto(path);
        await settle(page);
        for (const v of await seriousViolations(page)) found.push(`${path}: ${v}`);
      }
      assert.deepEqual(found, []);
    });
  });

  test(`the admin screens have no serious accessibility violation at ${width} px`, async () => {
    await inSession(suite.browser, suite.baseUrl, `a11y-admin-${width}`, async ({ page }) => {
      await page.goto('/login');
      await settle(page);
      const found = (await seriousViolations(page)).map((v) => `/login: ${v}`);
      await signIn(page);
      await page.waitForURL((url) => url.pathname.startsWith('/admin'));
      await page.setViewportSize({ width, height: 900 });
      for (const name of ADMIN_SCREENS) {
        await page.goto(`/admin/${name}`);
        await page.locator('main').first().waitFor();
        await settle(page);
        for (const v of await seriousViolations(page)) found.push(`/admin/${name}: ${v}`);
      }
      assert.deepEqual(found, []);
    });
  });
}
