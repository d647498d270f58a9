// The newsletter and the leads, end to end in the browser, on a server that delivers its mail by SMTP to a sink in this
// process (the API's production path): a visitor subscribes → confirms from the mail → unsubscribes with a
// reason → the lead shows cancelled → subscribes again → active; staff export the leads and the file has the
// expected rows; the WhatsApp button appears once its setting is saved and links to the chat; the FAQ search
// finds an answer.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { after, test } from 'node:test';
import { api, setupSuite } from '../support/app';
import { CONFIRMATION_LINK } from '../support/audience';
import { inSession, signIn, waitForHydration } from '../support/browser';
import { ADMIN } from '../support/env';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

let sink: SmtpSink;
const suite = setupSuite(async () => {
  sink = await startSmtpSink();
  return { name: 'newsletter', env: { SMTP_URL: sink.url } };
});
after(async () => {
  await sink?.close();
});

const MIN_FILL_MS = 3000;

async function adminToken(): Promise<string> {
  const login = await api<{ token: string }>(suite.baseUrl, 'POST', '/auth/auth', { body: { email: ADMIN.email, password: ADMIN.password } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return login.body.token;
}

/** The confirmation link of the newest mail to `email`, as a path of this server. */
async function confirmationPath(email: string, since: number): Promise<string> {
  // The first mail since then with a link (the welcome mail of an earlier confirmation may come in between).
  const mail = await sink.waitForMail(email, { since, timeoutMs: 20_000, match: (m) => CONFIRMATION_LINK.test(m.text) });
  const link = CONFIRMATION_LINK.exec(mail.text)?.[1];
  assert.ok(link, `a confirmation link in: ${mail.text}`);
  return link;
}

async function newsletterLead(token: string, email: string): Promise<{ newsletter_status: string | null; confirmed: boolean } | undefined> {
  const res = await api<{ data: { items: { email: string; module: string; newsletter_status: string | null; confirmed: boolean }[] } }>(suite.baseUrl, 'POST', '/lead/leads-list', {
    token,
    body: { search: email, module: 'newsletter' },
  });
  return res.body.data.items.find((l) => l.email === email);
}

test('a visitor subscribes, confirms from the mail, leaves with a reason, and comes back', async () => {
  const email = `leitora.${randomBytes(4).toString('hex')}@exemplo.com.br`;
  const token = await adminToken();

  await inSession(suite.browser, suite.baseUrl, 'newsletter', async ({ page, errors }) => {
    // The page's clock is the test's: the time a person takes to fill the form in passes at once (fastForward below).
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    const signup = page.locator('form', { has: page.getByRole('button', { name: 'Quero receber' }) }).first();
    await signup.getByRole('textbox', { name: 'Seu e-mail' }).fill(email);
    await page.clock.fastForward(MIN_FILL_MS + 300);
    const before = sink.mails.length;
    await signup.getByRole('button', { name: 'Quero receber' }).click();
    await page.getByText('Quase lá! Enviamos um link de confirmação para seu e-mail.').waitFor();
    assert.equal((await newsletterLead(token, email))?.confirmed, false, 'nothing is active before the link is opened');

    // The link of the mail: confirmed, on the subscription's page.
    await page.goto(await confirmationPath(email, before));
    await page.getByText('Inscrição confirmada! Você receberá a newsletter toda semana.').waitFor();
    // The server rendered the landing from its ?status= too: hydration found the same page.
    assert.deepEqual(errors.filter((e) => /hydrat|#418|#425/i.test(e)), []);
    const confirmed = await newsletterLead(token, email);
    assert.equal(confirmed?.newsletter_status, 'active');
    assert.equal(confirmed?.confirmed, true);
    // The demo welcomes them once, in their language, with the one-click unsubscribe headers of every newsletter mail.
    const welcome = await sink.waitForMail(email, { since: before, timeoutMs: 20_000, match: (m) => !CONFIRMATION_LINK.test(m.text) });
    assert.match(welcome.text, /Obrigado por confirmar a sua inscrição/);
    assert.match(welcome.raw, /^List-Unsubscribe:\s+<https?:\/\/\S+\/api\/public\/newsletter\/one-click\//m);

    // Leaving asks why.
    await page.getByText('Não quer mais receber? Cancelar inscrição').click();
    await page.getByRole('radio', { name: 'Recebo e-mails demais' }).check();
    await page.getByRole('button', { name: 'Cancelar inscrição' }).click();
    await page.getByText('Pronto, você saiu da newsletter.').waitFor();
    assert.equal((await newsletterLead(token, email))?.newsletter_status, 'cancelled');

    // Coming back: a new link; active again once it is opened, with the spec's words.
    const again = sink.mails.length;
    await page.getByRole('button', { name: 'Inscrever-me novamente' }).click();
    await page.getByText('Enviamos um novo link de confirmação para seu e-mail.').waitFor();
    await page.goto(await confirmationPath(email, again));
    await page.getByText('E-mail já cadastrado. Status atualizado para ativo.').waitFor();
    assert.equal((await newsletterLead(token, email))?.newsletter_status, 'active');
  });
});

test('staff export the leads as CSV and the file holds the expected rows', async () => {
  await inSession(suite.browser, suite.baseUrl, 'leads-export', async ({ page }) => {
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    await page.goto('/admin/list-leads');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^leads-\d{6}\.csv$/);
    const saved = await file.path();
    const text = fs.readFileSync(saved as string, 'utf8');
    assert.ok(text.startsWith('\uFEFF'), 'UTF-8 with a BOM');
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    assert.equal(lines[0]?.split(';')[0], 'Nome');
    // The demo's contacts and subscribers, accents intact.
    assert.ok(lines.some((l) => l.includes('juliana.prado@exemplo.com.br') && l.includes('Prado Arquitetura')), lines.slice(0, 5).join('\n'));
    assert.ok(lines.some((l) => l.includes('Orçamento para um site novo')));
  });
});

test('the WhatsApp button appears once its setting is saved, and links to the chat', async () => {
  const token = await adminToken();
  await inSession(suite.browser, suite.baseUrl, 'whatsapp', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
    assert.equal(await page.locator('a[href^="https://wa.me/"]').count(), 0, 'absent while not configured');

    const saved = await api(suite.baseUrl, 'PUT', '/settings/whatsapp', {
      token,
      body: { enabled: true, description: 'Converse no WhatsApp', phone: '+55 (11) 91234-5678', message: 'Olá! Vim pelo site.', color: '#1b2a4a' },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));

    await page.reload();
    const button = page.getByRole('link', { name: 'Converse no WhatsApp' });
    await button.waitFor();
    assert.equal(await button.getAttribute('href'), `https://wa.me/5511912345678?text=${encodeURIComponent('Olá! Vim pelo site.')}`);
    assert.equal(await button.getAttribute('target'), '_blank');
  });
});

test('the FAQ search finds an answer', async () => {
  await inSession(suite.browser, suite.baseUrl, 'faq-search', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1, name: 'Perguntas frequentes' }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar nas perguntas' }).or(page.getByRole('textbox', { name: 'Buscar nas perguntas' })).fill('implantacao');
    // Accents do not matter ('implantação' is in the answer); the matching answers open.
    await page.getByText('Os planos são mensais, por número de usuários', { exact: false }).waitFor();
    assert.ok(await page.getByText('Quanto custa?').isVisible());
    assert.equal(await page.getByText('Como cancelo a inscrição?').isVisible(), false, 'other questions are filtered out');
  });
});
