// Scenario 7: a remote is down (its manifest URL is dead). With the admin remote down, the public
// site keeps working and the admin route shows the shell's fallback with Retry, which does not crash.
// With the public remote down, the shell's own pages (login, not-found, its header and footer) and the
// admin keep working, and the public routes show the fallback with Retry.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupSuite } from '../support/app';
import { inSession, signIn } from '../support/browser';

const DEAD = 'http://127.0.0.1:9/mf-manifest.json';
const suite = setupSuite({ name: 'remote-down', env: { ADMIN_REMOTE_URL: DEAD } });
const publicDown = setupSuite({ name: 'public-remote-down', env: { PUBLIC_REMOTE_URL: DEAD } });

test('7. with the admin remote down, the home page works and the dashboard shows the fallback with Retry', async () => {
  await inSession(suite.browser, suite.baseUrl, 'admin-remote-down', async ({ page, errors }) => {
    const config = (await (await fetch(`${suite.baseUrl}/remotes.json`)).json()) as { remotes: Record<string, string> };
    assert.equal(config.remotes.admin_remote, DEAD, '/remotes.json points the shell at the dead URL');

    await page.goto('/');
    await page.getByTestId('home-page').waitFor();

    await page.goto('/login');
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    const fallback = page.getByTestId('remote-fallback');
    await fallback.waitFor();
    assert.equal(await page.getByTestId('dashboard-page').count(), 0);

    const retry = fallback.getByRole('button');
    const manifestAsked = page.waitForRequest((r) => r.url() === DEAD, { timeout: 10_000 }).catch(() => null);
    await retry.click();
    // Retry asks for the manifest again; while still down the fallback comes back, the shell is alive.
    assert.ok(await manifestAsked, 'Retry fetched the admin manifest again');
    await fallback.waitFor();
    await fallback.getByRole('button').waitFor();
    // The admin remote brings the admin chrome; without it the shell's plain frame stays, with a way out.
    assert.equal(await page.getByTestId('admin-plain-frame').getByRole('link', { name: 'Sair' }).count(), 1, "the shell's frame is still rendered");
    assert.deepEqual(
      errors.filter((e) => e.startsWith('pageerror')),
      [],
      'no uncaught error in the page',
    );

    // The rest of the site keeps working after the failure.
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
  });
});

test('7b. with the public remote down, login, not-found and the admin work, and public routes show the fallback with Retry', async () => {
  await inSession(publicDown.browser, publicDown.baseUrl, 'public-remote-down', async ({ page, errors }) => {
    const config = (await (await fetch(`${publicDown.baseUrl}/remotes.json`)).json()) as { remotes: Record<string, string> };
    assert.equal(config.remotes.public_remote, DEAD, '/remotes.json points the shell at the dead URL');

    for (const path of ['/', '/blog']) {
      await page.goto(path);
      // The server rendered the page (its build of the remote is on disk); the browser's start needs the remote.
      await page.keyboard.press('Shift');
      const fallback = page.getByTestId('remote-fallback');
      await fallback.waitFor();
      assert.equal(await fallback.getByRole('heading').innerText(), 'Esta parte do site não pôde ser carregada');
      assert.equal(await page.getByTestId('home-page').count(), 0);
    }
    // The shell's header is there (its texts are the shell's own, not the public remote's).
    await page.getByRole('link', { name: 'Entrar' }).first().waitFor();

    const manifestAsked = page.waitForRequest((r) => r.url() === DEAD, { timeout: 10_000 }).catch(() => null);
    await page.getByTestId('remote-fallback').getByRole('button', { name: 'Tentar novamente' }).click();
    assert.ok(await manifestAsked, 'Retry fetched the public manifest again');
    await page.getByTestId('remote-fallback').getByRole('button').waitFor();

    await page.goto('/this-page-does-not-exist');
    await page.getByTestId('not-found').waitFor();

    await page.goto('/login');
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await page.getByTestId('dashboard-page').waitFor();
    await page.goto('/admin/list-of-articles');
    await page.getByTestId('articles-page').waitFor();
    assert.deepEqual(
      errors.filter((e) => e.startsWith('pageerror')),
      [],
      'no uncaught error in the page',
    );
  });
});
