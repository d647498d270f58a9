// Four sign-in scenarios: guard redirect, sign-in into the admin remote, one auth store
// across shell and remote, logout clears the session and revokes the token.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADMIN } from '../support/env';
import { api, setupSuite } from '../support/app';
import { inSession, pathOf, signIn, storageItem } from '../support/browser';

const suite = setupSuite();

test('1. an anonymous visitor of /admin/dashboard is sent to /login', async () => {
  await inSession(suite.browser, suite.baseUrl, 'anonymous-admin-redirect', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    const url = new URL(page.url());
    assert.equal(url.pathname, '/login');
    assert.equal(url.searchParams.get('redirect'), '/admin/dashboard');
    await page.locator('input[name="email"]').waitFor();
  });
});

test('2. sign-in lands on /admin/dashboard rendered by the admin remote', async () => {
  await inSession(suite.browser, suite.baseUrl, 'sign-in-admin-remote', async ({ page }) => {
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      // The manifest the shell is given is the active release's own (/remotes/admin/r/<id>/…), or the plain path.
      if (/\/remotes\/admin\/(?:r\/[^/]+\/)?(mf-manifest\.json|remoteEntry\.js)$/.test(new URL(request.url()).pathname)) remoteRequests.push(request.url());
    });
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await page.getByTestId('dashboard-page').waitFor();
    assert.ok(remoteRequests.some((u) => u.endsWith('/mf-manifest.json')), `the admin manifest was fetched: ${remoteRequests.join(', ')}`);
    assert.ok(remoteRequests.some((u) => u.endsWith('/remoteEntry.js')), 'the admin remoteEntry.js was fetched');
  });
});

test('3. the admin remote sees the user the shell signed in (one auth store)', async () => {
  await inSession(suite.browser, suite.baseUrl, 'one-auth-store', async ({ page }) => {
    await page.goto('/login');
    const { data } = await signIn(page);
    await page.getByTestId('dashboard-page').waitFor();
    // The greeting is rendered by the remote from the store the shell filled at sign-in.
    const greeting = await page.getByTestId('dashboard-greeting').innerText();
    assert.equal(data.name, ADMIN.name);
    assert.match(greeting, new RegExp(ADMIN.name), `greeting "${greeting}" names the signed-in admin`);
    // The shell's own chrome shows the same user.
    assert.match(await page.getByTestId('admin-user').innerText(), new RegExp(ADMIN.name));
  });
});

test('4. logout clears the session everywhere and the old token is revoked', async () => {
  await inSession(suite.browser, suite.baseUrl, 'logout', async ({ page }) => {
    await page.goto('/login');
    const { token } = await signIn(page);
    await page.getByTestId('dashboard-page').waitFor();
    assert.ok(await storageItem(page, 'authToken'), 'authToken stored after sign-in');
    assert.ok(await storageItem(page, 'authUser'), 'authUser stored after sign-in');
    assert.equal((await api(suite.baseUrl, 'GET', '/auth/me', { token })).status, 200, 'token valid before logout');
    // The session's proof: a cookie the page's scripts cannot read, so a token read out of the page is worthless.
    const proof = (await page.context().cookies()).find((cookie) => cookie.name === 'vt_session');
    assert.ok(proof, 'the proof cookie is set at sign-in');
    assert.equal(proof.httpOnly, true);
    assert.equal(proof.sameSite, 'Strict');
    assert.equal(proof.path, '/api');
    assert.equal(await page.evaluate("document.cookie.includes('vt_session')"), false, 'scripts cannot read the proof');
    const copied = await fetch(`${suite.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(copied.status, 401, 'the token alone, copied out of the browser, is refused');

    await page.goto('/logout');
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/auth/logout'));
    await page.getByRole('button', { name: /^Sair$|^Sign out$|^Log out$/ }).click();
    assert.equal((await logout).status(), 200);
    await page.waitForURL((url) => url.pathname === '/login');

    assert.equal(await storageItem(page, 'authToken'), null, 'authToken removed');
    assert.equal((await page.context().cookies()).find((cookie) => cookie.name === 'vt_session'), undefined, 'the proof cookie is cleared');
    assert.equal(await storageItem(page, 'authUser'), null, 'authUser removed');

    await page.goto('/admin/dashboard');
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(pathOf(page), '/login');
    assert.equal(await page.getByTestId('dashboard-page').count(), 0);

    const me = await api(suite.baseUrl, 'GET', '/auth/me', { token });
    assert.equal(me.status, 401, 'the revoked token is refused');
  });
});
