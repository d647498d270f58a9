import { LOCALE_CODES, WELCOME_LIMITS, WELCOME_SUCCESS_MESSAGE, type Locale, type WelcomeSettings, type WelcomeTexts } from '@vitrine/contracts';
import { readOutbox } from '../../src/repositories/outbox';
import { isWelcomable } from '../../src/repositories/welcome';
import { BACKENDS, PUBLIC_URL, setupApp, testConfig, type Staff, type TestContext } from '../helpers';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../smtp-server';

let address = 0;
const nextAddress = () => `10.91.${(address >> 8) & 255}.${(address += 1) & 255}`;

/** A header of a raw mail: folded lines joined, its MIME encoded words (=?UTF-8?Q|B?…?=) decoded. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (line === undefined) return undefined;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** The decoded body of a raw mail's part of `type` (text/plain, text/html), by its transfer encoding. */
function part(raw: string, type: string): string {
  const found = raw.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => new RegExp(`^Content-Type: ${type}`, 'im').test(p.split(/\r?\n\r?\n/)[0] ?? ''));
  if (!found) throw new Error(`no ${type} part`);
  const [head = '', ...rest] = found.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]+--\s*$/, '');
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\r?\n/g, '');
    return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8').replace(/\r\n/g, '\n');
  }
  return body.replace(/\r\n/g, '\n');
}

/** The texts staff write for the tests: each language's own, `{site}` in every subject. */
const TEXTS: Required<WelcomeTexts> = {
  'pt-BR': { subject: 'Boas-vindas a {site}', body: 'Que bom ter você aqui.\n\nToda semana, os artigos novos: https://vitrine.test/blog.' },
  'en-US': { subject: 'Welcome to {site}', body: 'Glad to have you.\n\nEvery week, the new articles.' },
  'es-ES': { subject: 'Bienvenida a {site}', body: 'Nos alegra tenerte.\n\nCada semana, los artículos nuevos.' },
  'fr-FR': { subject: 'Bienvenue chez {site}', body: 'Ravis de vous compter parmi nous.\n\nChaque semaine, les nouveaux articles.' },
  'ht-HT': { subject: 'Byenveni nan {site}', body: 'Nou kontan wè ou.\n\nChak semèn, nouvo atik yo.' },
};

/** The site's name in the tests (the seed's identity). */
const SITE = 'Vitrine';

/**
 * The welcome mail: once per confirmation, in the subscriber's language (pt-BR's text when theirs has none), through
 * the outbox in the confirmation's transaction, to a real SMTP server; its settings' validation, policy and audit.
 */
