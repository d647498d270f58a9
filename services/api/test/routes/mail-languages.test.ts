import { readOutbox } from '../../src/repositories/outbox';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { addSubscriber, dueNow } from '../digest-helpers';
import { BACKENDS, setupApp, testConfig, type Staff, type TestContext } from '../helpers';
import { startTestSmtp, type TestSmtp } from '../smtp-server';

let address = 0;
const nextAddress = () => `10.66.${(address >> 8) & 255}.${(address += 1) & 255}`;

const CONTACT = {
  name: 'Joana Lima',
  company: 'Lima & Filhos',
  telephone: '+55 11 98888-7777',
  subject: 'Orçamento de site',
  message: 'Bonjou!\nMwen ta renmen yon devi.',
  website: '',
  elapsed_ms: 12_000,
};

/** A raw SMTP mail made readable: quoted-printable soft breaks joined and its bytes decoded (UTF-8). */
function decoded(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

/** Every mail in its recipient's language (docs/decisions/mail-languages.md). */
describe.each(BACKENDS)('mail languages (%s)', (backend) => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let editor: Staff;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await setupApp(backend, { config: testConfig({ smtpUrl: smtp.url }) });
    editor = await ctx.staff(['site_editor']);
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await smtp.stop();
  });

  /** The newest mail to an address (by id as a number: readOutbox sorts its text ids). */
  const newest = async (to: string) =>
    (
      await ctx.db.query<{ subject: string; text_body: string; html_body: string }>(
        'SELECT subject, text_body, html_body FROM outbox WHERE lower(to_address) = lower($1) ORDER BY outbox.id DESC LIMIT 1',
        [to],
      )
    )[0];
  const localeOf = async (table: 'leads' | 'messages' | 'users', email: string) =>
    (await ctx.db.query<{ locale: string | null }>(`SELECT locale FROM ${table} WHERE lower(email) = lower($1) ORDER BY id DESC LIMIT 1`, [email]))[0]?.locale;

  describe('a visitor: the language of the page they wrote or subscribed from', () => {
    it('the newsletter confirmation follows ?lang=, else the vt_lang cookie, else pt-BR; the lead keeps it', async () => {
      const subscribe = (email: string, url: string, headers: Record<string, string> = {}) =>
        ctx.call('POST', url, { body: { email, elapsed_ms: 5000 }, headers, remoteAddress: nextAddress() });

      expect((await subscribe('fr@leitores.com', '/api/public/newsletter?lang=fr-FR')).statusCode).toBe(202);
      const fr = await newest('fr@leitores.com');
      expect(fr?.subject).toBe('Vitrine\u00a0: confirmez votre abonnement à la newsletter');
      expect(fr?.text_body).toContain('Ce lien est valable 7 jours');
      expect(htmlLang(fr?.html_body ?? '')).toBe('fr-FR');
      expect(await localeOf('leads', 'fr@leitores.com')).toBe('fr-FR');

      expect((await subscribe('es@leitores.com', '/api/public/newsletter', { cookie: 'other=1; vt_lang=es-ES' })).statusCode).toBe(202);
      expect((await newest('es@leitores.com'))?.subject).toBe('Vitrine: confirma tu suscripción al boletín');
      expect(await localeOf('leads', 'es@leitores.com')).toBe('es-ES');

      // A bare tag is mapped to its locale; an unsupported one counts as not given (pt-BR), never an error.
      expect((await subscribe('ht@leitores.com', '/api/public/newsletter?lang=ht')).statusCode).toBe(202);
      expect((await newest('ht@leitores.com'))?.subject).toBe('Vitrine: konfime abònman ou nan bilten an');
      expect((await subscribe('de@leitores.com', '/api/public/newsletter?lang=de-DE')).statusCode).toBe(202);
      expect((await newest('de@leitores.com'))?.subject).toBe('Vitrine: confirme sua inscrição na newsletter');
      expect(await localeOf('leads', 'de@leitores.com')).toBe('pt-BR');

      // Bounded like every input; unknown query fields are refused.
      expect((await subscribe('x@leitores.com', `/api/public/newsletter?lang=${'a'.repeat(40)}`)).statusCode).toBe(400);
      expect((await subscribe('x@leitores.com', '/api/public/newsletter?lang=en-US&x=1')).statusCode).toBe(400);

      // Subscribing again from a page in another language moves the subscription to it.
      const [row] = await ctx.db.query<{ id: number; unique_key: string }>("SELECT id::int AS id, unique_key FROM leads WHERE email = 'fr@leitores.com'");
      const again = await ctx.call('POST', `/api/public/newsletter/resubscribe/${row?.id}/${row?.unique_key}?lang=en-US`, { remoteAddress: nextAddress() });
      expect(again.statusCode).toBe(202);
      expect((await newest('fr@leitores.com'))?.subject).toBe('Vitrine: confirm your newsletter subscription');
      expect(await localeOf('leads', 'fr@leitores.com')).toBe('en-US');
    });

    it('the database keeps nothing but the five languages', async () => {
      await expect(ctx.db.query("UPDATE leads SET locale = 'de-DE' WHERE email = 'es@leitores.com'")).rejects.toThrow();
      await expect(ctx.db.query("UPDATE leads SET locale = NULL WHERE email = 'es@leitores.com'")).rejects.toThrow();
    });

    it('a reply goes out in the language the visitor wrote from; staff are told in their own', async () => {
      const res = await ctx.call('POST', '/api/public/contact?lang=ht-HT', { body: { ...CONTACT, email: 'joana@kreyol.ht' }, remoteAddress: nextAddress() });
      expect(res.statusCode).toBe(201);
      expect(await localeOf('messages', 'joana@kreyol.ht')).toBe('ht-HT');
      await ctx.app.jobs.drain();
      // The editor never stated a language (pt-BR); the admin last signed in from an English page.
      const toEditor = await newest(editor.email);
      expect(toEditor?.subject).toBe('Vitrine: nova mensagem — Orçamento de site');

      await ctx.call('POST', '/api/auth/auth?lang=en-US', { body: { email: ctx.admin.email, password: ctx.admin.password }, remoteAddress: nextAddress() });
      expect(await localeOf('users', ctx.admin.email)).toBe('en-US');
      expect((await ctx.call('POST', '/api/public/contact?lang=ht-HT', { body: { ...CONTACT, email: 'pierre@kreyol.ht', subject: 'Dezyèm' }, remoteAddress: nextAddress() })).statusCode).toBe(201);
      await ctx.app.jobs.drain();
      const toAdmin = await newest(ctx.admin.email);
      expect(toAdmin?.subject).toBe('Vitrine: new message — Dezyèm');
      expect(htmlLang(toAdmin?.html_body ?? '')).toBe('en-US');

      const [message] = await ctx.db.query<{ id: number; unique_key: string }>("SELECT id::int AS id, unique_key FROM messages WHERE email = 'joana@kreyol.ht'");
      const reply = await ctx.call('POST', `/api/message/message-reply/${message?.id}/${message?.unique_key}`, { token: editor.token, body: { body: 'Mèsi! Men devi a.' } });
      expect(reply.statusCode).toBe(201);
      const mail = await newest('joana@kreyol.ht');
      expect(mail?.subject).toBe('Re: Orçamento de site');
      expect(mail?.text_body).toMatch(/Nan dat \d{1,2} (janvye|fevriye|mas|avril|me|jen|jiyè|out|septanm|oktòb|novanm|desanm) \d{4} a \d{2}:\d{2}, Joana Lima te ekri:/);
      expect(htmlLang(mail?.html_body ?? '')).toBe('ht-HT');
    });
  });

  describe('staff: the language they last signed in with', () => {
    it('a first sign-in from a French page remembers French: the verification code comes in French', async () => {
      const user = await ctx.staff(['dashboard'], { status: 'first-access', verified: false });
      const before = (await readOutbox(ctx.db, user.email)).length;
      const res = await ctx.call('POST', '/api/auth/auth?lang=fr-FR', { body: { email: user.email, password: user.password }, remoteAddress: nextAddress() });
      expect(res.statusCode).toBe(200);
      expect(await localeOf('users', user.email)).toBe('fr-FR');
      // ctx.staff's own sign-in stated no language (one code a minute: its code was the first, in pt-BR).
      const mails = await readOutbox(ctx.db, user.email);
      expect(mails).toHaveLength(before);
      expect(mails[0]?.subject).toBe('Vitrine: seu código de verificação');

      // Asking again (signed in): the code comes in the remembered language.
      await ctx.db.query('UPDATE verification_codes SET created_at = created_at - interval \'2 minutes\' WHERE user_id = $1', [user.id]);
      const token = res.json().token as string;
      expect((await ctx.call('POST', '/api/auth/resend-code', { token, body: { email: user.email } })).statusCode).toBe(200);
      const code = await newest(user.email);
      expect(code?.subject).toBe('Vitrine\u00a0: votre code de vérification');
      expect(/:\s*(\d{6})\b/.exec(code?.text_body ?? '')?.[1]).toMatch(/^\d{6}$/);
    });

    it('recovery: the remembered language first, else the recovery page’s; an anonymous request changes nothing stored', async () => {
      const recover = (email: string, url: string) => ctx.call('POST', url, { body: { email }, remoteAddress: nextAddress() });

      // Signed in from an English page before: English, whatever the recovery page says.
      expect((await recover(ctx.admin.email, '/api/auth/recover-password?lang=es-ES')).statusCode).toBe(200);
      expect((await newest(ctx.admin.email))?.subject).toBe('Vitrine: reset your password');
      expect(await localeOf('users', ctx.admin.email)).toBe('en-US');

      // Never stated a language: the recovery page's, else pt-BR.
      const quiet = await ctx.staff(['dashboard']);
      expect((await recover(quiet.email, '/api/auth/recover-password?lang=es-ES')).statusCode).toBe(200);
      expect((await newest(quiet.email))?.subject).toBe('Vitrine: restablecimiento de contraseña');
      expect(await localeOf('users', quiet.email)).toBeNull();
      expect((await recover(quiet.email, '/api/auth/recover-password')).statusCode).toBe(200);
      expect((await newest(quiet.email))?.subject).toBe('Vitrine: redefinição de senha');

      await expect(ctx.db.query("UPDATE users SET locale = 'xx' WHERE id = $1", [quiet.id])).rejects.toThrow();
    });
  });

  it('the weekly digest: one composition per language, each subscriber gets theirs', async () => {
    await ctx.db.query("UPDATE leads SET newsletter_status = 'cancelled' WHERE module = 'newsletter'");
    const readers = { pt: 'pt@digest.com', en: 'en@digest.com', ht: 'ht@digest.com' };
    for (const email of Object.values(readers)) await addSubscriber(ctx, email);
    await ctx.db.query("UPDATE leads SET locale = 'en-US' WHERE email = $1", [readers.en]);
    await ctx.db.query("UPDATE leads SET locale = 'ht-HT' WHERE email = $1", [readers.ht]);
    const category = await createCategory(ctx);
    await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { title: 'Artigo da semana', status: 'published' });
    const other = await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { title: 'Outro artigo', status: 'published' });
    // Translated into English: the English readers get the English version and its English page.
    const translated = await ctx.call('PUT', `/api/article/article-translation/${other.id}/${other.unique_key}/en-US`, {
      token: ctx.admin.token,
      body: { title: 'Another article', excerpt: 'In English, for English readers.', content: '<p>In English.</p>', status: 'published' },
    });
    expect(translated.statusCode).toBe(200);
    // The admin's preview in a language: what that language's subscribers will get.
    const preview = async (lang?: string) =>
      (await ctx.call('GET', `/api/newsletter/digest-preview${lang ? `?lang=${lang}` : ''}`, { token: ctx.admin.token })).json().data.html as string;
    expect(await preview('en-US')).toContain('Another article');
    expect(await preview()).toContain('Outro artigo');
    await dueNow(ctx);
    smtp.mails.length = 0;

    const tick = await ctx.app.services.digest.tick();
    expect(tick).toMatchObject({ outcome: 'queued', recipients: 3 });
    // The send, as a sending process runs it.
    expect(await ctx.app.services.digest.sendRun(tick.sendId as number)).toMatchObject({ sent: 3, done: true });
    const mailTo = (email: string) => decoded(smtp.mails.find((m) => m.to.includes(email))?.raw ?? '');

    const pt = mailTo(readers.pt);
    expect(pt).toContain('lang="pt-BR"');
    expect(pt).toContain('o que publicamos nesta semana');
    const en = mailTo(readers.en);
    expect(en).toContain('lang="en-US"');
    expect(en).toContain('What we published this week');
    expect(en).toContain('Read the article →');
    // Not translated: the original, marked with its language; translated: the English text and the English page.
    expect(en).toContain('<h2 lang="pt-BR"');
    expect(en).toContain('Artigo da semana');
    expect(en).toContain('Another article');
    expect(en).toContain('In English, for English readers.');
    expect(en).toContain(`/post/${other.unique_key}/${other.id}?lang=en-US`);
    expect(en).not.toContain('Outro artigo');
    expect(pt).toContain('Outro artigo');
    expect(pt).not.toContain('Another article');
    const ht = mailTo(readers.ht);
    expect(ht).toContain('lang="ht-HT"');
    expect(ht).toContain('Sa nou pibliye semèn sa a');
    expect(ht).toMatch(/\d{1,2} (janvye|fevriye|mas|avril|me|jen|jiyè|out|septanm|oktòb|novanm|desanm) \d{4}/);
    expect(ht).toContain('Dezabone');
  });

  it('the admin’s test digest comes in the language its reader signed in with', async () => {
    const res = await ctx.call('POST', '/api/newsletter/digest-test', { token: ctx.admin.token });
    expect(res.statusCode).toBe(200);
    expect((await newest(ctx.admin.email))?.subject).toMatch(/^\[Test\] Vitrine: /);
  });
});
