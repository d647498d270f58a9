// Safe by default in the browser (docs/decisions/api-safe-by-default.md): the app works under its
// Content-Security-Policy (no CSP violation on public, account or admin pages), the staff's SEO
// markup runs on public pages only (its inline script allowed by its hash) and never on the
// admin or sign-in pages, and an unknown path is the not-found page with status 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { api, setupSuite } from '../support/app';
import { inSession, signIn, type Session } from '../support/browser';
import { ADMIN } from '../support/env';

// A server of its own: the SEO entry below must not reach the other files' pages.
const suite = setupSuite({ name: 'security' });

const MARKER = 'vt-seo-marker';
const SEO_SCRIPT = `window.__seoRan = (window.__seoRan || 0) + 1;`;

let seeded: Promise<void> | undefined;
/** The SEO entry every test here expects (created once, when the suite's server is up). */
const withSeoEntry = () => (seeded ??= createSeoEntry());

async function createSeoEntry(): Promise<void> {
  const login = await api<{ token: string }>(suite.baseUrl, 'POST', '/auth/auth', { body: { email: ADMIN.email, password: ADMIN.password } });
  assert.equal(login.status, 200);
  const created = await api(suite.baseUrl, 'POST', '/seo/seo', {
    token: login.body.token,
    body: { name: 'E2E tag', head_markup: `<script>${SEO_SCRIPT}</script>`, body_markup: `<div id="${MARKER}" hidden></div>`, active: true },
  });
  assert.equal(created.status, 201);
}

function cspViolations(session: Session): string[] {
  return session.errors.filter((e) => /Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(e));
}

test('public pages run the SEO markup under the CSP; no violation', async () => {
  await inSession(suite.browser, suite.baseUrl, 'csp-public', async (session) => {
    await withSeoEntry();
    const { page } = session;
    const response = await page.goto('/');
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'[^;]*'sha256-/);
    await page.locator(`#${MARKER}`).waitFor({ state: 'attached' });
    await page.waitForFunction(() => (globalThis as unknown as { __seoRan?: number }).__seoRan === 1);
    await page.goto('/blog');
    await page.locator(`#${MARKER}`).waitFor({ state: 'attached' });
    assert.deepEqual(cspViolations(session), []);
  });
});

test('sign-in and admin pages: no SEO markup, and the app works under the CSP', async () => {
  await inSession(suite.browser, suite.baseUrl, 'csp-admin', async (session) => {
    await withSeoEntry();
    const { page } = session;
    await page.goto('/login');
    await page.locator('input[name="email"]').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator(`#${MARKER}`).count(), 0, 'no SEO body markup on the sign-in page');
    await signIn(page);
    await page.waitForURL(/\/admin\//);
    await page.getByTestId('dashboard-page').waitFor();
    for (const path of ['/admin/list-of-articles', '/admin/list-of-categories', '/admin/dashboard']) {
      const response = await page.goto(path);
      assert.doesNotMatch(response?.headers()['content-security-policy'] ?? '', /sha256-/, `${path}: no SEO sources in the admin CSP`);
      await page.getByTestId('admin-menu').waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByTestId('remote-fallback').count(), 0, `${path}: the admin remote loaded under the CSP`);
    }
    await page.getByTestId('dashboard-page').waitFor();
    assert.equal(await page.locator(`#${MARKER}`).count(), 0, 'no SEO body markup on admin pages');
    assert.equal(await page.evaluate(() => (globalThis as unknown as { __seoRan?: number }).__seoRan), undefined, 'no SEO script on admin pages');
    assert.deepEqual(cspViolations(session), []);
  });
});

test('an unknown path is the not-found page with status 404', async () => {
  await inSession(suite.browser, suite.baseUrl, 'not-found-404', async ({ page }) => {
    await withSeoEntry();
    const response = await page.goto('/nao-existe');
    assert.equal(response?.status(), 404);
    await page.getByTestId('not-found').waitFor();
    assert.equal(await page.locator(`#${MARKER}`).count(), 0, 'the not-found page is no public page');
  });
});
