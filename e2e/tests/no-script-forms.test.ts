// The public forms work from the server's HTML alone (docs/decisions/forms-without-js.md), on one server whose mail
// goes by SMTP to a sink in this process:
// - with JavaScript disabled, the newsletter sign-up, the contact form (a missing field first, answered on the same
//   form with what was typed), leaving the newsletter with a reason and subscribing again are plain POSTs the server
//   answers with their result page: the result, the row, the mail;
// - with scripts on, the same forms sent at once after the page's load are done exactly once, whoever takes them
//   (the server, when the form goes before the page's code has started; the page's code, once it has): the
//   result, one row, one mail; nothing dropped as too fast.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, setupSuite } from '../support/app';
import { audienceReads, CONFIRMATION_LINK, formField, isConfirmationMail, sendContactForm } from '../support/audience';
import { HYDRATED } from '../support/browser';
import { ADMIN } from '../support/env';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

let sink: SmtpSink;
const suite = setupSuite(async () => {
  sink = await startSmtpSink();
  return { name: 'no-script-forms', env: { SMTP_URL: sink.url } };
});
after(async () => {
  await sink?.close();
});

const { subscribers, messages, mailsTo } = audienceReads(() => suite.baseUrl);
/** The confirmation mails queued to `email` (the demo also welcomes each confirmed subscriber). */
const confirmationsTo = async (email: string) => (await mailsTo(email)).filter(isConfirmationMail);

/** The confirmation link of the newest mail to `email` since `since` mails, as a path of this server. */
async function confirmationPath(email: string, since: number): Promise<string> {
  // The first mail since then with a link (the welcome mail of an earlier confirmation may come in between).
  const mail = await sink.waitForMail(email, { since, timeoutMs: 20_000, match: (m) => CONFIRMATION_LINK.test(m.text) });
  const link = CONFIRMATION_LINK.exec(mail.text)?.[1];
  assert.ok(link, `a confirmation link in: ${mail.text}`);
  return link;
}

async function context(browser: Browser, javaScriptEnabled: boolean) {
  const ctx = await browser.newContext({ baseURL: suite.baseUrl, locale: 'pt-BR', viewport: { width: 1280, height: 800 }, javaScriptEnabled });
  ctx.setDefaultTimeout(20_000);
  ctx.setDefaultNavigationTimeout(30_000);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { ctx, page, errors };
}

const field = formField;

