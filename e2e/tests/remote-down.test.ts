// Scenario 7: the admin remote is down (its manifest URL is dead). The public site keeps
// working and the admin route shows the shell's fallback with Retry, which does not crash.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupSuite } from '../support/app';
import { inSession, signIn } from '../support/browser';

const DEAD = 'http://127.0.0.1:9/mf-manifest.json';
const suite = setupSuite({ name: 'remote-down', env: { ADMIN_REMOTE_URL: DEAD } });

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
    assert.equal(await page.getByTestId('admin-menu').count(), 1, 'the shell chrome is still rendered');
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
