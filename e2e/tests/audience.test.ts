// The audience (contact messages), end to end in the browser: a visitor sends a message from /contact (after the minimum fill
// time); staff see it unread with the menu badge, open it (read, the badge goes down), reply (the reply
// stays in the thread) and archive it (confirmed; it moves to Archived).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { api, setupSuite } from '../support/app';
import { inSession, signIn, waitForHydration } from '../support/browser';

const suite = setupSuite();

const MIN_FILL_MS = 3000;

test('a visitor writes from the contact page; staff read, reply and archive it in the inbox, with the unread badge', async () => {
  const base = suite.baseUrl;
  const token = randomBytes(4).toString('hex');
  const subject = `Orçamento de site ${token}`;

  await inSession(suite.browser, base, 'contact form', async ({ page, errors }) => {
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    // The page's clock is the test's: the time a person takes to fill the form in passes at once (fastForward below).
    await page.clock.install();
    await page.goto('/contact');
    await waitForHydration(page);
    await field('Nome').fill('Joana Lima');
    await field('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    // Checked in the browser first: nothing is sent while fields are wrong.
    assert.ok(await page.getByText('E-mail inválido').first().isVisible());
    await field('E-mail').fill(`joana.${token}@cliente.com.br`);
    await field('Empresa').fill('Lima & Filhos');
    await field('Telefone').fill('+55 11 98888-7777');
    await field('Assunto').fill(subject);
    await field('Mensagem').fill('Olá!\nGostaria de um orçamento para um site com blog.');
    // A person takes a few seconds; a form sent faster is taken for a robot's.
    await page.clock.fastForward(MIN_FILL_MS + 300);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/public/contact');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    assert.equal((await answer).status(), 201);
    await page.getByRole('heading', { name: 'Mensagem enviada com sucesso!' }).waitFor();
    assert.deepEqual(errors.filter((e) => /hydrat/i.test(e)), []);
  });

  await inSession(suite.browser, base, 'inbox', async ({ page }) => {
    const { token: bearer } = await signIn(page);
    const counts = async () => (await api<{ data: { unread: number } }>(base, 'GET', '/message/messages-count', { token: bearer })).body.data;
    const unread = (await counts()).unread;
    assert.ok(unread >= 1);

    await page.goto('/admin/message-received');
    const menuItem = page.getByTestId('admin-menu').getByRole('listitem').filter({ hasText: 'Mensagens' });
    await menuItem.getByText(String(unread), { exact: true }).waitFor();

    // Open it: it is read, and the badge goes down by one.
    await page.getByText(subject).first().click();
    await page.getByText('Gostaria de um orçamento para um site com blog.').waitFor();
    await menuItem.getByText(String(unread - 1), { exact: true }).waitFor();
    assert.equal((await counts()).unread, unread - 1);

    // Reply: it goes out by mail and stays in the thread.
    await page.getByPlaceholder('Escreva sua resposta…').fill(`Olá, Joana! Segue o orçamento ${token}.`);
    const replied = page.waitForResponse((r) => r.url().includes('/api/message/message-reply/'));
    await page.getByRole('button', { name: /Enviar/ }).last().click();
    assert.equal((await replied).status(), 201);
    await page.getByRole('region', { name: 'Respostas' }).getByText(`Olá, Joana! Segue o orçamento ${token}.`).waitFor();

    // Archive, confirmed: gone from Active, found in Archived.
    await page.getByRole('button', { name: 'Arquivar' }).click();
    const archived = page.waitForResponse((r) => r.url().includes('/api/message/message-archive/'));
    await page.getByRole('dialog').getByRole('button', { name: /OK|Arquivar|Confirmar/ }).last().click();
    assert.equal((await archived).status(), 200);
    await page.locator('label.ant-segmented-item').filter({ hasText: 'Arquivadas' }).click();
    await page.getByText(subject).first().waitFor();
  });
});