describe.each(BACKENDS)('the welcome mail (%s)', (backend) => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let settingsStaff: Staff;
  let leadsStaff: Staff;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await setupApp(backend, { config: testConfig({ smtpUrl: smtp.url }) });
    settingsStaff = await ctx.staff(['settings']);
    leadsStaff = await ctx.staff(['site_editor']);
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await smtp.stop();
  });

  const put = (body: unknown, token = settingsStaff.token) => ctx.call('PUT', '/api/newsletter/welcome', { token, body });
  const save = async (settings: WelcomeSettings) => {
    const res = await put(settings);
    expect(res.statusCode).toBe(200);
    return res;
  };

  /** Signs `email` up from a page in `locale`, opens the mailed link and runs the delivery jobs; answers where the link landed. */
  async function signUpAndConfirm(email: string, locale: Locale = 'pt-BR', name = ''): Promise<string> {
    const res = await ctx.call('POST', `/api/public/newsletter?lang=${locale}`, { body: { email, name, elapsed_ms: 5000 }, remoteAddress: nextAddress() });
    expect(res.statusCode).toBe(202);
    const opened = await ctx.call('GET', await confirmationPath(email), { remoteAddress: nextAddress() });
    expect(opened.statusCode).toBe(303);
    await ctx.app.jobs.drain();
    return String(opened.headers.location);
  }

  async function confirmationPath(email: string): Promise<string> {
    const mail = (await readOutbox(ctx.db, email)).find((m) => /\/api\/public\/newsletter\/confirm\//.test(m.text_body));
    const link = mail?.text_body.match(/https?:\/\/\S+\/api\/public\/newsletter\/confirm\/\S+/)?.[0];
    if (!link) throw new Error(`no confirmation link mailed to ${email}`);
    return link.replace(PUBLIC_URL, '');
  }

  /** What the SMTP server received for `email` other than confirmation links. */
  const welcomes = (email: string): ReceivedMail[] => smtp.mails.filter((m) => m.to.includes(email) && !part(m.raw, 'text/plain').includes('/api/public/newsletter/confirm/'));
  const lead = async (email: string) =>
    (await ctx.db.query<{ id: number; unique_key: string; newsletter_status: string | null; status: string }>("SELECT id::int AS id, unique_key, newsletter_status, status FROM leads WHERE module = 'newsletter' AND email = $1", [email]))[0];

  describe('its settings', () => {
    it('start off after the migration, with texts in the five languages to start from', async () => {
      const res = await ctx.call('GET', '/api/newsletter/welcome', { token: settingsStaff.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json().data as WelcomeSettings;
      expect(data.enabled).toBe(false);
      expect(Object.keys(data.texts).sort()).toEqual([...LOCALE_CODES].sort());
      for (const locale of LOCALE_CODES) {
        expect(data.texts[locale]?.subject).toContain('{site}');
        expect(data.texts[locale]?.body.split('\n\n').length).toBeGreaterThanOrEqual(3);
      }
      expect(data.texts['fr-FR']?.body).toContain('«\u00a0Se désabonner\u00a0»');
    });

    it('off: a confirmed subscriber gets no welcome mail', async () => {
      await signUpAndConfirm('desligado@leitores.com.br');
      expect(smtp.mails.filter((m) => m.to.includes('desligado@leitores.com.br'))).toHaveLength(1);
      expect(welcomes('desligado@leitores.com.br')).toEqual([]);
    });

    it('are the settings access\'s: anyone else is refused, before any validation', async () => {
      for (const [method, url] of [
        ['GET', '/api/newsletter/welcome'],
        ['PUT', '/api/newsletter/welcome'],
        ['POST', '/api/newsletter/welcome-preview'],
      ] as const) {
        expect((await ctx.call(method, url, { body: { bad: true } })).statusCode).toBe(401);
        const refused = await ctx.call(method, url, { token: leadsStaff.token, body: { bad: true } });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('ACCESS_DENIED');
      }
      expect((await ctx.call('GET', '/api/newsletter/welcome', { token: ctx.admin.token })).statusCode).toBe(200);
    });

    it('refuses what cannot be sent with a field error each, and keeps what was saved', async () => {
      const before = (await ctx.call('GET', '/api/newsletter/welcome', { token: settingsStaff.token })).json().data;
      const fieldsOf = async (body: unknown) => {
        const res = await put(body);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
        return Object.fromEntries((res.json().errors as { property: string; message: Record<string, string> }[]).map((e) => [e.property, Object.keys(e.message)]));
      };
      expect(await fieldsOf({ enabled: true, texts: { ...TEXTS, 'de-DE': { subject: 'Willkommen', body: 'Hallo' } } })).toEqual({ 'texts.de-DE': ['whitelistValidation'] });
      expect(await fieldsOf({ enabled: true, texts: { 'en-US': TEXTS['en-US'] } })).toEqual({ 'texts.pt-BR.subject': ['isNotEmpty'], 'texts.pt-BR.body': ['isNotEmpty'] });
      expect(await fieldsOf({ enabled: true, texts: { 'pt-BR': { subject: '   ', body: TEXTS['pt-BR'].body } } })).toEqual({ 'texts.pt-BR.subject': ['isNotEmpty'] });
      expect(await fieldsOf({ enabled: true, texts: { 'pt-BR': TEXTS['pt-BR'], 'es-ES': { subject: 'Hola', body: '' } } })).toEqual({ 'texts.es-ES.body': ['isNotEmpty'] });
      expect(await fieldsOf({ enabled: true, texts: { 'pt-BR': { subject: 'x'.repeat(WELCOME_LIMITS.subject + 1), body: 'y'.repeat(WELCOME_LIMITS.body + 1) } } })).toEqual({
        'texts.pt-BR.subject': ['maxLength'],
        'texts.pt-BR.body': ['maxLength'],
      });
      expect(await fieldsOf({ enabled: true, texts: { 'pt-BR': { subject: 'Olá, {nome}', body: 'De {site} e {empresa}' } } })).toEqual({
        'texts.pt-BR.subject': ['isPlaceholder'],
        'texts.pt-BR.body': ['isPlaceholder'],
      });
      expect(await fieldsOf({ texts: { 'pt-BR': TEXTS['pt-BR'] } })).toEqual({ enabled: ['isNotEmpty'] });
      expect(await fieldsOf({ enabled: 'yes', texts: { 'pt-BR': { subject: 1, body: 'b' } } })).toEqual({ enabled: ['isBoolean'], 'texts.pt-BR.subject': ['isString'] });
      expect((await ctx.call('GET', '/api/newsletter/welcome', { token: settingsStaff.token })).json().data).toEqual(before);
    });

    it('are saved clean (one-line subject, paragraphs one blank line apart, blank languages left out) and audit-logged', async () => {
      const res = await save({
        enabled: true,
        texts: { 'pt-BR': { subject: '  Boas-vindas\n a {site} ', body: '\r\nOlá!  \r\n\r\n\r\n\r\nAté logo.\n' }, 'en-US': { subject: ' ', body: '' }, 'ht-HT': TEXTS['ht-HT'] },
      });
      const saved = { enabled: true, texts: { 'pt-BR': { subject: 'Boas-vindas a {site}', body: 'Olá!\n\nAté logo.' }, 'ht-HT': TEXTS['ht-HT'] } };
      expect(res.json()).toEqual({ data: saved, message: WELCOME_SUCCESS_MESSAGE });
      expect((await ctx.call('GET', '/api/newsletter/welcome', { token: settingsStaff.token })).json().data).toEqual(saved);
      const [entry] = await ctx.db.query<{ actor_id: number; action: string; changes: { value: [WelcomeSettings, WelcomeSettings] } }>(
        "SELECT actor_id, action, changes FROM audit_log WHERE record_type = 'site_settings' AND record_id = 'welcome' ORDER BY id DESC LIMIT 1",
      );
      expect(entry).toMatchObject({ actor_id: settingsStaff.id, action: 'update' });
      expect(entry?.changes.value[0].enabled).toBe(false);
      expect(entry?.changes.value[1]).toEqual(saved);
    });
  });

  describe('sending', () => {
    beforeAll(async () => {
      await save({ enabled: true, texts: TEXTS });
    });

    it.each(LOCALE_CODES.map((locale) => [locale]))('once per confirmation, in %s as edited, with the unsubscribe link and one-click headers', async (locale) => {
      const email = `boas-vindas.${locale.toLowerCase()}@leitores.com.br`;
      const landed = await signUpAndConfirm(email, locale, 'Carla');
      expect(landed).toMatch(/\?status=confirmed$/);
      const [mail, ...more] = welcomes(email);
      expect(more).toEqual([]);
      const raw = mail?.raw ?? '';
      expect(header(raw, 'Subject')).toBe(TEXTS[locale].subject.replace('{site}', SITE));
      const row = await lead(email);
      expect(header(raw, 'List-Unsubscribe')).toBe(`<${PUBLIC_URL}/api/public/newsletter/one-click/${row?.id}/${row?.unique_key}>`);
      expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const text = part(raw, 'text/plain');
      const [first, second] = TEXTS[locale].body.split('\n\n');
      expect(text).toContain(`Carla`);
      expect(text).toContain(`${first}\n\n${second}`);
      expect(text).toContain(`${PUBLIC_URL}/unsubscribe-newsletter/${row?.unique_key}/${row?.id}`);
      const html = part(raw, 'text/html');
      expect(html).toContain(`<html lang="${locale}">`);
      expect(html).toContain(`href="${PUBLIC_URL}/unsubscribe-newsletter/${row?.unique_key}/${row?.id}"`);

      // The link again, and a sign-up of an active subscriber: nothing more.
      const again = await ctx.call('GET', await confirmationPath(email), { remoteAddress: nextAddress() });
      expect(again.headers.location).toBe('/unsubscribe-newsletter?status=invalid');
      expect((await ctx.call('POST', '/api/public/newsletter', { body: { email, elapsed_ms: 5000 }, remoteAddress: nextAddress() })).statusCode).toBe(409);
      await ctx.app.jobs.drain({ ignoreDelays: true });
      expect(welcomes(email)).toHaveLength(1);
    });

    it('a language without its own text gets the pt-BR mail', async () => {
      await save({ enabled: true, texts: { 'pt-BR': TEXTS['pt-BR'], 'en-US': TEXTS['en-US'] } });
      await signUpAndConfirm('sem-texto@leitores.es', 'es-ES');
      const [mail] = welcomes('sem-texto@leitores.es');
      expect(header(mail?.raw ?? '', 'Subject')).toBe(`Boas-vindas a ${SITE}`);
      expect(part(mail?.raw ?? '', 'text/plain')).toContain('Que bom ter você aqui.');
      expect(part(mail?.raw ?? '', 'text/html')).toContain('<html lang="pt-BR">');
      // The pt-BR text's link is a link; its closing full stop is not part of it.
      expect(part(mail?.raw ?? '', 'text/html')).toContain('<a href="https://vitrine.test/blog" style="color:#1e3a8a">https://vitrine.test/blog</a>.');
      await save({ enabled: true, texts: TEXTS });
    });

    it('a second confirmation of an active subscription sends none (paused, bounced and cleared); leaving and coming back is welcomed again', async () => {
      const email = 'volta@leitores.com.br';
      await signUpAndConfirm(email);
      expect(welcomes(email)).toHaveLength(1);

      // Paused by staff, the subscriber signs up again: a new link, and its confirmation finds the subscription active.
      const row = await lead(email);
      await ctx.db.query("UPDATE leads SET status = 'inactive' WHERE id = $1", [row?.id]);
      await signUpAndConfirm(email);
      expect(welcomes(email)).toHaveLength(1);

      // A bounce does not end a subscription: confirming again after it, also once staff cleared it, welcomes nobody.
      const bounced = 'devolveu@leitores.com.br';
      await signUpAndConfirm(bounced);
      const bouncedRow = await lead(bounced);
      await ctx.db.query("UPDATE leads SET bounced_at = now(), bounce_reason = '552 mailbox full' WHERE id = $1", [bouncedRow?.id]);
      const cleared = await ctx.call('POST', `/api/lead/lead-bounce-clear/${bouncedRow?.id}/${bouncedRow?.unique_key}`, { token: leadsStaff.token });
      expect(cleared.statusCode).toBe(200);
      await signUpAndConfirm(bounced);
      expect(welcomes(bounced)).toHaveLength(1);

      const left = await ctx.call('POST', `/api/public/newsletter/unsubscribe/${row?.id}/${row?.unique_key}`, { body: { reason: 'too-frequent' }, remoteAddress: nextAddress() });
      expect(left.statusCode).toBe(200);
      expect(await signUpAndConfirm(email)).toMatch(/\?status=reactivated$/);
      expect(welcomes(email)).toHaveLength(2);
    });

    it('not to a suppressed or bounced address, nor when it is off', async () => {
      const email = 'bloqueado@leitores.com.br';
      const res = await ctx.call('POST', '/api/public/newsletter', { body: { email, elapsed_ms: 5000 }, remoteAddress: nextAddress() });
      expect(res.statusCode).toBe(202);
      // Blacklisted while the link waited in the mailbox.
      await ctx.db.query("INSERT INTO email_suppressions (email, reason) VALUES ($1, 'blacklisted')", [email]);
      await ctx.call('GET', await confirmationPath(email), { remoteAddress: nextAddress() });
      await ctx.app.jobs.drain();
      expect(welcomes(email)).toEqual([]);

      // Nor to a bounced one (a confirmation clears the mark: it applies to a subscriber marked since).
      await signUpAndConfirm('devolvido@leitores.com.br');
      const bounced = await lead('devolvido@leitores.com.br');
      expect(await isWelcomable(ctx.db, bounced!.id, 'devolvido@leitores.com.br')).toBe(true);
      await ctx.db.query("UPDATE leads SET bounced_at = now(), bounce_reason = '550 5.1.1 no such mailbox' WHERE id = $1", [bounced?.id]);
      expect(await isWelcomable(ctx.db, bounced!.id, 'devolvido@leitores.com.br')).toBe(false);

      await save({ enabled: false, texts: TEXTS });
      await signUpAndConfirm('desligada@leitores.com.br');
      expect(welcomes('desligada@leitores.com.br')).toEqual([]);
      await save({ enabled: true, texts: TEXTS });
    });

    it('a mail that cannot be queued leaves the confirmation standing (no welcome, no 500)', async () => {
      const email = 'sem-fila@leitores.com.br';
      const res = await ctx.call('POST', '/api/public/newsletter', { body: { email, elapsed_ms: 5000 }, remoteAddress: nextAddress() });
      expect(res.statusCode).toBe(202);
      // The welcome's enqueue fails inside the confirmation's transaction, with a statement the database refuses (which
      // aborts a transaction on PostgreSQL: only its savepoint lets the confirmation commit).
      const enqueue = jest.spyOn(ctx.app.mailer, 'enqueue').mockImplementationOnce(async (tx) => {
        await tx.query('INSERT INTO outbox (no_such_column) VALUES (1)');
        return '0';
      });
      try {
        const opened = await ctx.call('GET', await confirmationPath(email), { remoteAddress: nextAddress() });
        expect(opened.statusCode).toBe(303);
        expect(opened.headers.location).toMatch(/\?status=confirmed$/);
        expect(enqueue).toHaveBeenCalledTimes(1);
      } finally {
        enqueue.mockRestore();
      }
      expect(await lead(email)).toMatchObject({ newsletter_status: 'active', status: 'active' });
      await ctx.app.jobs.drain();
      expect(welcomes(email)).toEqual([]);
      expect(await readOutbox(ctx.db, email)).toHaveLength(1);
    });
  });

  describe('the preview', () => {
    const preview = (body: unknown) => ctx.call('POST', '/api/newsletter/welcome-preview', { token: settingsStaff.token, body });

    it('is the mail as that subscriber would get it, from the texts as typed, greeting the staff member', async () => {
      const res = await preview({ locale: 'fr-FR', texts: { 'pt-BR': TEXTS['pt-BR'], 'fr-FR': { subject: 'Bienvenue chez {site}', body: 'Bonjour <b>toi</b> & {site}.\n\nSuite : https://vitrine.test/a?b=1&c=2' } } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json().data as { locale: string; fallback: boolean; subject: string; html_body: string; text_body: string };
      expect(data).toMatchObject({ locale: 'fr-FR', fallback: false, subject: `Bienvenue chez ${SITE}` });
      expect(data.html_body).toContain('<html lang="fr-FR">');
      expect(data.html_body).toContain('Bonjour Ana,');
      expect(data.html_body).toContain('Bonjour &#60;b&#62;toi&#60;/b&#62; &#38; Vitrine.');
      expect(data.html_body).not.toContain('<b>toi');
      expect(data.html_body).toContain('<a href="https://vitrine.test/a?b=1&#38;c=2" style="color:#1e3a8a">https://vitrine.test/a?b=1&#38;c=2</a>');
      expect(data.html_body).toContain(`href="${PUBLIC_URL}/unsubscribe-newsletter"`);
      expect(data.text_body).toContain('Bonjour Ana,\n\nBonjour <b>toi</b> & Vitrine.\n\nSuite : https://vitrine.test/a?b=1&c=2');
    });

    it('says when the language falls back to pt-BR; bad input is a 400', async () => {
      const res = await preview({ locale: 'ht-HT', texts: { 'pt-BR': TEXTS['pt-BR'], 'ht-HT': { subject: ' ', body: '' } } });
      expect(res.json().data).toMatchObject({ locale: 'pt-BR', fallback: true, subject: `Boas-vindas a ${SITE}` });
      expect((await preview({ locale: 'de-DE', texts: {} })).json().errors[0]).toMatchObject({ property: 'locale', message: { isEnum: expect.any(String) } });
      expect((await preview({ locale: 'pt-BR' })).statusCode).toBe(400);
    });
  });
});
