// Scenario 6 (unknown path → not-found) and the language rules: pt-BR by default,
// ?lang=en-US switches to English and is remembered on the next page without the param.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setupSuite } from '../support/app';
import { inSession } from '../support/browser';

const suite = setupSuite();

test('6. an unknown path shows the not-found page (pt-BR and en-US)', async () => {
  await inSession(suite.browser, suite.baseUrl, 'not-found', async ({ page }) => {
    const response = await page.goto('/nao-existe');
    assert.equal(response?.status(), 404, 'the shell, with the status of an unknown path');
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    assert.match(await notFound.locator('h1').innerText(), /Oops! Página não encontrada/);

    await page.goto('/nao-existe?lang=en-US');
    await notFound.waitFor();
    assert.match(await notFound.locator('h1').innerText(), /Oops! Page not found/);
  });
});

test('pt-BR is the default; ?lang=en-US switches to English and is remembered', async () => {
  await inSession(suite.browser, suite.baseUrl, 'language', async ({ page }) => {
    await page.goto('/login');
    const title = page.locator('.vt-auth h1');
    await title.waitFor();
    assert.equal((await title.innerText()).trim(), 'Entrar');
    assert.equal(await page.locator('html').getAttribute('lang'), 'pt-BR');

    await page.goto('/login?lang=en-US');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal((await title.innerText()).trim(), 'Sign in');

    // Another page, without the param: still English.
    await page.goto('/nao-existe');
    await page.getByTestId('not-found').waitFor();
    assert.match(await page.getByTestId('not-found').locator('h1').innerText(), /Oops! Page not found/);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal((await title.innerText()).trim(), 'Sign in');
  });
});
