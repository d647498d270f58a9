// Safe by default in the browser (docs/decisions/api-safe-by-default.md): the app works under its
// Content-Security-Policy (no CSP violation on public, account or admin pages), the staff's SEO
// markup runs on public pages only (its inline script allowed by its hash) and never on the
// admin or sign-in pages, only an administrator stores SEO markup that runs code
// (docs/decisions/seo-markup.md), and an unknown path is the not-found page with status 404.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { api, setupSuite } from '../support/app';
import { inSession, signIn, storageItem, type Session } from '../support/browser';
import { ADMIN } from '../support/env';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { decryptSession } from '../../shared/core/src/session-crypto';

// A server of its own: the SEO entry below must not reach the other files' pages. Its mail goes by SMTP to a sink
// here, where a new staff member's verification code is read (the first access of the settings-only user below).
let sink: SmtpSink;
const suite = setupSuite(async () => {
  sink = await startSmtpSink();
  return { name: 'security', env: { SMTP_URL: sink.url } };
});
after(async () => {
  await sink?.close();
});

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

interface LoginAnswer {
  token: string;
  data: { id: string; unique_key: string };
}

const STAFF_PASSWORD = 'Seo-Staff9!e2e';

/**
 * As the seeded admin, through the API: a staff member of type operational holding the settings access only
 * (the SEO screen), through their first access (temporary password → mailed code → own password).
 */
async function createSettingsStaff(): Promise<{ email: string; password: string }> {
  const login = await api<LoginAnswer>(suite.baseUrl, 'POST', '/auth/auth', { body: { email: ADMIN.email, password: ADMIN.password } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const email = `seo.${Date.now()}@vitrine.test`;
  const created = await api<{ data: { temporary_password: string } }>(suite.baseUrl, 'POST', '/user/user', {
    token: login.body.token,
    body: {
      name: 'Sara',
      last_name: 'Marketing',
      email,
      position: 'Analista de marketing',
      type: 'operational',
      accesses: ['settings'],
      created_by: login.body.data.id,
      created_by_unique_key: login.body.data.unique_key,
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const since = sink.mails.length;
  const first = await api<LoginAnswer>(suite.baseUrl, 'POST', '/auth/auth', { body: { email, password: created.body.data.temporary_password } });
  assert.equal(first.status, 200, JSON.stringify(first.body));
  const mail = await sink.waitForMail(email, { since });
  const code = /:\s*(\d{6})\b/.exec(mail.text)?.[1];
  assert.ok(code, `a 6-digit code in the mail:\n${mail.text}`);
  assert.equal((await api(suite.baseUrl, 'POST', '/auth/verify-code', { token: first.body.token, body: { email, code } })).status, 200);
  const chosen = await api(suite.baseUrl, 'POST', '/auth/first-access', { token: first.body.token, body: { new_password: STAFF_PASSWORD, confirm_password: STAFF_PASSWORD } });
  assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
  return { email, password: STAFF_PASSWORD };
}

/** What the refused script would have done on `/`: read the session's storage, keep it, and set a cookie and a global. */
const STOLEN_KEY = 'vt-stolen';
const THEFT = `<script>localStorage.setItem('${STOLEN_KEY}', JSON.stringify(Object.assign({}, localStorage))); document.cookie = 'vt_stolen=1; path=/'; window.__vtStolen = true;</script>`;

test('a staff member with the settings access cannot save a script in the SEO screen; an admin who then opens / runs nothing of it', async () => {
  await withSeoEntry();
  const staff = await createSettingsStaff();

  await inSession(suite.browser, suite.baseUrl, 'seo-script-refused', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, staff.email, staff.password);
    await page.goto('/admin/seo');
    await page.getByTestId('seo-page').waitFor();
    await page.getByRole('button', { name: /Nova entrada/ }).first().click();
    const drawer = page.getByTestId('seo-drawer');
    // Told beforehand, beside the code fields.
    await page.getByTestId('seo-admin-only').waitFor();
    assert.match(await page.getByTestId('seo-admin-only').innerText(), /Somente administradores podem adicionar scripts, frames e atributos de evento/);

    await drawer.getByLabel('Nome').fill('Pixel');
    await drawer.getByLabel('Código no <head>').fill(`<meta name="vt-pixel" content="1">\n${THEFT}`);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/seo/seo') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const response = await answer;
    assert.equal(response.status(), 403);
    assert.equal(((await response.json()) as { code: string }).code, 'SCRIPT_MARKUP_ADMIN_ONLY');
    // The refusal, on the field that holds the script, in the user's language; the code typed is kept.
    const refusal = page.getByText(/Somente um administrador pode salvar código que roda/);
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /Encontrado: <script>\./);
    assert.match(await drawer.getByLabel('Código no <head>').inputValue(), /vt-stolen/);
  });

  const publicSeo = await api<{ data: { head_markup: string; body_markup: string }[] }>(suite.baseUrl, 'GET', '/seo/public-seo');
  assert.doesNotMatch(JSON.stringify(publicSeo.body), /vt-stolen|vt-pixel/, 'nothing of the refused entry is public');

  await inSession(suite.browser, suite.baseUrl, 'seo-script-admin-home', async (session) => {
    const { page } = session;
    await page.goto('/login');
    await signIn(page);
    const response = await page.goto('/');
    assert.equal(response?.status(), 200);
    // The admin's own SEO entry ran (scripts do run here), and nothing of the refused one is in the page.
    await page.locator(`#${MARKER}`).waitFor({ state: 'attached' });
    assert.equal(await page.evaluate(() => (globalThis as unknown as { __seoRan?: number }).__seoRan), 1);
    await page.waitForLoadState('networkidle');
    assert.doesNotMatch(await page.content(), /vt-stolen|vt-pixel/);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { __vtStolen?: boolean }).__vtStolen), undefined, 'no stored script ran');
    assert.equal(await storageItem(page, STOLEN_KEY), null, 'nothing copied out of the storage');
    assert.doesNotMatch(await page.evaluate('document.cookie') as string, /vt_stolen/, 'no cookie written');
    assert.deepEqual(cspViolations(session), []);

    // Even a script that did run here (an admin's own entry does) reads a session that is worthless elsewhere:
    // what local storage holds, decrypted with the bundle's key, answers 401 from outside the browser, because the
    // session's proof is an HttpOnly cookie no script can read.
    const stored = await storageItem(page, 'authToken');
    assert.ok(stored);
    const token = decryptSession<string>(stored);
    assert.ok(token, 'the stored token decrypts');
    assert.doesNotMatch(await page.evaluate('document.cookie') as string, /vt_session/, 'the proof is not readable by scripts');
    const outside = await fetch(`${suite.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(outside.status, 401, 'the token read out of the page does not work from outside the browser');
    const inside = await page.evaluate(`fetch('/api/auth/me', { headers: { authorization: 'Bearer ${token}' } }).then((r) => r.status)`);
    assert.equal(inside, 200, 'the browser that signed in still works');
  });
});
