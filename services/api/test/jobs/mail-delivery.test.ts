import { MAIL_QUEUE } from '../../src/mail/mailer';
import { readOutbox } from '../../src/repositories/outbox';
import { BACKENDS, setupApp, testConfig, type TestContext } from '../helpers';
import { startTestSmtp, type TestSmtp } from '../smtp-server';

/** Mail through the job engine to a real SMTP server in this process (docs/decisions/job-engine.md). */
describe.each(BACKENDS)('mail delivery through the job engine (%s)', (backend) => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await setupApp(backend, { config: testConfig({ smtpUrl: smtp.url }) });
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    smtp.mode = 'accept';
    await smtp.start().catch(() => undefined);
  });

  /** A recovery request: the route enqueues the mail and answers without waiting for SMTP. */
  async function requestRecovery(): Promise<{ email: string; outboxId: string }> {
    const user = await ctx.staff(['dashboard']);
    const res = await ctx.call('POST', '/api/auth/recover-password', { body: { email: user.email } });
    expect(res.statusCode).toBe(200);
    const [mail] = await readOutbox(ctx.db, user.email);
    if (!mail) throw new Error('no outbox row');
    return { email: user.email, outboxId: mail.id };
  }

  async function outboxRow(email: string) {
    const [row] = await readOutbox(ctx.db, email);
    if (!row) throw new Error(`no outbox row for ${email}`);
    return row;
  }

  async function delivered(email: string): Promise<number> {
    return smtp.mails.filter((m) => m.to.includes(email)).length;
  }

  it('enqueues in the request and delivers from the worker; the outbox records it sent', async () => {
    const { email } = await requestRecovery();
    const queued = await outboxRow(email);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, sent_at: null });
    expect(await delivered(email)).toBe(0);

    expect(await ctx.app.jobs.drain()).toBe(1);
    const mail = smtp.mails.find((m) => m.to.includes(email));
    expect(mail?.raw).toContain('Subject: =?UTF-8?Q?Vitrine=3A_redefini');
    expect(mail?.raw).toContain(`To: ${email}`);
    expect(mail?.raw).toContain('/reset-password/');
    expect(mail?.from).toBe('no-reply@vitrine.local');
    expect(await outboxRow(email)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect((await outboxRow(email)).sent_at).toBeInstanceOf(Date);
    // Delivered once: nothing is left to run.
    expect(await ctx.app.jobs.drain({ ignoreDelays: true })).toBe(0);
    expect(await delivered(email)).toBe(1);
  });

  it('keeps the mail queued while SMTP is down and delivers it on a retry once SMTP is back', async () => {
    await smtp.stop();
    const { email } = await requestRecovery();
    expect(await ctx.app.jobs.drain()).toBe(1);
    const waiting = await outboxRow(email);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
    // The retry waits for its backoff (30 s and more): nothing is due right now.
    expect(await ctx.app.jobs.drain()).toBe(0);

    await smtp.start();
    expect(await ctx.app.jobs.drain({ ignoreDelays: true })).toBe(1);
    expect(await outboxRow(email)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await delivered(email)).toBe(1);
  });

  it('records a permanent refusal (5xx) as failed at once, without retrying, and lists it for staff', async () => {
    smtp.mode = 'permanent-failure';
    const { email, outboxId } = await requestRecovery();
    expect(await ctx.app.jobs.drain()).toBe(1);
    const row = await outboxRow(email);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toContain('550');
    expect(row.failed_at).toBeInstanceOf(Date);
    expect(await ctx.app.jobs.drain({ ignoreDelays: true })).toBe(0);

    const res = await ctx.call('GET', '/api/mail/outbox?status=failed', { token: ctx.admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { items: Array<Record<string, unknown>>; total: number; page: number; limit: number } };
    expect(body.data).toMatchObject({ page: 1, limit: 20 });
    expect(body.data.items.every((item) => item.status === 'failed')).toBe(true);
    const listed = body.data.items.find((item) => item.id === outboxId);
    expect(listed).toMatchObject({ to: email, status: 'failed', attempts: 1, sent_at: null });
    expect(String(listed?.last_error)).toContain('550');
    // Bodies carry codes and links: never listed.
    expect(listed).not.toHaveProperty('text_body');
    expect(listed).not.toHaveProperty('html_body');
  });

  it('retries a temporary refusal (4xx) with backoff and marks the mail failed when the retries run out', async () => {
    smtp.mode = 'temporary-failure';
    const { email } = await requestRecovery();
    expect(await ctx.app.jobs.drain()).toBe(1);
    expect(await outboxRow(email)).toMatchObject({ status: 'queued', attempts: 1 });
    // The remaining 8 retries, without waiting for their delays.
    expect(await ctx.app.jobs.drain({ ignoreDelays: true })).toBe(8);
    const row = await outboxRow(email);
    expect(row).toMatchObject({ status: 'failed', attempts: 9 });
    expect(row.last_error).toContain('451');
    expect(await delivered(email)).toBe(0);
  });

  it('lists the outbox to the settings access only, and refuses an unknown status with the envelope', async () => {
    const outsider = await ctx.staff(['dashboard']);
    const settings = await ctx.staff(['settings']);
    expect((await ctx.call('GET', '/api/mail/outbox')).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/mail/outbox', { token: outsider.token })).statusCode).toBe(403);
    const ok = await ctx.call('GET', '/api/mail/outbox?limit=2&page=1', { token: settings.token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.items.length).toBeLessThanOrEqual(2);
    expect(ok.json().data.total).toBeGreaterThanOrEqual(4);
    const bad = await ctx.call('GET', '/api/mail/outbox?status=lost', { token: settings.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: true, statusCode: 400 });
  });

  it('has one delivery queue with the documented retry policy', async () => {
    const queue = await ctx.app.jobs.boss.getQueue(MAIL_QUEUE);
    expect(queue).toMatchObject({ retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
  });
});

describe.each(BACKENDS)('mail without SMTP_URL (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  it('stores the mail as not sent by design and enqueues nothing', async () => {
    const user = await ctx.staff(['dashboard']);
    await ctx.call('POST', '/api/auth/recover-password', { body: { email: user.email } });
    expect((await readOutbox(ctx.db, user.email))[0]).toMatchObject({ status: 'stored', attempts: 0, sent_at: null });
    expect(await ctx.app.jobs.drain({ ignoreDelays: true })).toBe(0);
  });
});
