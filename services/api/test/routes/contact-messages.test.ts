import { AUDIENCE_SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { notifyStaff } from '../../src/jobs/message-notify';
import * as contentVersion from '../../src/repositories/content-version';
import * as siteSettings from '../../src/repositories/site-settings';
import { BACKENDS, PUBLIC_URL, setupApp, type Staff, type TestContext } from '../helpers';

const VALID = {
  name: 'Joana Lima',
  email: 'joana@cliente.com.br',
  company: 'Lima & Filhos',
  telephone: '+55 11 98888-7777',
  subject: 'Orçamento de site',
  message: 'Olá!\nGostaria de um orçamento.',
  website: '',
  elapsed_ms: 12_000,
};

let address = 0;
/** Each send from its own client address unless a test is about the per-address limit. */
const nextAddress = () => `10.77.${(address >> 8) & 255}.${(address += 1) & 255}`;

describe.each(BACKENDS)('contact form and the staff inbox (%s)', (backend) => {
  let ctx: TestContext;
  let editor: Staff;
  let writer: Staff;

  beforeAll(async () => {
    ctx = await setupApp(backend);
    editor = await ctx.staff(['site_editor']);
    writer = await ctx.staff(['article_management']);
  }, 60_000);
  afterAll(() => ctx.close());

  const send = (body: object, remoteAddress = nextAddress()) => ctx.call('POST', '/api/public/contact', { body, remoteAddress });
  const rows = async () => ({ messages: await ctx.count('messages'), leads: await ctx.count('leads'), outbox: await ctx.count('outbox') });
  const listed = async (token: string, body: object = {}) => {
    const res = await ctx.call('POST', '/api/message/messages-list', { token, body });
    expect(res.statusCode).toBe(200);
    return res.json().data as { items: { id: number; unique_key: string; subject: string; read: boolean; archived: boolean; replies: number; preview: string }[]; total: number };
  };

  describe('GET /api/public/site', () => {
    it("answers the company's contact details to anyone", async () => {
      const res = await ctx.call('GET', '/api/public/site');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.contact).toEqual({
        name: 'Vitrine',
        email: expect.stringContaining('@'),
        phone: expect.any(String),
        address: expect.any(String),
        hours: expect.any(String),
      });
    });

    it('answers no social links while none is set', async () => {
      expect((await ctx.call('GET', '/api/public/site')).json().data.social).toEqual([]);
    });

    it('answers the social links with an https address, one per network, in the footer order', async () => {
      const stored = [
        { network: 'youtube', url: 'https://www.youtube.com/@empresa' },
        { network: 'instagram', url: 'https://www.instagram.com/empresa' },
        { network: 'facebook', url: 'javascript:alert(1)' },
        { network: 'myspace', url: 'https://myspace.com/empresa' },
        { network: 'instagram', url: 'https://www.instagram.com/outra' },
      ];
      await ctx.db.transaction(async (tx) => {
        await siteSettings.save(tx, 'social', stored as never);
        await contentVersion.bump(tx);
      });
      // A write outside the services: the answer cache hears of the new version by its notification (PostgreSQL:
      // LISTEN/NOTIFY). Asked until it has, however long a busy machine takes to deliver it (the test's timeout bounds it).
      let social: unknown = [];
      while (Array.isArray(social) && social.length === 0) {
        social = (await ctx.call('GET', '/api/public/site')).json().data.social;
        if (Array.isArray(social) && social.length === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(social).toEqual([
        { network: 'instagram', url: 'https://www.instagram.com/empresa' },
        { network: 'youtube', url: 'https://www.youtube.com/@empresa' },
      ]);
      await ctx.db.transaction(async (tx) => {
        await tx.query("DELETE FROM site_settings WHERE key = 'social'");
        await contentVersion.bump(tx);
      });
    });
  });

  describe('POST /api/public/contact', () => {
    it('keeps the message and the contact lead together and tells the site editors by email with a link', async () => {
      const before = await rows();
      const res = await send({ ...VALID, email: 'Joana@Cliente.com.br' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: AUDIENCE_SUCCESS_MESSAGES.MESSAGE_SENT });
      expect(await rows()).toMatchObject({ messages: before.messages + 1, leads: before.leads + 1 });
      const lead = await ctx.db.query<{ module: string; status: string; company: string; classification: string }>(
        "SELECT module, status, company, classification FROM leads WHERE lower(email) = 'joana@cliente.com.br'",
      );
      expect(lead).toEqual([{ module: 'contact', status: 'active', company: 'Lima & Filhos', classification: 'none' }]);

      await ctx.app.jobs.drain();
      const mails = await ctx.db.query<{ to_address: string; subject: string; text_body: string }>(
        "SELECT to_address, subject, text_body FROM outbox WHERE subject LIKE 'Vitrine: nova mensagem%' ORDER BY id",
      );
      // Every active holder of site_editor (the seeded admin holds every access), nobody else.
      const recipients = mails.map((m) => m.to_address);
      expect(recipients).toContain(editor.email);
      expect(recipients).toContain(ctx.admin.email);
      expect(recipients).not.toContain(writer.email);
      const [message] = await ctx.db.query<{ id: number; unique_key: string }>("SELECT id::int AS id, unique_key FROM messages WHERE subject = 'Orçamento de site'");
      expect(mails[0]?.text_body).toContain(`${PUBLIC_URL}/admin/message-received?id=${message?.id}&key=${message?.unique_key}`);
      expect(mails[0]?.text_body).toContain('Gostaria de um orçamento.');

      // A notification job that runs again (a retry, a failed-over worker) tells nobody twice.
      const outboxBefore = await ctx.count('outbox');
      await expect(notifyStaff({ db: ctx.db, mailer: ctx.app.mailer, publicUrl: PUBLIC_URL }, { messageId: message?.id as number })).resolves.toEqual({ notified: 0 });
      expect(await ctx.count('outbox')).toBe(outboxBefore);
    });

    it('a second message from the same email refreshes its one contact lead', async () => {
      const email = 'repete@cliente.com.br';
      expect((await send({ ...VALID, email, company: 'Primeira' })).statusCode).toBe(201);
      expect((await send({ ...VALID, email: email.toUpperCase(), company: 'Segunda' })).statusCode).toBe(201);
      const leads = await ctx.db.query<{ company: string }>('SELECT company FROM leads WHERE lower(email) = $1', [email]);
      expect(leads).toEqual([{ company: 'Segunda' }]);
      expect(await ctx.db.query('SELECT id FROM messages WHERE lower(email) = $1', [email])).toHaveLength(2);
    });

    it("names each missing or blank field with the spec's text and saves nothing", async () => {
      const before = await rows();
      const res = await send({ ...VALID, telephone: undefined, message: undefined, email: 'not-an-email' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      const byField = Object.fromEntries((body.errors as { property: string; message: Record<string, string> }[]).map((e) => [e.property, e.message]));
      expect(byField.telephone).toEqual({ isNotEmpty: 'Contact phone is required' });
      expect(byField.message).toEqual({ isNotEmpty: 'Message is required' });
      expect(byField.email).toEqual({ isEmail: 'Invalid email address' });

      const blank = await send({ ...VALID, company: '   ', subject: '\n' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors.map((e: { property: string }) => e.property).sort()).toEqual(['company', 'subject']);

      const tooLong = await send({ ...VALID, message: 'x'.repeat(5001) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().errors[0].property).toBe('message');
      expect(await rows()).toEqual(before);
    });

    it('keeps a message the spam guard doubts (the trap field filled, or sent faster than a person types) held for review: no lead, no mail to staff, counted; staff move it to the inbox', async () => {
      await ctx.app.jobs.drain();
      const before = await rows();
      const trapped = await send({ ...VALID, email: 'bot1@spam.com', website: 'http://spam.example' });
      expect(trapped.statusCode).toBe(201);
      expect(trapped.json().message).toBe(AUDIENCE_SUCCESS_MESSAGES.MESSAGE_SENT);
      const fast = await send({ ...VALID, email: 'rapida@cliente.com.br', subject: 'Rápida', elapsed_ms: 400 });
      expect(fast.statusCode).toBe(201);
      await ctx.app.jobs.drain();
      expect(await rows()).toEqual({ ...before, messages: before.messages + 2 });

      // Out of the inbox's filters (and its unread badge), in 'suspected' with the reason.
      expect((await listed(editor.token)).items.map((m) => m.subject)).not.toContain('Rápida');
      const held = await listed(editor.token, { filter: 'suspected' });
      expect(held.items.map((m) => [m.subject, (m as unknown as { suspected: string }).suspected])).toEqual([
        ['Rápida', 'too-fast'],
        [VALID.subject, 'honeypot'],
      ]);
      const counts = (await ctx.call('GET', '/api/message/messages-count', { token: editor.token })).json().data;
      expect(counts.suspected).toBe(2);
      const guard = (await ctx.call('GET', '/api/message/spam-guard', { token: editor.token })).json().data;
      expect(guard.days).toBe(30);
      expect(guard.counts).toEqual(
        expect.arrayContaining([
          { form: 'contact', reason: 'honeypot', count: 1 },
          { form: 'contact', reason: 'too-fast', count: 1 },
          { form: 'newsletter', reason: 'honeypot', count: 0 },
        ]),
      );
      expect((await ctx.call('GET', '/api/message/spam-guard', { token: writer.token })).statusCode).toBe(403);

      // Staff's review: no spam. It joins the inbox with its contact lead; a second time there is nothing held.
      const quick = held.items[0] as { id: number; unique_key: string };
      const moved = await ctx.call('PUT', `/api/message/message-not-spam/${quick.id}/${quick.unique_key}`, { token: editor.token });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().data).toMatchObject({ suspected: null });
      expect((await listed(editor.token)).items.map((m) => m.subject)).toContain('Rápida');
      expect(await ctx.db.query("SELECT email FROM leads WHERE module = 'contact' AND email = 'rapida@cliente.com.br'")).toHaveLength(1);
      expect((await ctx.call('PUT', `/api/message/message-not-spam/${quick.id}/${quick.unique_key}`, { token: editor.token })).statusCode).toBe(404);
      expect((await listed(editor.token, { filter: 'suspected' })).total).toBe(1);
    });

    it('refuses a blacklisted email with a neutral answer and keeps nothing', async () => {
      await ctx.db.query("INSERT INTO email_suppressions (email, reason) VALUES ('bloqueado@cliente.com.br', 'blacklisted')");
      const before = await rows();
      const res = await send({ ...VALID, email: 'Bloqueado@Cliente.com.br' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'SUBMISSION_REFUSED', message: expect.not.stringMatching(/black|bloque/i) });
      expect(await rows()).toEqual(before);
    });

    it('limits messages per email (whatever the address) and per client address, with Retry-After', async () => {
      const email = 'insistente@cliente.com.br';
      for (let i = 0; i < 3; i += 1) expect((await send({ ...VALID, email })).statusCode).toBe(201);
      const over = await send({ ...VALID, email });
      expect(over.statusCode).toBe(429);
      expect(over.json().code).toBe('RATE_LIMITED');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

      const ip = '10.78.0.1';
      for (let i = 0; i < 5; i += 1) expect((await send({ ...VALID, email: `pessoa${i}@cliente.com.br` }, ip)).statusCode).toBe(201);
      const tooMany = await send({ ...VALID, email: 'pessoa9@cliente.com.br' }, ip);
      expect(tooMany.statusCode).toBe(429);
      expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('leaves no half-written lead when saving the message fails', async () => {
      await ctx.db.exec("ALTER TABLE messages ADD CONSTRAINT test_no_boom CHECK (subject <> 'boom')");
      try {
        const before = await rows();
        const res = await send({ ...VALID, email: 'meio@cliente.com.br', subject: 'boom' });
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
        expect(await rows()).toEqual(before);
        expect(await ctx.db.query("SELECT id FROM leads WHERE email = 'meio@cliente.com.br'")).toEqual([]);
      } finally {
        await ctx.db.exec('ALTER TABLE messages DROP CONSTRAINT test_no_boom');
      }
    });
  });

  describe('the inbox (route message-received)', () => {
    let first: { id: number; unique_key: string };

    beforeAll(async () => {
      await send({ ...VALID, email: 'caixa1@cliente.com.br', subject: 'Caixa um' });
      await send({ ...VALID, email: 'caixa2@cliente.com.br', subject: 'Caixa dois', message: 'Texto   com\n\nespaços ' + 'longo '.repeat(60) });
      const page = await listed(editor.token, { search: 'Caixa um' });
      first = page.items[0] as { id: number; unique_key: string };
    });

    it('is for staff whose roles list message-received', async () => {
      expect((await ctx.call('POST', '/api/message/messages-list', { body: {} })).statusCode).toBe(401);
      const denied = await ctx.call('POST', '/api/message/messages-list', { token: writer.token, body: {} });
      expect(denied.statusCode).toBe(403);
      expect((await ctx.call('GET', '/api/message/messages-count', { token: writer.token })).statusCode).toBe(403);
    });

    it('lists newest first with a one-line preview, searches, and counts unread', async () => {
      const all = await listed(editor.token);
      expect(all.items[0]?.subject).toBe('Caixa dois');
      expect(all.items[0]?.preview).toMatch(/^Texto com espaços longo/);
      expect(all.items[0]?.preview.length).toBeLessThanOrEqual(140);
      expect((await listed(editor.token, { search: 'caixa2@' })).items.map((m) => m.subject)).toEqual(['Caixa dois']);
      const counts = (await ctx.call('GET', '/api/message/messages-count', { token: editor.token })).json().data;
      expect(counts.unread).toBe(all.total);
      expect(counts).toMatchObject({ active: all.total, archived: 0 });
    });

    it('opening marks it read (by whom) and shows the whole text; it can be marked unread again', async () => {
      const opened = await ctx.call('POST', `/api/message/message-open/${first.id}/${first.unique_key}`, { token: editor.token });
      expect(opened.statusCode).toBe(200);
      expect(opened.json().data).toMatchObject({ subject: 'Caixa um', message: VALID.message, read: true, replies: [] });
      const [row] = await ctx.db.query<{ read_by: number }>('SELECT read_by FROM messages WHERE id = $1', [first.id]);
      expect(row?.read_by).toBe(editor.id);
      expect((await listed(editor.token, { filter: 'read' })).items.map((m) => m.id)).toContain(first.id);
      expect((await listed(editor.token, { filter: 'unread' })).items.map((m) => m.id)).not.toContain(first.id);

      const unread = await ctx.call('PUT', `/api/message/message-read/${first.id}/${first.unique_key}`, { token: editor.token, body: { read: false } });
      expect(unread.json().data.read).toBe(false);
      expect((await listed(editor.token, { filter: 'unread' })).items.map((m) => m.id)).toContain(first.id);
    });

    it('a wrong key is a 404, whatever the call', async () => {
      const url = `/api/message/message-open/${first.id}/nope`;
      expect((await ctx.call('POST', url, { token: editor.token })).statusCode).toBe(404);
      expect((await ctx.call('DELETE', `/api/message/message/${first.id}/nope`, { token: editor.token })).statusCode).toBe(404);
      expect((await ctx.call('POST', `/api/message/message-reply/${first.id}/nope`, { token: editor.token, body: { body: 'Oi' } })).statusCode).toBe(404);
    });

    it('a reply goes out by email to the sender and stays in the thread', async () => {
      const before = await ctx.count('outbox');
      const res = await ctx.call('POST', `/api/message/message-reply/${first.id}/${first.unique_key}`, {
        token: editor.token,
        body: { body: 'Olá, Joana!\nSegue o orçamento.' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: AUDIENCE_SUCCESS_MESSAGES.REPLY_SENT, data: { body: 'Olá, Joana!\nSegue o orçamento.', author: { id: editor.id }, delivery: 'stored' } });
      expect(await ctx.count('outbox')).toBe(before + 1);
      const [mail] = await ctx.db.query<{ to_address: string; subject: string; text_body: string; html_body: string }>(
        'SELECT to_address, subject, text_body, html_body FROM outbox ORDER BY id DESC LIMIT 1',
      );
      expect(mail).toMatchObject({ to_address: 'caixa1@cliente.com.br', subject: 'Re: Caixa um' });
      expect(mail?.text_body).toContain('Segue o orçamento.');
      expect(mail?.text_body).toContain('> Gostaria de um orçamento.');
      expect(mail?.html_body).toContain('Olá, Joana!<br>Segue o orçamento.');
      const thread = (await ctx.call('POST', `/api/message/message-open/${first.id}/${first.unique_key}`, { token: editor.token })).json().data;
      expect(thread.replies).toHaveLength(1);
      expect((await listed(editor.token, { search: 'Caixa um' })).items[0]?.replies).toBe(1);

      const blank = await ctx.call('POST', `/api/message/message-reply/${first.id}/${first.unique_key}`, { token: editor.token, body: { body: '  ' } });
      expect(blank.statusCode).toBe(400);
    });

    it('archives, brings back and deletes', async () => {
      const url = (action: string) => `/api/message/${action}/${first.id}/${first.unique_key}`;
      const archived = await ctx.call('PUT', url('message-archive'), { token: editor.token, body: { archived: true } });
      expect(archived.json()).toMatchObject({ data: { archived: true }, message: AUDIENCE_SUCCESS_MESSAGES.MESSAGE_ARCHIVED });
      expect((await listed(editor.token)).items.map((m) => m.id)).not.toContain(first.id);
      expect((await listed(editor.token, { filter: 'archived' })).items.map((m) => m.id)).toEqual([first.id]);
      const back = await ctx.call('PUT', url('message-archive'), { token: editor.token, body: { archived: false } });
      expect(back.json()).toMatchObject({ data: { archived: false }, message: AUDIENCE_SUCCESS_MESSAGES.MESSAGE_UNARCHIVED });

      const deleted = await ctx.call('DELETE', url('message'), { token: editor.token });
      expect(deleted.json()).toEqual({ message: AUDIENCE_SUCCESS_MESSAGES.MESSAGE_DELETED });
      expect(await ctx.db.query('SELECT id FROM message_replies WHERE message_id = $1', [first.id])).toEqual([]);
      expect((await ctx.call('POST', url('message-open'), { token: editor.token })).statusCode).toBe(404);
    });
  });
});
