// The back-office: an admin adds a user with one access through the users screen, the user goes
// through first access and sees only what that access opens; deactivated, they cannot sign in again. The
// dashboard counts a read made on the public side. Every admin screen fits a phone, and switching language
// leaves no text untranslated.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Page } from 'playwright-core';
import { LOCALE_CODES } from '@vitrine/contracts';
import { ADMIN } from '../support/env';
import { api, setupSuite } from '../support/app';
import { inSession, pathOf, signIn } from '../support/browser';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

// Verification codes are read from mail: this file's server delivers by SMTP to a sink in this process.
let sink: SmtpSink;
const suite = setupSuite(async () => {
  sink = await startSmtpSink();
  return { name: 'back-office', env: { SMTP_URL: sink.url } };
});
after(async () => {
  await sink?.close();
});

const NEW_PASSWORD = 'Nova-Senha9!bo';
/** A browser that is not headless as far as the read counter knows (it never counts bots). */
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function adminToken(): Promise<string> {
  const login = await api<{ token: string }>(suite.baseUrl, 'POST', '/auth/auth', { body: { email: ADMIN.email, password: ADMIN.password } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return login.body.token;
}

/** The open antd dropdown's option (each Select draws its options in a popup of its own). */
async function choose(page: Page, label: string): Promise<void> {
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last().getByTitle(label, { exact: true }).click();
}

test('an admin adds a writer through the users screen; the writer signs in, sees only articles and categories, and is refused once deactivated', async () => {
  const email = `redatora.${Date.now()}@vitrine.test`;
  let temporary = '';

  await inSession(suite.browser, suite.baseUrl, 'back-office-add-user', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await page.goto('/admin/users');
    await page.getByTestId('users-page').waitFor();
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    const drawer = page.getByTestId('user-form-drawer');
    await drawer.getByLabel('Nome', { exact: true }).fill('Renata');
    await drawer.getByLabel('Sobrenome').fill('Redatora');
    await drawer.getByLabel('E-mail').fill(email);
    await drawer.getByLabel('Cargo').fill('Redatora');
    // Operational is proposed with the dashboard and articles; the writer gets articles only.
    await drawer.getByLabel('Tipo').click();
    await choose(page, 'Operacional');
    const dashboardBox = drawer.getByRole('checkbox', { name: 'Painel' });
    if (await dashboardBox.isChecked()) await dashboardBox.uncheck();
    const articlesBox = drawer.getByRole('checkbox', { name: 'Gestão de artigos' });
    if (!(await articlesBox.isChecked())) await articlesBox.check();
    await drawer.getByRole('button', { name: 'Salvar' }).click();

    const dialog = page.getByTestId('credentials-dialog');
    await dialog.getByTestId('credentials-email').waitFor();
    assert.equal((await dialog.getByTestId('credentials-email').innerText()).trim(), email);
    temporary = (await dialog.getByTestId('credentials-password').innerText()).trim();
    assert.ok(temporary.length >= 8, 'a temporary password is shown once');
    await dialog.getByRole('button', { name: 'Copiar credenciais' }).click();
  });

  await inSession(suite.browser, suite.baseUrl, 'back-office-writer-first-access', async ({ page }) => {
    const since = sink.mails.length;
    await page.goto('/login');
    await signIn(page, email, temporary);
    await page.waitForURL((url) => url.pathname === '/verify-account');
    const mail = await sink.waitForMail(email, { since });
    const code = /:\s*(\d{6})\b/.exec(mail.text)?.[1];
    assert.ok(code, `a 6-digit code in the mail:\n${mail.text}`);
    await page.locator('input[name="code"]').fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL((url) => url.pathname === '/first-access');
    await page.locator('input[name="new-password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="confirm-password"]').fill(NEW_PASSWORD);
    await page.locator('form button[type="submit"]').click();

    // No dashboard access: the writer starts at the articles, and the menu holds only what they may open.
    await page.waitForURL((url) => url.pathname === '/admin/list-of-articles');
    const menu = page.getByTestId('admin-menu');
    await menu.locator('a[href="/admin/list-of-articles"]').waitFor();
    const links = (await page.evaluate(`Array.from(document.querySelectorAll('[data-testid="admin-menu"] a')).map((a) => a.getAttribute('href'))`)) as (string | null)[];
    assert.deepEqual(links.filter(Boolean).sort(), ['/admin/list-of-articles', '/admin/list-of-categories', '/admin/settings-profile']);

    await page.goto('/admin/users');
    await page.waitForURL((url) => url.pathname === '/error-forbidden');
    await page.getByTestId('forbidden').waitFor();
  });

  await inSession(suite.browser, suite.baseUrl, 'back-office-deactivate', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'Mais ações para Renata Redatora' }).click();
    await page.getByRole('menuitem', { name: /Desativar/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Desativar usuário' });
    await confirm.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Inativo', { exact: true }).first().waitFor();
  });

  await inSession(suite.browser, suite.baseUrl, 'back-office-inactive-sign-in', async ({ page }) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/auth'));
    await page.locator('form button[type="submit"]').click();
    assert.equal((await answer).status(), 403);
    await page.getByText('A conta está inativa.').waitFor();
    assert.equal(pathOf(page), '/login');
  });
});

