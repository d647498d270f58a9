import { NEWSLETTER_SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { readOutbox } from '../../src/repositories/outbox';
import { BACKENDS, PUBLIC_URL, setupApp, type TestContext } from '../helpers';

let address = 0;
const nextAddress = () => `10.88.${(address >> 8) & 255}.${(address += 1) & 255}`;

/** Newsletter subscriptions: double opt-in, already registered, unsubscribe with a reason, one-click, coming back. */
describe.each(BACKENDS)('newsletter subscriptions (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  const subscribe = (email: string, extra: object = {}) =>
    ctx.call('POST', '/api/public/newsletter', { body: { email, elapsed_ms: 5000, ...extra }, remoteAddress: nextAddress() });

  /** The confirmation link of the newest mail to `email`, as a path. */
  async function confirmationPath(email: string): Promise<string> {
    const [mail] = await readOutbox(ctx.db, email);
    const link = mail?.text_body.match(/https?:\/\/\S+\/api\/public\/newsletter\/confirm\/\S+/)?.[0];
    if (!link) throw new Error(`no confirmation link mailed to ${email}`);
    return link.replace(PUBLIC_URL, '');
  }

  const lead = async (email: string) =>
    (
      await ctx.db.query<{ id: number; unique_key: string; newsletter_status: string | null; confirmed_at: Date | null; unsubscribe_reason: string | null; unsubscribe_details: string | null }>(
        "SELECT id::int AS id, unique_key, newsletter_status, confirmed_at, unsubscribe_reason, unsubscribe_details FROM leads WHERE module = 'newsletter' AND lower(email) = lower($1)",
        [email],
      )
    )[0];

  it('double opt-in: nothing is active until the single-use link is opened', async () => {
    const email = 'leitora@cliente.com.br';
    const res = await subscribe(email, { name: 'Leitora' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: NEWSLETTER_SUCCESS_MESSAGES.CONFIRMATION_SENT });
    expect(await lead(email)).toMatchObject({ newsletter_status: null, confirmed_at: null });
    const [mail] = await readOutbox(ctx.db, email);
    expect(mail?.subject).toContain('confirme sua inscrição');

    const path = await confirmationPath(email);
    const row = await lead(email);
    const subscription = `/api/public/newsletter/subscription/${row?.id}/${row?.unique_key}`;
    expect((await ctx.call('GET', subscription)).json().data).toEqual({ email: 'le•••@cliente.com.br', state: 'pending' });

    const opened = await ctx.call('GET', path);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe-newsletter/${row?.unique_key}/${row?.id}?status=confirmed`);
    expect(await lead(email)).toMatchObject({ newsletter_status: 'active', confirmed_at: expect.any(Date) });
    expect((await ctx.call('GET', subscription)).json().data.state).toBe('active');

    // Spent: the same link again is invalid.
    const again = await ctx.call('GET', path);
    expect(again.headers.location).toBe('/unsubscribe-newsletter?status=invalid');
  });

  it("answers 'Email already registered' for an active subscriber, and mails nobody", async () => {
    const email = 'ativa@cliente.com.br';
    await subscribe(email);
    await ctx.call('GET', await confirmationPath(email));
    const before = (await readOutbox(ctx.db, email)).length;
    const res = await subscribe(email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED', message: 'Email already registered' });
    expect((await readOutbox(ctx.db, email)).length).toBe(before);
  });

  it('unsubscribes with a reason; subscribing again is active after confirming, with the spec message', async () => {
    const email = 'volta@cliente.com.br';
    await subscribe(email);
    await ctx.call('GET', await confirmationPath(email));
    const row = await lead(email);
    const unsubscribed = await ctx.call('POST', `/api/public/newsletter/unsubscribe/${row?.id}/${row?.unique_key}`, {
      body: { reason: 'too-frequent', details: '  Muitos e-mails  ' },
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json().message).toBe(NEWSLETTER_SUCCESS_MESSAGES.UNSUBSCRIBED);
    expect(await lead(email)).toMatchObject({ newsletter_status: 'cancelled', unsubscribe_reason: 'too-frequent', unsubscribe_details: 'Muitos e-mails' });

    const bad = await ctx.call('POST', `/api/public/newsletter/unsubscribe/${row?.id}/${row?.unique_key}`, { body: { reason: 'bored' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].property).toBe('reason');

    // From the unsubscribe page: a new link; the subscriber stays cancelled until it is opened.
    const again = await ctx.call('POST', `/api/public/newsletter/resubscribe/${row?.id}/${row?.unique_key}`, { remoteAddress: nextAddress() });
    expect(again.statusCode).toBe(202);
    expect((await lead(email))?.newsletter_status).toBe('cancelled');
    const opened = await ctx.call('GET', await confirmationPath(email));
    expect(opened.headers.location).toBe(`/unsubscribe-newsletter/${row?.unique_key}/${row?.id}?status=reactivated`);
    expect(await lead(email)).toMatchObject({ newsletter_status: 'active', unsubscribe_reason: null });
    expect(NEWSLETTER_SUCCESS_MESSAGES.REACTIVATED).toBe('Email already registered. Status updated to active.');
  });

  it('one-click unsubscribe (RFC 8058) works as a form post without a page', async () => {
    const email = 'umclique@cliente.com.br';
    await subscribe(email);
    await ctx.call('GET', await confirmationPath(email));
    const row = await lead(email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/newsletter/one-click/${row?.id}/${row?.unique_key}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await lead(email)).toMatchObject({ newsletter_status: 'cancelled', unsubscribe_reason: 'one-click' });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/newsletter/one-click/${row?.id}/not-the-key`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('refuses a blacklisted email, mails a sign-up the spam guard doubts like any (counted) and limits confirmation mails per address', async () => {
    await ctx.db.query("INSERT INTO email_suppressions (email, reason) VALUES ('lista-negra@cliente.com.br', 'blacklisted')");
    const refused = await subscribe('lista-negra@cliente.com.br');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SUBMISSION_REFUSED');

    // A doubt (trap field filled, sent faster than a person fills the form in) drops nothing: the double opt-in's
    // link is what stops robots, and a quick person (an autofilled address) gets the mail the page promised.
    const before = await ctx.count('leads');
    expect((await subscribe('robo@spam.com', { website: 'x' })).statusCode).toBe(202);
    expect((await subscribe('rapida@cliente.com.br', { elapsed_ms: 100 })).statusCode).toBe(202);
    expect(await ctx.count('leads')).toBe(before + 2);
    expect(await readOutbox(ctx.db, 'robo@spam.com')).toHaveLength(1);
    expect(await readOutbox(ctx.db, 'rapida@cliente.com.br')).toHaveLength(1);
    const doubts = await ctx.db.query<{ reason: string; count: number }>("SELECT reason, count FROM spam_guard_counts WHERE form = 'newsletter' ORDER BY reason");
    expect(doubts).toEqual([
      { reason: 'honeypot', count: 1 },
      { reason: 'too-fast', count: 1 },
    ]);

    const email = 'insiste@cliente.com.br';
    for (let i = 0; i < 3; i += 1) expect((await subscribe(email)).statusCode).toBe(202);
    const over = await subscribe(email);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await readOutbox(ctx.db, email)).toHaveLength(3);
  });

  it('an expired or made-up confirmation link changes nothing', async () => {
    const email = 'expira@cliente.com.br';
    await subscribe(email);
    const path = await confirmationPath(email);
    await ctx.db.query("UPDATE leads SET confirm_expires_at = now() - interval '1 minute' WHERE lower(email) = $1", [email]);
    expect((await ctx.call('GET', path)).headers.location).toBe('/unsubscribe-newsletter?status=invalid');
    expect((await ctx.call('GET', path.replace(/[^/]+$/, 'made-up-token'))).headers.location).toBe('/unsubscribe-newsletter?status=invalid');
    expect((await lead(email))?.confirmed_at).toBeNull();
  });
});
