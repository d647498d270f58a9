import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Db, Queryable } from '../../src/db';
import { createPostgresDb } from '../../src/db/postgres';
import * as digests from '../../src/repositories/digests';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { BACKENDS, BUILD_APP_MS, setupApp, testConfig, type Backend, type TestContext } from '../helpers';
import { startTestSmtp, type TestSmtp } from '../smtp-server';
import { addSubscriber, busiestSecond, dueNow, VirtualClock } from '../digest-helpers';

/** A database handle that can be cut off, as a process that dies loses its connections: every call then fails. */
function breakable(db: Db): Db & { cut: boolean } {
  const handle = {
    cut: false,
    kind: db.kind,
    check(): void {
      if (handle.cut) throw new Error('connection lost: the process is gone');
    },
    query: async <T,>(sql: string, params?: readonly unknown[]) => {
      handle.check();
      return db.query<T>(sql, params);
    },
    exec: async (sql: string) => {
      handle.check();
      return db.exec(sql);
    },
    transaction: async <T,>(fn: (tx: Queryable) => Promise<T>) => {
      handle.check();
      return db.transaction(fn);
    },
    // The database is the test's: closing an app leaves it open.
    close: async () => undefined,
  };
  return handle;
}

/**
 * Two app instances on one database, as two processes would be, sending the same week on one clock the test moves:
 * they share the work and the pace (any one-second window holds at most the rate), nobody gets two copies, and when
 * one stops abruptly mid-send the other takes its claim back once its lease has run out, at its next look.
 * A subscriber who leaves in the middle of a send gets nothing after the answer.
 */