test('without JavaScript: sign up, write, leave with a reason and come back, each answered by a page of the server', async () => {
  const token = randomBytes(4).toString('hex');
  const email = `sem.js.${token}@cliente.com.br`;
  const subject = `Orçamento sem script ${token}`;
  const { ctx, page } = await context(suite.browser, false);
  try {
    // The newsletter band at the end of the blog.
    await page.goto('/blog');
    const before = sink.mails.length;
    await field(page, '#newsletter', 'Seu e-mail').fill(email);
    await page.locator('#newsletter').getByRole('button', { name: 'Quero receber' }).click();
    await page.waitForURL((url) => url.searchParams.get('sent') === 'newsletter');
    assert.equal(new URL(page.url()).hash, '#newsletter');
    assert.ok(!page.url().includes(token), 'nothing typed is in the address');
    await page.locator('#newsletter').getByText('Quase lá! Enviamos um link de confirmação para seu e-mail.').waitFor();
    assert.equal((await subscribers(email)).length, 1);
    assert.equal((await mailsTo(email)).length, 1);

    // The link of the mail lands on the subscription's page; leaving asks why (the <details> opens without script).
    await page.goto(await confirmationPath(email, before));
    await page.getByText('Inscrição confirmada! Você receberá a newsletter toda semana.').waitFor();
    await page.getByText('Não quer mais receber? Cancelar inscrição').click();
    await page.getByRole('radio', { name: 'Recebo e-mails demais' }).check();
    await page.getByRole('textbox', { name: /Quer contar mais/ }).fill('Prefiro ler no site.');
    await page.getByRole('button', { name: 'Cancelar inscrição' }).click();
    await page.waitForURL((url) => url.searchParams.get('sent') === 'unsubscribe');
    await page.getByText('Pronto, você saiu da newsletter.').waitFor();
    const [left] = await subscribers(email);
    assert.equal(left?.newsletter_status, 'cancelled');
    assert.equal(left?.unsubscribe_reason, 'too-frequent');

    // Coming back: a new confirmation link.
    await page.getByRole('button', { name: 'Inscrever-me novamente' }).click();
    await page.waitForURL((url) => url.searchParams.get('sent') === 'resubscribe');
    await page.getByText('Enviamos um novo link de confirmação para seu e-mail.').waitFor();
    assert.equal((await confirmationsTo(email)).length, 2);

    // The contact form: a missing field comes back on the same form, with what was typed.
    await page.goto('/contact');
    await field(page, '#contact', 'Nome').fill('Joana Lima');
    await field(page, '#contact', 'E-mail').fill(`joana.${token}@cliente.com.br`);
    await field(page, '#contact', 'Empresa').fill('Lima & Filhos');
    await field(page, '#contact', 'Assunto').fill(subject);
    await field(page, '#contact', 'Mensagem').fill('Olá!\nQueremos um site com blog.');
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/contact');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    assert.equal((await answered).status(), 422);
    await page.getByText('Telefone de contato é obrigatório').waitFor();
    assert.equal(await field(page, '#contact', 'Mensagem').inputValue(), 'Olá!\nQueremos um site com blog.');
    assert.equal((await messages(subject)).length, 0);
    const staffMails = (await mailsTo(ADMIN.email)).length;
    await field(page, '#contact', 'Telefone').fill('+55 11 98888-7777');
    await page.getByRole('button', { name: 'Enviar mensagem' }).click();
    await page.waitForURL((url) => url.searchParams.get('sent') === 'contact');
    await page.getByRole('heading', { name: 'Mensagem enviada com sucesso!' }).waitFor();
    assert.deepEqual(
      (await messages(subject)).map((m) => ({ subject: m.subject, suspected: m.suspected })),
      [{ subject, suspected: null }],
    );
    // Staff are told by mail (the notification job, which runs in the background).
    const told = Date.now() + 20_000;
    while ((await mailsTo(ADMIN.email)).length <= staffMails) {
      assert.ok(Date.now() < told, 'the staff notification was queued');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await ctx.close();
  }
});

test('with scripts, the forms sent at once after the load are done once, and nobody is dropped as too fast', async () => {
  const token = randomBytes(4).toString('hex');
  const email = `depressa.${token}@cliente.com.br`;
  const subject = `Orçamento depressa ${token}`;
  const { ctx, page, errors } = await context(suite.browser, true);
  // Every form sent, as a plain post to its page (before the code has started) or by the page's code to the API
  // (after): each must happen exactly once, by one of the two.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
  });
  const once = (pagePath: string, apiPath: string) => {
    assert.equal(sent.length, 1, JSON.stringify(sent));
    assert.ok(sent[0] === pagePath || sent[0] === apiPath, JSON.stringify(sent));
  };
  /** The page has started and the browser has had two idle moments (the starter replays held forms then). */
  const settled = async () => {
    // A form that went as a plain post landed on a new page, whose code waits for the visitor's intent: show one.
    if (!(await page.evaluate(HYDRATED))) await page.keyboard.press('Shift');
    const until = Date.now() + 20_000;
    while (!(await page.evaluate(HYDRATED))) {
      assert.ok(Date.now() < until, 'the page started');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await page.evaluate('new Promise((done) => requestIdleCallback(() => requestIdleCallback(() => done(true))))');
  };
  try {
    // The footer's sign-up, filled and sent as soon as the page has loaded.
    await page.goto('/');
    await field(page, '#newsletter-footer', 'Seu e-mail').fill(email);
    await page.locator('#newsletter-footer').getByRole('button', { name: 'Quero receber' }).click();
    await page.locator('#newsletter-footer').getByText('Quase lá! Enviamos um link de confirmação para seu e-mail.').waitFor();
    await settled();
    once('/', '/api/public/newsletter');
    assert.equal((await subscribers(email)).length, 1);
    assert.equal((await mailsTo(email)).length, 1);

    // The contact form, the same way: one message, in the inbox or held for review when sent that fast; never lost.
    sent.length = 0;
    await page.goto('/contact');
    await sendContactForm(page, { name: 'Rita Alves', email: `rita.${token}@cliente.com.br`, company: 'Alves ME', telephone: '+55 11 97777-6666', subject, message: 'Preciso de um orçamento.' });
    await page.getByRole('heading', { name: 'Mensagem enviada com sucesso!' }).waitFor();
    await settled();
    once('/contact', '/api/public/contact');
    const [message, ...more] = await messages(subject);
    assert.equal(more.length, 0);
    assert.ok(message && (message.suspected === null || message.suspected === 'too-fast'), JSON.stringify(message));

    // Leaving with a reason, at once, from the digest's link (the subscription's page); then coming back.
    await api(suite.baseUrl, 'GET', (await confirmationPath(email, 0)).replace(/^\/api/, ''));
    const [lead] = await subscribers(email);
    assert.equal(lead?.newsletter_status, 'active');
    sent.length = 0;
    await page.goto(`/unsubscribe-newsletter/${lead.unique_key}/${lead.id}`);
    await page.getByRole('radio', { name: 'O conteúdo não é relevante para mim' }).check();
    await page.getByRole('button', { name: 'Cancelar inscrição' }).click();
    await page.getByText('Pronto, você saiu da newsletter.').waitFor();
    await settled();
    once(`/unsubscribe-newsletter/${lead.unique_key}/${lead.id}`, `/api/public/newsletter/unsubscribe/${lead.id}/${lead.unique_key}`);
    const [left] = await subscribers(email);
    assert.equal(left?.newsletter_status, 'cancelled');
    assert.equal(left?.unsubscribe_reason, 'not-relevant');
    await page.getByRole('button', { name: 'Inscrever-me novamente' }).click();
    await page.getByText('Enviamos um novo link de confirmação para seu e-mail.').waitFor();
    assert.equal((await confirmationsTo(email)).length, 2);
    assert.deepEqual(errors.filter((e) => /hydrat|#418|#425|Content Security Policy/i.test(e)), []);
  } finally {
    await ctx.close();
  }
});
