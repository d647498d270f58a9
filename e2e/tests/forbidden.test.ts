// Scenario 5: a user whose roles lack a route gets error-forbidden; the user goes through the
// first-access flow (temporary password → emailed 6-digit code → own password) first.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { ADMIN } from '../support/env';
import { api, setupSuite } from '../support/app';
import { inSession, pathOf, signIn } from '../support/browser';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

// The embedded default logs each outboxed mail without its body (to, subject, links only), so the
// verification code cannot be read from the server's log. This file's server delivers its mail by
// SMTP (SMTP_URL, the API's production path) to a sink in this process instead.
let sink: SmtpSink;
const suite = setupSuite(async () => {
  sink = await startSmtpSink();
  return { name: 'forbidden', env: { SMTP_URL: sink.url } };
});
after(async () => {
  await sink?.close();
});

interface LoginAnswer {
  token: string;
  data: { id: string; unique_key: string; status: string; verified_at?: string | null };
}

let counter = 0;
/** As the seeded admin, through the API: a first-access user with the dashboard access only. */
async function createDashboardOnlyUser(): Promise<{ email: string; temporaryPassword: string }> {
  const login = await api<LoginAnswer>(suite.baseUrl, 'POST', '/auth/auth', { body: { email: ADMIN.email, password: ADMIN.password } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const admin = login.body;
  const email = `editor.${Date.now()}.${++counter}@vitrine.test`;
  const created = await api<{ data: { user: { status: string; accesses: string[] }; temporary_password: string } }>(suite.baseUrl, 'POST', '/user/user', {
    token: admin.token,
    body: {
      name: 'Paula',
      last_name: 'Editora',
      email,
      position: 'Redatora',
      type: 'operational',
      accesses: ['dashboard'],
      created_by: admin.data.id,
      created_by_unique_key: admin.data.unique_key,
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.data.user.status, 'first-access');
  assert.deepEqual(created.body.data.user.accesses, ['dashboard']);
  assert.ok(created.body.data.temporary_password, 'the temporary password is answered once');
  return { email, temporaryPassword: created.body.data.temporary_password };
}

/** The 6-digit code of the latest verification mail to `email`. */
async function mailedCode(email: string, since: number): Promise<string> {
  const mail = await sink.waitForMail(email, { since });
  const code = /:\s*(\d{6})\b/.exec(mail.text)?.[1];
  assert.ok(code, `a 6-digit code in the mail:\n${mail.text}`);
  return code;
}

const NEW_PASSWORD = 'Nova-Senha9!e2e';

/** Signed in as a dashboard-only user: the menu has no Users, and /admin/users answers error-forbidden. */
async function assertForbiddenOnUsers(page: import('playwright-core').Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/admin/dashboard');
  await page.getByTestId('dashboard-page').waitFor();
  assert.match(await page.getByTestId('dashboard-greeting').innerText(), /Paula/);
  const menu = page.getByTestId('admin-menu');
  await menu.locator('a[href="/admin/dashboard"]').waitFor();
  assert.equal(await menu.locator('a[href="/admin/users"]').count(), 0, 'Users is not in the menu');

  await page.goto('/admin/users');
  await page.waitForURL((url) => url.pathname === '/error-forbidden');
  await page.getByTestId('forbidden').waitFor();
  assert.equal(pathOf(page), '/error-forbidden');
}

test('5. a dashboard-only user (first access done) gets error-forbidden on /admin/users; the menu has no Users', async () => {
  const { email, temporaryPassword } = await createDashboardOnlyUser();
  // First access through the API (the browser flow is the next test).
  const since = sink.mails.length;
  const first = await api<LoginAnswer>(suite.baseUrl, 'POST', '/auth/auth', { body: { email, password: temporaryPassword } });
  assert.equal(first.status, 200, JSON.stringify(first.body));
  const code = await mailedCode(email, since);
  const verified = await api(suite.baseUrl, 'POST', '/auth/verify-code', { token: first.body.token, body: { email, code } });
  assert.equal(verified.status, 200, JSON.stringify(verified.body));
  const chosen = await api(suite.baseUrl, 'POST', '/auth/first-access', {
    token: first.body.token,
    body: { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
  });
  assert.equal(chosen.status, 200, JSON.stringify(chosen.body));

  await inSession(suite.browser, suite.baseUrl, 'forbidden-users-route', async ({ page }) => {
    await page.goto('/login');
    const { token } = await signIn(page, email, NEW_PASSWORD);
    await assertForbiddenOnUsers(page);
    // The API agrees: the users list is refused with this user's token.
    assert.equal((await api(suite.baseUrl, 'POST', '/user/users-list', { token, body: {} })).status, 403);
  });
});

test(
  '5 (browser first access). temporary password → /verify-account → mailed code → /first-access → dashboard → error-forbidden',
  async () => {
    const { email, temporaryPassword } = await createDashboardOnlyUser();
    await inSession(suite.browser, suite.baseUrl, 'forbidden-first-access-browser', async ({ page }) => {
      const since = sink.mails.length;
      await page.goto('/login');
      await signIn(page, email, temporaryPassword);
      await page.waitForURL((url) => url.pathname === '/verify-account');
      const code = await mailedCode(email, since);

      await page.locator('input[name="code"]').fill(code);
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/verify-code'));
      await page.getByRole('button', { name: 'Verificar' }).click();
      assert.equal((await answer).status(), 200, 'the code is accepted by the API');
      await page.waitForURL((url) => url.pathname === '/first-access', { timeout: 10_000 });

      await page.locator('input[name="new-password"]').fill(NEW_PASSWORD);
      await page.locator('input[name="confirm-password"]').fill(NEW_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await assertForbiddenOnUsers(page);
    });
  },
);