describe.each(BACKENDS)('the digest shared by two instances (%s)', (backend: Backend) => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let other: FastifyInstance;
  let otherDb: Db & { cut: boolean };
  let ownPool: Db | undefined;
  const clock = new VirtualClock();
  /** Every hand-over to SMTP, by either instance, on the shared clock. */
  const handedOver: { at: number; by: 'first' | 'second'; to: string }[] = [];

  function record(app: FastifyInstance, by: 'first' | 'second', before?: (to: string) => Promise<void> | void) {
    const transmit = app.mailer.transmit.bind(app.mailer);
    return jest.spyOn(app.mailer, 'transmit').mockImplementation(async (message, messageId) => {
      handedOver.push({ at: clock.now(), by, to: message.to });
      await before?.(message.to);
      return transmit(message, messageId);
    });
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await setupApp(backend, { config: testConfig({ smtpUrl: smtp.url }), digest: { clock } });
    const schema = ctx.app.config.jobsSchema;
    ownPool = backend === 'postgres' ? createPostgresDb({ connectionString: process.env.TEST_DATABASE_URL as string, schema, max: 2 }) : undefined;
    otherDb = breakable(ownPool ?? ctx.db);
    other = await buildApp({ config: testConfig({ jobsSchema: schema, smtpUrl: smtp.url }), logger: false, db: otherDb, digest: { clock } });
    await other.ready();
  }, BUILD_APP_MS * 2);
  afterAll(async () => {
    otherDb.cut = false;
    await other.close();
    await ownPool?.close();
    await ctx.close();
    await smtp.stop();
  });
  afterEach(() => jest.restoreAllMocks());

  /** A new week with one new article and `count` new subscribers (the others leave), at `rate` a second. */
  async function newWeek(prefix: string, count: number, rate: number): Promise<{ sendId: number; emails: string[]; subscribers: { id: number; unique_key: string }[] }> {
    await ctx.db.query("UPDATE leads SET newsletter_status = 'cancelled' WHERE module = 'newsletter'");
    const emails = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(2, '0')}@leitores.com.br`);
    const subscribers = [];
    for (const email of emails) subscribers.push(await addSubscriber(ctx, email));
    await ctx.db.exec('DELETE FROM digest_sends');
    const category = await createCategory(ctx);
    await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { status: 'published' });
    await dueNow(ctx, rate);
    clock.catchUp();
    const tick = await ctx.app.services.digest.tick();
    if (tick.outcome !== 'queued' || tick.sendId === undefined) throw new Error(`digest not queued: ${tick.outcome}`);
    return { sendId: tick.sendId, emails, subscribers };
  }

  /** The instant each delivery of a send had its turn (the pace taken with its claim), in ms on the test's clock. */
  const turns = async (sendId: number) =>
    (await ctx.db.query<{ t: number }>('SELECT (extract(epoch FROM claimed_at) * 1000)::float8 AS t FROM digest_deliveries WHERE send_id = $1 AND claimed_at IS NOT NULL', [sendId])).map((r) => r.t);
  const received = (prefix: string) => smtp.mails.flatMap((m) => m.to).filter((to) => to.startsWith(prefix));
  const copies = (prefix: string) => {
    const counts = new Map<string, number>();
    for (const to of received(prefix)) counts.set(to, (counts.get(to) ?? 0) + 1);
    return counts;
  };

  it('share a send at 3 a second: every subscriber once, both sending, at most 3 hand-overs in any one-second window', async () => {
    const { sendId, emails } = await newWeek('par', 12, 3);
    handedOver.length = 0;
    record(ctx.app, 'first');
    record(other, 'second');
    const [a, b] = await Promise.all([ctx.app.services.digest.sendRun(sendId), other.services.digest.sendRun(sendId)]);
    expect(a.sent + b.sent).toBe(12);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    expect([...copies('par').keys()].sort()).toEqual(emails);
    expect([...copies('par').values()].every((n) => n === 1)).toBe(true);
    // Each mail's turn, taken in the database by one instance or the other, as recorded with the delivery; and each
    // hand-over to SMTP, however long after its turn it came (the clock moves while the other instance waits).
    expect(busiestSecond(await turns(sendId))).toBe(3);
    expect(busiestSecond(handedOver.map((h) => h.at))).toBe(3);
    expect((await digests.listSends(ctx.db, 1))[0]).toMatchObject({ id: sendId, status: 'done', sent: 12 });
  });

  it('one stopped abruptly mid-send: its claim waits for its lease, then the other takes it back at its next look and sends it once', async () => {
    const { sendId, emails } = await newWeek('queda', 9, 3);
    handedOver.length = 0;
    let release: (() => void) | undefined;
    // The second instance dies while handing over its first mail: its database is gone, that mail never accepted.
    jest.spyOn(other.mailer, 'transmit').mockImplementation(async () => {
      otherDb.cut = true;
      await new Promise<void>((resolve) => (release = resolve));
      throw Object.assign(new Error('connection closed'), { code: 'ECONNECTION' });
    });
    record(ctx.app, 'first');
    const survivor = ctx.app.services.digest;
    void other.services.digest.sendRun(sendId);
    const first = await survivor.sendRun(sendId);
    // The survivor sent every other mail; the dead instance's claim is left, and a look now does not take it back.
    expect(first.done).toBe(false);
    await survivor.scan();
    await survivor.idle();
    const stuck = await ctx.db.query<{ email: string }>("SELECT email FROM digest_deliveries WHERE send_id = $1 AND status = 'sending'", [sendId]);
    expect(stuck).toHaveLength(1);
    const claimed = stuck[0]?.email as string;
    expect(received('queda')).not.toContain(claimed);

    // Its lease runs out; the survivor's next look (its watcher, on the clock) takes the claim back and sends it.
    survivor.startSending();
    clock.advance((survivor.tuning.leaseSeconds + survivor.tuning.watchSeconds) * 1000);
    await survivor.scan();
    await survivor.idle();
    expect([...copies('queda').keys()].sort()).toEqual(emails);
    expect([...copies('queda').values()].every((n) => n === 1)).toBe(true);
    expect((await digests.listSends(ctx.db, 1))[0]).toMatchObject({ id: sendId, status: 'done', sent: 9, queued: 0 });
    await survivor.stopSending();
    release?.();
    otherDb.cut = false;
    await other.services.digest.idle();
  });

  it('a subscriber who leaves mid-send (the page, one-click, blacklisted by staff, bounced elsewhere) gets nothing after the answer', async () => {
    const { sendId, subscribers } = await newWeek('sai', 6, 3);
    const [, page, oneClick, blacklisted, bounced] = subscribers as { id: number; unique_key: string }[];
    if (!page || !oneClick || !blacklisted || !bounced) throw new Error('subscribers missing');
    const answers: number[] = [];
    // While the first mail is being handed over, four of the others leave; each answer is in before the next turn.
    record(ctx.app, 'first', async (to) => {
      if (to !== 'sai00@leitores.com.br') return;
      answers.push(
        (await ctx.call('POST', `/api/public/newsletter/unsubscribe/${page.id}/${page.unique_key}`, { body: { reason: 'too-frequent' }, remoteAddress: '10.92.0.1' })).statusCode,
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/public/newsletter/one-click/${oneClick.id}/${oneClick.unique_key}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'List-Unsubscribe=One-Click',
            remoteAddress: '10.92.0.2',
          })
        ).statusCode,
        (await ctx.call('PUT', `/api/lead/lead-status/${blacklisted.id}/${blacklisted.unique_key}`, { token: ctx.admin.token, body: { status: 'blackListed' } })).statusCode,
      );
      await ctx.db.query("UPDATE leads SET bounced_at = now(), bounce_reason = '550 5.1.1 no such mailbox' WHERE id = $1", [bounced.id]);
    });
    expect(await ctx.app.services.digest.sendRun(sendId)).toMatchObject({ sent: 2, skipped: 4, done: true });
    expect(answers).toEqual([200, 200, 200]);
    expect(received('sai').sort()).toEqual(['sai00@leitores.com.br', 'sai05@leitores.com.br']);
    const records = await ctx.db.query<{ email: string; status: string; skip_reason: string | null }>('SELECT email, status, skip_reason FROM digest_deliveries WHERE send_id = $1 ORDER BY id', [sendId]);
    expect(records).toEqual([
      { email: 'sai00@leitores.com.br', status: 'sent', skip_reason: null },
      { email: 'sai01@leitores.com.br', status: 'skipped', skip_reason: 'unsubscribed' },
      { email: 'sai02@leitores.com.br', status: 'skipped', skip_reason: 'unsubscribed' },
      { email: 'sai03@leitores.com.br', status: 'skipped', skip_reason: 'blacklisted' },
      { email: 'sai04@leitores.com.br', status: 'skipped', skip_reason: 'bounced' },
      { email: 'sai05@leitores.com.br', status: 'sent', skip_reason: null },
    ]);
    const skipped = await ctx.call('GET', `/api/newsletter/digests/${sendId}/deliveries?status=skipped`, { token: ctx.admin.token });
    expect(skipped.json().data.total).toBe(4);
  });
});
