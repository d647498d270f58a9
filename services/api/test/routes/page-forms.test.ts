import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { LOCALE_CODES } from '@vitrine/contracts';
import { readOutbox } from '../../src/repositories/outbox';
import { BACKENDS, setupApp, type Staff, type TestContext } from '../helpers';

/**
 * The public pages' forms sent without JavaScript (docs/decisions/forms-without-js.md), with the real server builds
 * of the shell and the public remote (`npm run build -- shell public`): each form posted as a browser posts it
 * (`application/x-www-form-urlencoded`, Sec-Fetch-Site) is taken by the same API route the page's code calls and
 * answered with a 303 to its result page, or with the page again (4xx, never cached) holding what was typed and
 * what was wrong, in the visitor's language.
 */
const root = path.resolve(__dirname, '../../../..');
const shellDir = path.join(root, 'hosts/shell/dist');
const publicDir = path.join(root, 'remotes/public/dist');
for (const file of [path.join(shellDir, 'server/render.js'), path.join(publicDir, 'server/pages.js')]) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the shell and the public remote first (npm run build -- shell public)`);
}

const BROWSER = { accept: 'text/html,application/xhtml+xml' };
const SAME_ORIGIN = { ...BROWSER, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' };

function decode(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '');
}
/** The markup inside #root: what a visitor without JavaScript reads. */
const rootOf = (html: string) => /<div id=root>([\s\S]*)<\/div><noscript>/.exec(html)?.[1] ?? '';
/** The text a visitor reads in a page's #root, or in a part of it (formOf). */
const text = (html: string) => decode((html.includes('<div id=root>') ? rootOf(html) : html).replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
/** The element with this id, as the server wrote it (up to the next element of the same tag closing: enough for a form). */
const formOf = (html: string, id: string) => new RegExp(`<(form|section|div) id="${id}"[\\s\\S]*?</\\1>`).exec(rootOf(html))?.[0] ?? '';
const valueOf = (html: string, name: string) => decode(new RegExp(`name="${name}"[^>]*?value="([^"]*)"`).exec(html)?.[1] ?? new RegExp(`value="([^"]*)"[^>]*?name="${name}"`).exec(html)?.[1] ?? '');
const ssrData = (html: string) => {
  const m = /<script id="vt-ssr-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return m ? (JSON.parse(m[1] ?? '') as { lang: string; loaderData: Record<string, unknown> }) : undefined;
};

/** "Already registered" as the pages say it (the shell's error texts, `errors:EMAIL_ALREADY_REGISTERED`). */
const ALREADY_REGISTERED = {
  'pt-BR': 'E-mail já cadastrado.',
  'en-US': 'Email already registered.',
  'es-ES': 'Este correo electrónico ya está registrado.',
  'fr-FR': 'Adresse e-mail déjà enregistrée.',
  'ht-HT': 'Email sa a deja anrejistre.',
} as const;
const REFUSED_PT = 'Não foi possível aceitar este envio. Fale conosco por outro canal.';

let address = 0;
/** Each post from its own client address unless a test is about the per-address limit. */
const nextAddress = () => `10.91.${(address >> 8) & 255}.${(address += 1) & 255}`;

const CONTACT = {
  name: 'Joana Lima',
  email: 'joana@cliente.com.br',
  company: 'Lima & Filhos',
  telephone: '+55 11 98888-7777',
  subject: 'Orçamento de site',
  message: 'Olá!\nGostaria de um orçamento <b>urgente</b>.',
};

describe.each(BACKENDS)('forms sent without JavaScript (%s)', (backend) => {
  let ctx: TestContext;
  let editor: Staff;

  beforeAll(async () => {
    ctx = await setupApp(backend, { site: { shellDir, remotes: { public_remote: publicDir } } });
    editor = await ctx.staff(['site_editor']);
  }, 60_000);
  afterAll(() => ctx.close());

  /** A form as a browser posts it from the page at `url`. */
  const post = (url: string, fields: Record<string, string>, options: { headers?: Record<string, string>; remoteAddress?: string } = {}): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...SAME_ORIGIN, ...options.headers },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: options.remoteAddress ?? nextAddress(),
    });
  const page = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { ...BROWSER, ...headers } });
  const subscriber = async (email: string) =>
    (
      await ctx.db.query<{ id: number; unique_key: string; locale: string; newsletter_status: string | null; unsubscribe_reason: string | null; unsubscribe_details: string | null }>(
        "SELECT id::int AS id, unique_key, locale, newsletter_status, unsubscribe_reason, unsubscribe_details FROM leads WHERE module = 'newsletter' AND lower(email) = lower($1)",
        [email],
      )
    )[0];
  const rows = async () => ({ leads: await ctx.count('leads'), messages: await ctx.count('messages'), outbox: await ctx.count('outbox') });

  describe('newsletter', () => {
    it('taken: 303 to the page showing the result in its language, one subscriber, one mail, nothing typed in the address', async () => {
      const email = 'leitora.semjs@cliente.com.br';
      const res = await post('/blog?page=1', { form: 'newsletter', lang: 'pt-BR', email, website: '' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/blog?page=1&sent=newsletter#newsletter');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.location).not.toContain('leitora');
      expect(await subscriber(email)).toMatchObject({ locale: 'pt-BR', newsletter_status: null });
      expect(await readOutbox(ctx.db, email)).toHaveLength(1);

      const result = await page('/blog?page=1&sent=newsletter');
      expect(result.statusCode).toBe(200);
      expect(text(formOf(result.body, 'newsletter'))).toContain('Quase lá! Enviamos um link de confirmação para seu e-mail.');
      // The footer's sign-up is another form: not this one's result.
      expect(formOf(result.body, 'newsletter-footer')).toContain('<form');
      expect(result.body).not.toContain(email);
    });

    it("the footer's sign-up, from a page in another language: its result, the page and the mail in that language", async () => {
      const email = 'reader@client.com';
      const res = await post('/contact', { form: 'newsletter-footer', lang: 'en-US', email });
      expect(res.statusCode).toBe(303);
      // Without a vt_lang cookie saying so, the address says the language.
      expect(res.headers.location).toBe('/contact?sent=newsletter-footer&lang=en-US#newsletter-footer');
      expect(await subscriber(email)).toMatchObject({ locale: 'en-US' });
      const [mail] = await readOutbox(ctx.db, email);
      expect(mail?.subject).toMatch(/confirm/i);

      const result = await page('/contact?sent=newsletter-footer&lang=en-US');
      expect(text(formOf(result.body, 'newsletter-footer'))).toContain('Almost there!');
      // The cookie already says it: the address does not.
      const again = await post('/contact', { form: 'newsletter-footer', lang: 'en-US', email: 'reader2@client.com' }, { headers: { cookie: 'vt_lang=en-US' } });
      expect(again.headers.location).toBe('/contact?sent=newsletter-footer#newsletter-footer');
    });

    it('an invalid or missing email: the page again (422, not stored anywhere) with what was typed and the error on the field, in pt-BR and en-US', async () => {
      const before = await rows();
      const invalid = await post('/', { form: 'newsletter', lang: 'pt-BR', email: 'ana@empresa' });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.headers['cache-control']).toBe('no-store');
      expect(invalid.headers.etag).toBeUndefined();
      const band = formOf(invalid.body, 'newsletter');
      expect(valueOf(band, 'email')).toBe('ana@empresa');
      expect(band).toContain('aria-invalid="true"');
      expect(text(band)).toContain('E-mail inválido');
      // The form posts to its own page and the answer opens at it.
      expect(band).toContain('action="/#newsletter"');
      // The footer's form is untouched.
      expect(valueOf(formOf(invalid.body, 'newsletter-footer'), 'email')).toBe('');
      // Hydration starts from the same form: it is in the page's data.
      expect(JSON.stringify(ssrData(invalid.body)?.loaderData)).toContain('"values":{"email":"ana@empresa"}');

      const missing = await post('/', { form: 'newsletter', lang: 'en-US', email: '  ' });
      expect(missing.statusCode).toBe(422);
      expect(missing.body).toMatch(/<html lang="en-US">/);
      expect(text(formOf(missing.body, 'newsletter'))).toContain('Enter your email');
      const enInvalid = await post('/', { form: 'newsletter', lang: 'en-US', email: 'ana@empresa' });
      expect(text(formOf(enInvalid.body, 'newsletter'))).toContain('Invalid email address');
      expect(await rows()).toEqual(before);
    });

    it('already subscribed: the page again (409) with the email kept and the answer in each of the five languages', async () => {
      for (const lang of LOCALE_CODES) {
        // One subscriber per language: the per-email limit (3 an hour) counts these tries too.
        const email = `ativa.${lang.toLowerCase()}@cliente.com.br`;
        await ctx.db.query("INSERT INTO leads (unique_key, module, email, newsletter_status, confirmed_at) VALUES ($1, 'newsletter', $2, 'active', now())", [`ativa-${lang}`, email]);
        const res = await post('/blog', { form: 'newsletter', lang, email });
        expect(res.statusCode).toBe(409);
        expect(res.body).toMatch(new RegExp(`<html lang="${lang}">`));
        const band = formOf(res.body, 'newsletter');
        expect(valueOf(band, 'email')).toBe(email);
        expect(text(band)).toContain(ALREADY_REGISTERED[lang]);
        expect(await readOutbox(ctx.db, email)).toHaveLength(0);
      }
    });

    it('refused (a blacklisted email) and rate limited (per email, with Retry-After): said on the form, the email kept', async () => {
      await ctx.db.query("INSERT INTO email_suppressions (email, reason) VALUES ('bloqueada@cliente.com.br', 'blacklisted')");
      const refused = await post('/', { form: 'newsletter', lang: 'pt-BR', email: 'bloqueada@cliente.com.br' });
      expect(refused.statusCode).toBe(403);
      expect(text(formOf(refused.body, 'newsletter'))).toContain(REFUSED_PT);

      const email = 'insistente@cliente.com.br';
      for (let i = 0; i < 3; i += 1) expect((await post('/', { form: 'newsletter', lang: 'pt-BR', email })).statusCode).toBe(303);
      const limited = await post('/', { form: 'newsletter', lang: 'pt-BR', email });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const band = formOf(limited.body, 'newsletter');
      expect(valueOf(band, 'email')).toBe(email);
      expect(text(band)).toMatch(/Muitas tentativas em pouco tempo\. Tente novamente em \d+ minutos?\./);
      expect(await readOutbox(ctx.db, email)).toHaveLength(3);
    });

    it("counts the page forms per client address (the route's own limit) and answers a limited one with the page", async () => {
      const from = '10.92.0.1';
      // The newsletter route's own limit (20 per 10 minutes per address) answers first; the page's form one is above it.
      for (let i = 0; i < 20; i += 1) expect((await post('/', { form: 'newsletter', lang: 'pt-BR', email: `muitos${i}@cliente.com.br` }, { remoteAddress: from })).statusCode).toBe(303);
      const limited = await post('/', { form: 'newsletter', lang: 'pt-BR', email: 'mais@cliente.com.br' }, { remoteAddress: from });
      expect(limited.statusCode).toBe(429);
      expect(valueOf(formOf(limited.body, 'newsletter'), 'email')).toBe('mais@cliente.com.br');
      expect(await subscriber('mais@cliente.com.br')).toBeUndefined();
    });
  });

  describe('contact', () => {
    it('taken: 303 to /contact showing the success, one message, one lead, one mail to each staff member told of messages', async () => {
      const before = await rows();
      const res = await post('/contact', { form: 'contact', lang: 'pt-BR', ...CONTACT, website: '' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/contact?sent=contact#contact');
      await ctx.app.jobs.drain();
      // The editor made for this suite and the admin hold site_editor.
      expect(await rows()).toEqual({ leads: before.leads + 1, messages: before.messages + 1, outbox: before.outbox + 2 });
      const [message] = await ctx.db.query<{ body: string; locale: string; spam_reason: string | null }>('SELECT body, locale, spam_reason FROM messages ORDER BY id DESC LIMIT 1');
      expect(message).toEqual({ body: CONTACT.message, locale: 'pt-BR', spam_reason: null });
      expect(await readOutbox(ctx.db, editor.email)).toHaveLength(1);

      const result = await page('/contact?sent=contact');
      expect(text(formOf(result.body, 'contact'))).toContain('Mensagem enviada com sucesso!');
      expect(result.body).not.toContain('Joana');
    });

    it('missing and invalid fields: the page again (422) with every value as typed and each error on its field, in pt-BR and en-US', async () => {
      const before = await rows();
      const sent = { form: 'contact', name: CONTACT.name, email: 'joana@cliente', company: '', telephone: '', subject: CONTACT.subject, message: CONTACT.message };
      const pt = await post('/contact', { ...sent, lang: 'pt-BR' });
      expect(pt.statusCode).toBe(422);
      const form = formOf(pt.body, 'contact');
      expect(valueOf(form, 'name')).toBe(CONTACT.name);
      expect(valueOf(form, 'subject')).toBe(CONTACT.subject);
      // The text area holds the message as typed (escaped markup, line break kept).
      expect(decode(/<textarea[^>]*name="message"[^>]*>([\s\S]*?)<\/textarea>/.exec(form)?.[1] ?? '')).toBe(CONTACT.message);
      expect(text(form)).toContain('E-mail inválido');
      expect(text(form)).toContain('Empresa é obrigatória');
      expect(text(form)).toContain('Telefone de contato é obrigatório');
      expect(text(form)).toContain('Confira os campos destacados.');
      expect(form).not.toContain('<b>');

      const en = await post('/contact', { ...sent, lang: 'en-US' });
      expect(en.statusCode).toBe(422);
      expect(text(formOf(en.body, 'contact'))).toContain('Contact phone is required');
      expect(text(formOf(en.body, 'contact'))).toContain('Invalid email address');
      expect(await rows()).toEqual(before);

      // The same address asked again is the page, cached for everyone: none of that visitor's values.
      for (let i = 0; i < 2; i += 1) {
        const plain = await page('/contact');
        expect(plain.statusCode).toBe(200);
        expect(plain.body).not.toContain('Joana');
        expect(plain.body).not.toContain('E-mail inválido');
      }
    });

    it('a message the spam guard doubts (the trap field filled) is the same success for the visitor and held for the staff, counted', async () => {
      const before = await rows();
      const res = await post('/contact', { form: 'contact', lang: 'pt-BR', ...CONTACT, email: 'apressada@cliente.com.br', website: 'preenchido pelo navegador' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/contact?sent=contact#contact');
      await ctx.app.jobs.drain();
      expect(await rows()).toEqual({ ...before, messages: before.messages + 1 });
      const [held] = await ctx.db.query<{ spam_reason: string; lead_id: string | null }>("SELECT spam_reason, lead_id FROM messages WHERE email = 'apressada@cliente.com.br'");
      expect(held).toEqual({ spam_reason: 'honeypot', lead_id: null });
      const guard = (await ctx.call('GET', '/api/message/spam-guard', { token: editor.token })).json().data.counts;
      expect(guard).toContainEqual({ form: 'contact', reason: 'honeypot', count: 1 });
    });
  });

  describe('unsubscribe with a reason, and subscribe again', () => {
    it('from the subscription page: a missing reason comes back on the form; leaving, then coming back, each a 303 to its result', async () => {
      const email = 'sai.e.volta@cliente.com.br';
      await ctx.db.query("INSERT INTO leads (unique_key, module, email, newsletter_status, confirmed_at, locale) VALUES ('saievolta', 'newsletter', $1, 'active', now(), 'pt-BR')", [email]);
      const lead = await subscriber(email);
      const url = `/unsubscribe-newsletter/${lead?.unique_key}/${lead?.id}`;
      const shown = await page(url);
      expect(formOf(shown.body, 'unsubscribe')).toContain(`action="${url}#unsubscribe"`);

      const missing = await post(url, { form: 'unsubscribe', lang: 'pt-BR', details: 'Chega muito e-mail' });
      expect(missing.statusCode).toBe(422);
      const form = formOf(missing.body, 'unsubscribe');
      expect(text(form)).toContain('Escolha um motivo.');
      expect(decode(/<textarea[^>]*name="details"[^>]*>([\s\S]*?)<\/textarea>/.exec(form)?.[1] ?? '')).toBe('Chega muito e-mail');
      expect((await subscriber(email))?.newsletter_status).toBe('active');

      const left = await post(`${url}?status=confirmed`, { form: 'unsubscribe', lang: 'pt-BR', reason: 'too-frequent', details: 'Chega muito e-mail' });
      expect(left.statusCode).toBe(303);
      expect(left.headers.location).toBe(`${url}?sent=unsubscribe#unsubscribe`);
      expect(await subscriber(email)).toMatchObject({ newsletter_status: 'cancelled', unsubscribe_reason: 'too-frequent', unsubscribe_details: 'Chega muito e-mail' });
      const leftPage = await page(`${url}?sent=unsubscribe`);
      expect(text(leftPage.body)).toContain('Pronto, você saiu da newsletter.');
      // Coming back is one button away, a form of its own.
      expect(formOf(leftPage.body, 'resubscribe')).toContain(`action="${url}#resubscribe"`);

      const outbox = await ctx.count('outbox');
      const back = await post(url, { form: 'resubscribe', lang: 'pt-BR' });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`${url}?sent=resubscribe#resubscribe`);
      expect(await ctx.count('outbox')).toBe(outbox + 1);
      expect(text((await page(`${url}?sent=resubscribe`)).body)).toContain('Enviamos um novo link de confirmação para seu e-mail.');
    });

    it('subscribing again while active: the page again (409) saying so; an unknown subscription: 404', async () => {
      const email = 'ja.ativa@cliente.com.br';
      await ctx.db.query("INSERT INTO leads (unique_key, module, email, newsletter_status, confirmed_at) VALUES ('jaativa', 'newsletter', $1, 'active', now())", [email]);
      const lead = await subscriber(email);
      const url = `/unsubscribe-newsletter/${lead?.unique_key}/${lead?.id}`;
      const res = await post(url, { form: 'resubscribe', lang: 'es-ES' });
      expect(res.statusCode).toBe(409);
      expect(text(res.body)).toContain(ALREADY_REGISTERED['es-ES']);
      expect((await post('/unsubscribe-newsletter/nada/999999', { form: 'unsubscribe', lang: 'pt-BR', reason: 'other' })).statusCode).toBe(404);
    });
  });

  describe('every form answers in the visitor\'s five languages', () => {
    /** The public remote's texts in `lang`, as its pages show them. */
    const texts = async (lang: string) => {
      // Loaded by path: the remote's sources are not part of the API's type-checked program.
      const load = async (file: string) =>
        (await import(path.join(root, 'remotes/public/src/locales', file))) as {
          publicSite: { form: { invalidEmail: string } };
          publicPages: { contact: { errors: { required: Record<string, string>; checkFields: string } }; unsubscribe: { reasonRequired: string } };
        };
      // The original language keeps the pages' texts in a module of their own.
      return lang === 'pt-BR' ? { ...(await load('pt-BR.ts')), ...(await load('pages-pt-BR.ts')) } : load(`${lang}.ts`);
    };

    it.each(LOCALE_CODES)('%s: the newsletter, contact and leaving forms come back with each error on its field, in that language', async (lang) => {
      const { publicSite, publicPages } = await texts(lang);
      const before = await rows();

      const newsletter = await post('/blog', { form: 'newsletter', lang, email: 'ana@empresa' });
      expect(newsletter.statusCode).toBe(422);
      expect(newsletter.body).toMatch(new RegExp(`<html lang="${lang}">`));
      const band = formOf(newsletter.body, 'newsletter');
      expect(text(band)).toContain(publicSite.form.invalidEmail);
      expect(valueOf(band, 'email')).toBe('ana@empresa');

      const contact = await post('/contact', { form: 'contact', lang, ...CONTACT, company: '', telephone: '' });
      expect(contact.statusCode).toBe(422);
      expect(contact.body).toMatch(new RegExp(`<html lang="${lang}">`));
      const form = formOf(contact.body, 'contact');
      expect(text(form)).toContain(publicPages.contact.errors.required.company);
      expect(text(form)).toContain(publicPages.contact.errors.required.telephone);
      expect(text(form)).toContain(publicPages.contact.errors.checkFields);
      expect(valueOf(form, 'subject')).toBe(CONTACT.subject);

      const email = `motivo.${lang.toLowerCase()}@cliente.com.br`;
      await ctx.db.query("INSERT INTO leads (unique_key, module, email, newsletter_status, confirmed_at, locale) VALUES ($1, 'newsletter', $2, 'active', now(), $3)", [`motivo-${lang}`, email, lang]);
      const lead = await subscriber(email);
      const leaving = await post(`/unsubscribe-newsletter/${lead?.unique_key}/${lead?.id}`, { form: 'unsubscribe', lang, details: '…' });
      expect(leaving.statusCode).toBe(422);
      expect(leaving.body).toMatch(new RegExp(`<html lang="${lang}">`));
      expect(text(formOf(leaving.body, 'unsubscribe'))).toContain(publicPages.unsubscribe.reasonRequired);
      expect((await subscriber(email))?.newsletter_status).toBe('active');
      // Nothing was stored but the subscriber this test made.
      expect(await rows()).toEqual({ ...before, leads: before.leads + 1 });
    });
  });

  describe('where a form may come from, and what is no form', () => {
    it('refuses a post another site makes a browser send (Sec-Fetch-Site, else Origin), showing back nothing it sent', async () => {
      const before = await rows();
      const crossSite = await post('/', { form: 'newsletter', lang: 'pt-BR', email: 'vitima@cliente.com.br' }, { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.body).not.toContain('vitima');
      const otherOrigin = await ctx.app.inject({
        method: 'POST',
        url: '/',
        headers: { ...BROWSER, 'content-type': 'application/x-www-form-urlencoded', origin: 'https://atacante.example' },
        payload: 'form=newsletter&email=vitima%40cliente.com.br',
        remoteAddress: nextAddress(),
      });
      expect(otherOrigin.statusCode).toBe(403);
      expect(await rows()).toEqual(before);

      // This site's own origin (an older browser without Sec-Fetch-Site), or a client that is no browser: taken.
      const ownOrigin = await ctx.app.inject({
        method: 'POST',
        url: '/',
        headers: { ...BROWSER, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://vitrine.test', host: 'vitrine.test' },
        payload: 'form=newsletter&email=propria%40cliente.com.br',
        remoteAddress: nextAddress(),
      });
      expect(ownOrigin.statusCode).toBe(303);
    });

    it('a path that is no public page, or a form the page does not know, is no form post', async () => {
      expect((await post('/login', { form: 'newsletter', email: 'x@cliente.com.br' })).statusCode).toBe(404);
      expect((await post('/post/a/1/extra', { form: 'newsletter', email: 'x@cliente.com.br' })).statusCode).toBe(404);
      const unknown = await post('/blog', { form: 'nada', email: 'x@cliente.com.br' });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    });
  });
});