test('the dashboard counts a read made on the public side', async () => {
  const token = await adminToken();
  const today = new Date().toISOString().slice(0, 10);
  const readsToday = async () => {
    const res = await api<{ data: { days: { day: string; reads: number }[] } }>(suite.baseUrl, 'GET', `/reports/dashboard?from=${today}&to=${today}`, { token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data.days[0]?.reads ?? 0;
  };
  const before = await readsToday();

  const visitor = await suite.browser.newContext({ baseURL: suite.baseUrl, userAgent: VISITOR_AGENT, locale: 'pt-BR' });
  try {
    const page = await visitor.newPage();
    await page.goto('/blog');
    const post = page.locator('a[href^="/post/"]').first();
    const read = page.waitForResponse((r) => /\/api\/public\/article\/\d+\/read$/.test(r.url()));
    await post.click();
    assert.equal((await read).status(), 200);
  } finally {
    await visitor.close();
  }
  assert.equal(await readsToday(), before + 1);

  await inSession(suite.browser, suite.baseUrl, 'back-office-dashboard-reads', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await page.goto('/admin/dashboard?period=7');
    const reads = page.getByTestId('stat-reads');
    await reads.waitFor();
    const shown = Number((await reads.locator('.vt-dashboard__figure').innerText()).replace(/\D/g, ''));
    assert.ok(shown >= before + 1, `the dashboard shows the read (${shown} ≥ ${before + 1})`);
    await page.getByRole('img', { name: /Leituras por dia/ }).waitFor();
  });
});

test('every admin screen fits a 390-pixel phone, and every language leaves no key on screen', async () => {
  await inSession(suite.browser, suite.baseUrl, 'back-office-phone-and-languages', async ({ page, context }) => {
    await page.goto('/login');
    await signIn(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const screens = ['dashboard', 'users', 'list-of-articles', 'compose', 'list-of-categories', 'settings-profile', 'settings', 'settings?tab=welcome', 'settings?tab=webhooks', 'settings?tab=releases', 'seo', 'list-leads', 'message-received', 'settings-whatsapp', 'list-faq', 'audit-log'];
    for (const name of screens) {
      await page.goto(`/admin/${name}`);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      assert.ok(Number(overflow) <= 0, `/admin/${name} scrolls sideways by ${String(overflow)} px at 390 px`);
    }

    await page.setViewportSize({ width: 1366, height: 900 });
    for (const locale of LOCALE_CODES) {
      for (const path of ['/admin/dashboard', '/admin/users', '/admin/settings', '/admin/settings?tab=welcome', '/admin/settings?tab=webhooks', '/admin/settings?tab=releases']) {
        await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${locale}`);
        await page.locator('main').first().waitFor();
        await page.waitForLoadState('networkidle');
        // E-mail addresses (name.surname@…) are not keys.
        const text = (await page.locator('body').innerText()).replace(/\S+@\S+/g, ' ');
        // An untranslated text shows as its key: words joined by dots ('dashboard.cards.reads', 'menu.users').
        const keys = text.match(/\b[a-z][\w-]*(?:\.[a-zA-Z][\w-]*)+\b/g)?.filter((k) => !/@|\.(?:com|br|test)\b/.test(k)) ?? [];
        assert.deepEqual(keys, [], `${path} in ${locale} shows keys`);
        assert.equal(await page.evaluate('document.documentElement.lang'), locale);
      }
    }
    await context.clearCookies();
  });
});
