import * as digests from '../../src/repositories/digests';
import { readOutbox } from '../../src/repositories/outbox';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { BACKENDS, PUBLIC_URL, setupApp, testConfig, type TestContext } from '../helpers';
import { startTestSmtp, type TestSmtp } from '../smtp-server';
import { addSubscriber, dueNow, VirtualClock } from '../digest-helpers';

let address = 0;
const nextAddress = () => `10.91.${(address >> 8) & 255}.${(address += 1) & 255}`;

/**
 * Bounced addresses (docs/decisions/audience.md, "Bounced addresses"): a permanent refusal at a real SMTP server, of
 * a digest or of any outbox mail, marks the address bounced on its leads; it gets no more digests; staff see the mark
 * and clear it (audit-logged); the subscriber gets mail again only once they confirm a new sign-up.
 */
describe.each(BACKENDS)('bounced addresses (%s)', (backend) => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  const clock = new VirtualClock();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await setupApp(backend, { config: testConfig({ smtpUrl: smtp.url }), digest: { clock } });
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await smtp.stop();
  });

  const leadOf = async (email: string, module = 'newsletter') =>
    (
      await ctx.db.query<{ id: number; unique_key: string; bounced_at: Date | null; bounce_reason: string | null; confirmed_at: Date | null; newsletter_status: string | null }>(
        'SELECT id::int AS id, unique_key, bounced_at, bounce_reason, confirmed_at, newsletter_status FROM leads WHERE module = $2 AND lower(email) = lower($1)',
        [email, module],
      )
    )[0];

  /** A new week with one article, taken now: its send id. */
  async function takeWeek(): Promise<number> {
    await ctx.db.exec('DELETE FROM digest_sends');
    const category = await createCategory(ctx);
    await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { status: 'published' });
    await dueNow(ctx, 50);
    clock.catchUp();
    const tick = await ctx.app.services.digest.tick();
    if (tick.outcome !== 'queued' || tick.sendId === undefined) throw new Error(`digest not queued: ${tick.outcome}`);
    return tick.sendId;
  }

  const recipientsOf = async (sendId: number) =>
    (await ctx.db.query<{ email: string }>('SELECT email FROM digest_deliveries WHERE send_id = $1 ORDER BY email', [sendId])).map((r) => r.email);

  it('a digest refused for good marks the address bounced; the next week leaves it out', async () => {
    await addSubscriber(ctx, 'caixa-morta@leitores.com.br');
    await addSubscriber(ctx, 'caixa-viva@leitores.com.br');
    await ctx.db.query("INSERT INTO leads (unique_key, module, email) VALUES ('contato-morto', 'contact', 'Caixa-Morta@leitores.com.br')");
    const sendId = await takeWeek();
    // The server refuses one address (550), accepts the other.
    const transmit = ctx.app.mailer.transmit.bind(ctx.app.mailer);
    const spy = jest.spyOn(ctx.app.mailer, 'transmit').mockImplementation(async (message, messageId) => {
      smtp.mode = message.to === 'caixa-morta@leitores.com.br' ? 'permanent-failure' : 'accept';
      return transmit(message, messageId);
    });
    try {
      expect(await ctx.app.services.digest.sendRun(sendId)).toMatchObject({ sent: 1, bounced: 1, done: true });
    } finally {
      spy.mockRestore();
      smtp.mode = 'accept';
    }
    expect(await leadOf('caixa-morta@leitores.com.br')).toMatchObject({ bounced_at: expect.any(Date), bounce_reason: expect.stringContaining('550') });
    // The mark is the address's: its contact lead carries it too.
    expect(await leadOf('caixa-morta@leitores.com.br', 'contact')).toMatchObject({ bounced_at: expect.any(Date) });
    expect(await leadOf('caixa-viva@leitores.com.br')).toMatchObject({ bounced_at: null });

    const next = await takeWeek();
    expect(await recipientsOf(next)).toEqual(['caixa-viva@leitores.com.br']);
    expect(await digests.recipientCount(ctx.db)).toBe(1);
  });

  it('any outbox mail refused for good (a confirmation) marks the address bounced too', async () => {
    smtp.mode = 'permanent-failure';
    try {
      const res = await ctx.call('POST', '/api/public/newsletter', { body: { email: 'nunca-existiu@leitores.com.br', elapsed_ms: 5000 }, remoteAddress: nextAddress() });
      expect(res.statusCode).toBe(202);
      await ctx.app.jobs.drain();
    } finally {
      smtp.mode = 'accept';
    }
    const [mail] = await readOutbox(ctx.db, 'nunca-existiu@leitores.com.br');
    expect(mail).toMatchObject({ status: 'failed', last_error: expect.stringContaining('550') });
    expect(await leadOf('nunca-existiu@leitores.com.br')).toMatchObject({ bounced_at: expect.any(Date), bounce_reason: expect.stringContaining('no such mailbox') });
  });

  it("staff see the mark and clear it (the leads' access only, audit-logged); the subscriber gets mail again once they confirm a new sign-up", async () => {
    const dead = await leadOf('caixa-morta@leitores.com.br');
    if (!dead) throw new Error('no lead');
    const listed = await ctx.call('POST', '/api/lead/leads-list', { token: ctx.admin.token, body: { module: 'newsletter', search: 'caixa-morta' } });
    expect(listed.json().data.items[0]).toMatchObject({ email: 'caixa-morta@leitores.com.br', bounced_at: expect.any(String), bounce_reason: expect.stringContaining('550') });
    // The subscription page offers to confirm again: a bounced subscription is pending.
    expect((await ctx.call('GET', `/api/public/newsletter/subscription/${dead.id}/${dead.unique_key}`)).json().data.state).toBe('pending');

    const writer = await ctx.staff(['article_management']);
    const clearPath = `/api/lead/lead-bounce-clear/${dead.id}/${dead.unique_key}`;
    expect((await ctx.call('POST', clearPath, { token: writer.token })).statusCode).toBe(403);
    expect((await ctx.call('POST', `/api/lead/lead-bounce-clear/${dead.id}/not-the-key`, { token: ctx.admin.token })).statusCode).toBe(404);

    const sent = smtp.mails.length;
    const cleared = await ctx.call('POST', clearPath, { token: ctx.admin.token });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ data: { bounced_at: null, bounce_reason: null, confirmed: false }, message: expect.stringContaining('confirm') });
    expect(await leadOf('caixa-morta@leitores.com.br', 'contact')).toMatchObject({ bounced_at: null });
    // Clearing sends nothing and does not make them a recipient: they confirm first.
    await ctx.app.jobs.drain();
    expect(smtp.mails.length).toBe(sent);
    expect(await digests.recipientCount(ctx.db)).toBe(1);
    // Said twice: nothing more changes.
    expect((await ctx.call('POST', clearPath, { token: ctx.admin.token })).statusCode).toBe(200);

    const log = await ctx.call('GET', `/api/audit/audit-log?record_type=lead&record_id=${dead.id}`, { token: ctx.admin.token });
    const entry = (log.json().data.items as { actor_id: number; action: string; changes: Record<string, unknown> }[]).find((e) => 'bounced_at' in e.changes);
    expect(entry).toMatchObject({ actor_id: ctx.admin.id, action: 'update', changes: { bounced_at: [expect.any(String), null], bounce_reason: [expect.stringContaining('550'), null] } });

    // A new sign-up goes through double opt-in: a confirmation mail, then the link makes them a recipient again.
    const again = await ctx.call('POST', '/api/public/newsletter', { body: { email: 'caixa-morta@leitores.com.br', elapsed_ms: 5000 }, remoteAddress: nextAddress() });
    expect(again.statusCode).toBe(202);
    await ctx.app.jobs.drain();
    const [confirmation] = await readOutbox(ctx.db, 'caixa-morta@leitores.com.br');
    const link = confirmation?.text_body.match(/https?:\/\/\S+\/api\/public\/newsletter\/confirm\/\S+/)?.[0];
    expect((await ctx.call('GET', (link as string).replace(PUBLIC_URL, ''))).statusCode).toBe(303);
    expect(await leadOf('caixa-morta@leitores.com.br')).toMatchObject({ bounced_at: null, confirmed_at: expect.any(Date), newsletter_status: 'active' });
    expect(await digests.recipientCount(ctx.db)).toBe(2);
  });

  it('a bounced subscriber who signs up again without staff is not told they are registered: the confirmation clears the mark', async () => {
    expect(await leadOf('nunca-existiu@leitores.com.br')).toMatchObject({ bounced_at: expect.any(Date) });
    // Made active by hand (as if a confirmation had come through before the bounce).
    await ctx.db.query("UPDATE leads SET confirmed_at = now(), newsletter_status = 'active' WHERE lower(email) = 'nunca-existiu@leitores.com.br'");
    expect(await digests.recipientCount(ctx.db)).toBe(2);
    const again = await ctx.call('POST', '/api/public/newsletter', { body: { email: 'nunca-existiu@leitores.com.br', elapsed_ms: 5000 }, remoteAddress: nextAddress() });
    expect(again.statusCode).toBe(202);
    await ctx.app.jobs.drain();
    const [confirmation] = await readOutbox(ctx.db, 'nunca-existiu@leitores.com.br');
    const link = confirmation?.text_body.match(/https?:\/\/\S+\/api\/public\/newsletter\/confirm\/\S+/)?.[0];
    await ctx.call('GET', (link as string).replace(PUBLIC_URL, ''));
    expect(await leadOf('nunca-existiu@leitores.com.br')).toMatchObject({ bounced_at: null, bounce_reason: null });
    expect(await digests.recipientCount(ctx.db)).toBe(3);
  });
});
