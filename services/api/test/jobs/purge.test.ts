import { PURGE_CRON, PURGE_QUEUE } from '../../src/jobs/purge';
import { BACKENDS, setupApp, type TestContext } from '../helpers';

/** The hourly purge job deletes exactly what has outlived its use (numbers in docs/decisions/job-engine.md). */
describe.each(BACKENDS)('scheduled purge of expired rows (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupApp(backend);
  }, 60_000);
  afterAll(() => ctx.close());

  async function labels(sql: string): Promise<string[]> {
    return (await ctx.db.query<{ label: string }>(sql)).map((r) => r.label).sort();
  }

  it('is scheduled hourly (UTC) on the singleton purge queue', async () => {
    const schedules = await ctx.app.jobs.boss.getSchedules();
    expect(schedules.find((s) => s.name === PURGE_QUEUE)).toMatchObject({ cron: PURGE_CRON, timezone: 'UTC' });
    expect(await ctx.app.jobs.boss.getQueue(PURGE_QUEUE)).toMatchObject({ policy: 'singleton' });
  });

  it('deletes expired or revoked sessions, used or expired codes and links, old attempts, old mail and salts — and nothing else', async () => {
    const user = (await ctx.staff(['dashboard'])).id;
    const ago = (interval: string) => `now() - interval '${interval}'`;
    const ahead = (interval: string) => `now() + interval '${interval}'`;
    await ctx.db.exec(`
      INSERT INTO sessions (token_hash, user_id, expires_at, revoked_at) VALUES
        ('keep-live', ${user}, ${ahead('1 day')}, NULL),
        ('keep-expired-6d', ${user}, ${ago('6 days')}, NULL),
        ('drop-expired-8d', ${user}, ${ago('8 days')}, NULL),
        ('keep-revoked-1d', ${user}, ${ahead('1 day')}, ${ago('1 day')}),
        ('drop-revoked-8d', ${user}, ${ahead('20 days')}, ${ago('8 days')});
      INSERT INTO verification_codes (user_id, code_hash, expires_at, used_at) VALUES
        (${user}, 'keep-open', ${ahead('10 minutes')}, NULL),
        (${user}, 'keep-expired-2h', ${ago('2 hours')}, NULL),
        (${user}, 'drop-expired-25h', ${ago('25 hours')}, NULL),
        (${user}, 'drop-used-25h', ${ahead('10 minutes')}, ${ago('25 hours')});
      INSERT INTO password_resets (unique_key, user_id, expires_at, used_at) VALUES
        ('keep-open', ${user}, ${ahead('1 hour')}, NULL),
        ('keep-used-1h', ${user}, ${ahead('1 hour')}, ${ago('1 hour')}),
        ('drop-expired-25h', ${user}, ${ago('25 hours')}, NULL),
        ('drop-used-25h', ${user}, ${ahead('1 hour')}, ${ago('25 hours')});
      INSERT INTO login_attempts (email, ip, created_at) VALUES
        ('keep-1h', '10.0.0.9', ${ago('1 hour')}),
        ('drop-25h', '10.0.0.9', ${ago('25 hours')});
      INSERT INTO outbox (to_address, subject, text_body, html_body, status, created_at) VALUES
        ('keep-sent-29d', 's', 't', 'h', 'sent', ${ago('29 days')}),
        ('drop-sent-31d', 's', 't', 'h', 'sent', ${ago('31 days')}),
        ('drop-stored-31d', 's', 't', 'h', 'stored', ${ago('31 days')}),
        ('keep-failed-31d', 's', 't', 'h', 'failed', ${ago('31 days')}),
        ('drop-failed-91d', 's', 't', 'h', 'failed', ${ago('91 days')}),
        ('keep-queued-1h', 's', 't', 'h', 'queued', ${ago('1 hour')}),
        ('keep-queued-25h', 's', 't', 'h', 'queued', ${ago('25 hours')});
      INSERT INTO webhook_endpoints (id, unique_key, url, events, secret) VALUES (900, 'purge', 'https://tool.example/h', '{lead.created}', 'whsec_x');
      INSERT INTO webhook_deliveries (endpoint_id, webhook_id, event, record_key, body, status, created_at) VALUES
        (900, 'keep-delivered-29d', 'lead.created', 'lead:1', '{}', 'delivered', ${ago('29 days')}),
        (900, 'drop-delivered-31d', 'lead.created', 'lead:1', '{}', 'delivered', ${ago('31 days')}),
        (900, 'keep-failed-31d', 'lead.created', 'lead:1', '{}', 'failed', ${ago('31 days')}),
        (900, 'drop-failed-91d', 'lead.created', 'lead:1', '{}', 'failed', ${ago('91 days')}),
        (900, 'keep-pending-91d', 'lead.created', 'lead:1', '{}', 'pending', ${ago('91 days')});
      INSERT INTO read_salts (day, salt) VALUES
        ((now() AT TIME ZONE 'UTC')::date, 'keep-today'),
        ((now() AT TIME ZONE 'UTC')::date - 1, 'keep-yesterday'),
        ((now() AT TIME ZONE 'UTC')::date - 2, 'drop-2-days');
    `);

    const jobId = await ctx.app.jobs.send(PURGE_QUEUE, {});
    expect(await ctx.app.jobs.drain()).toBe(1);
    const job = await ctx.app.jobs.boss.getJobById(PURGE_QUEUE, jobId ?? '');
    expect(job).toMatchObject({ state: 'completed' });
    expect(job?.output).toEqual({
      sessions: 2,
      verificationCodes: 2,
      passwordResets: 2,
      loginAttempts: 1,
      outboxAbandoned: 1,
      outbox: 3,
      readDedup: 0,
      readSalts: 1,
      webhookDeliveries: 2,
    });
    expect(await labels('SELECT webhook_id AS label FROM webhook_deliveries')).toEqual(['keep-delivered-29d', 'keep-failed-31d', 'keep-pending-91d']);

    expect(await labels("SELECT token_hash AS label FROM sessions WHERE token_hash LIKE 'keep-%' OR token_hash LIKE 'drop-%'")).toEqual([
      'keep-expired-6d',
      'keep-live',
      'keep-revoked-1d',
    ]);
    expect(await labels('SELECT code_hash AS label FROM verification_codes')).toEqual(['keep-expired-2h', 'keep-open']);
    expect(await labels('SELECT unique_key AS label FROM password_resets')).toEqual(['keep-open', 'keep-used-1h']);
    expect(await labels('SELECT email AS label FROM login_attempts')).toEqual(['keep-1h']);
    expect(await labels('SELECT salt AS label FROM read_salts')).toEqual(['keep-today', 'keep-yesterday']);
    expect(await ctx.db.query('SELECT to_address, status, last_error FROM outbox ORDER BY to_address')).toEqual([
      { to_address: 'keep-failed-31d', status: 'failed', last_error: null },
      // Still queued a day later: its delivery job was lost, so it is recorded as failed for staff to see.
      { to_address: 'keep-queued-1h', status: 'queued', last_error: null },
      { to_address: 'keep-queued-25h', status: 'failed', last_error: 'not delivered within 24 h' },
      { to_address: 'keep-sent-29d', status: 'sent', last_error: null },
    ]);

    // Nothing left to purge: a second run deletes nothing.
    const again = await ctx.app.jobs.send(PURGE_QUEUE, {});
    expect(await ctx.app.jobs.drain()).toBe(1);
    expect(Object.values((await ctx.app.jobs.boss.getJobById(PURGE_QUEUE, again ?? ''))?.output ?? {}).every((n) => n === 0)).toBe(true);
  });
});
