// The visitor's first action always counts, for the public forms too: the newsletter sign-up (home, blog and post),
// the contact form and leaving the newsletter with a reason are each filled and sent as the first thing a visitor
// does, at every moment of the page's start (e2e/support/first-action.ts) and at 1366 and 390 px. Whoever takes the
// form (the server, when it goes as a plain post before the page's code has started; the page's code, once it has),
// the visitor sees the result, and it happened exactly once: one post, one row, one mail in the outbox; nobody is
// dropped as too fast. Each visit is a client of its own (its own address, through TRUST_PROXY), as visitors are.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { Locator } from 'playwright-core';
import { api, setupSuite } from '../support/app';
import { audienceReads, formField, sendContactForm } from '../support/audience';
import { ALL_MOMENTS, hydrationErrors, momentName, runCases, visit, WIDTHS, type Moment, type Width } from '../support/first-action';

const suite = setupSuite({ name: 'first-action-forms', env: { TRUST_PROXY: '1' } });

let clients = 0;
/** A visit from a client address of its own (the per-address limits count each visitor apart). */
async function open(url: string, moment: Moment, width: Width) {
  clients += 1;
  const opened = await visit(suite.browser, url, moment, width, { baseUrl: suite.baseUrl, headers: { 'x-forwarded-for': `10.77.${clients >> 8}.${clients & 255}` } });
  // Every form sent, as a plain post to its page or by the page's code to the API: each must happen once.
  const posts: string[] = [];
  opened.page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    // A post's read beacon is no form.
    if (request.method() === 'POST' && !/^\/api\/public\/article\/\d+\/read$/.test(path)) posts.push(path);
  });
  return { ...opened, posts };
}

const { subscribers, messages, mailsTo } = audienceReads(() => suite.baseUrl);

/** The form's result is shown, and still shown once the page has started and the browser is idle. */
async function shownAndKept(result: Locator, settled: () => Promise<void>): Promise<void> {
  await result.waitFor();
  await settled();
  assert.ok(await result.isVisible(), 'the result is still shown once the page has started');
}

/** One post, as a plain post to the page or by its code to the API. */
function once(posts: string[], pagePath: string, apiPath: string): void {
  assert.equal(posts.length, 1, `one post: ${JSON.stringify(posts)}`);
  assert.ok(posts[0] === pagePath || posts[0] === apiPath, `posted to its page or the API: ${JSON.stringify(posts)}`);
}

const cases = (run: (moment: Moment, width: Width, index: number) => Promise<void>) =>
  WIDTHS.flatMap((width) => ALL_MOMENTS.map((moment, index) => ({ name: `${width.name} ${momentName(moment)}`, run: () => run(moment, width, index) })));

test('the newsletter sign-up sent as the first action is taken once, at every moment (home, blog, post)', async () => {
  const { body } = await api<{ data: { items: { id: number; unique_key: string }[] } }>(suite.baseUrl, 'GET', '/public/articles?page=1');
  const card = body.data.items[0];
  assert.ok(card);
  // The band at the end of the blog and of a post, the footer's form on the home.
  const places = [
    { url: '/', form: '#newsletter-footer' },
    { url: '/blog', form: '#newsletter' },
    { url: `/post/${card.unique_key}/${card.id}`, form: '#newsletter' },
  ];
  await runCases(
    cases(async (moment, width, index) => {
      const place = places[index % places.length] as (typeof places)[number];
      const email = `primeira.${randomBytes(4).toString('hex')}@cliente.com.br`;
      const { page, posts, errors, settled, close } = await open(place.url, moment, width);
      try {
        await formField(page, place.form, 'Seu e-mail').fill(email);
        await page.locator(place.form).getByRole('button', { name: 'Quero receber' }).click();
        await shownAndKept(page.locator(place.form).getByText('Quase lá! Enviamos um link de confirmação para seu e-mail.'), settled);
        assert.ok(!page.url().includes(email.split('@')[0] as string), 'nothing typed is in the address');
        once(posts, place.url, '/api/public/newsletter');
        assert.equal((await subscribers(email)).length, 1, 'one subscriber');
        assert.equal((await mailsTo(email)).length, 1, 'one confirmation mail');
        assert.deepEqual(hydrationErrors(errors), [], 'no hydration error');
      } finally {
        await close();
      }
    }),
  );
});

test('the contact form sent as the first action is taken once, at every moment', async () => {
  await runCases(
    cases(async (moment, width) => {
      const token = randomBytes(4).toString('hex');
      const subject = `Primeira ação ${token}`;
      const { page, posts, errors, settled, close } = await open('/contact', moment, width);
      try {
        await sendContactForm(page, { name: 'Rita Alves', email: `rita.${token}@cliente.com.br`, company: 'Alves ME', telephone: '+55 11 97777-6666', subject, message: 'Preciso de um orçamento.' });
        await shownAndKept(page.getByRole('heading', { name: 'Mensagem enviada com sucesso!' }), settled);
        once(posts, '/contact', '/api/public/contact');
        // One message: in the inbox, or held for the staff's review when sent that fast; never lost.
        const found = await messages(subject);
        assert.equal(found.length, 1, `one message: ${JSON.stringify(found)}`);
        assert.ok(found[0]?.suspected === null || found[0]?.suspected === 'too-fast', JSON.stringify(found[0]));
        assert.deepEqual(hydrationErrors(errors), [], 'no hydration error');
      } finally {
        await close();
      }
    }),
  );
});

test('leaving the newsletter with a reason as the first action is done once, at every moment', async () => {
  await runCases(
    cases(async (moment, width) => {
      // A subscription waiting for its confirmation: its page offers leaving at once, as the digest's link does.
      const email = `sair.${randomBytes(4).toString('hex')}@cliente.com.br`;
      clients += 1;
      const signUp = await fetch(`${suite.baseUrl}/api/public/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.78.${clients >> 8}.${clients & 255}` },
        body: JSON.stringify({ email }),
      });
      assert.equal(signUp.status, 202, await signUp.text());
      const [lead] = await subscribers(email);
      assert.ok(lead, 'the subscription exists');
      const url = `/unsubscribe-newsletter/${lead.unique_key}/${lead.id}`;
      const { page, posts, errors, settled, close } = await open(url, moment, width);
      try {
        await page.getByRole('radio', { name: 'O conteúdo não é relevante para mim' }).check();
        await page.getByRole('button', { name: 'Cancelar inscrição' }).click();
        await shownAndKept(page.getByText('Pronto, você saiu da newsletter.'), settled);
        once(posts, url, `/api/public/newsletter/unsubscribe/${lead.id}/${lead.unique_key}`);
        const [left] = await subscribers(email);
        assert.equal(left?.newsletter_status, 'cancelled');
        assert.equal(left?.unsubscribe_reason, 'not-relevant');
        assert.deepEqual(hydrationErrors(errors), [], 'no hydration error');
      } finally {
        await close();
      }
    }),
  );
});
