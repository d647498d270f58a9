import path from 'node:path';
import { buildApp } from '../../src/app';
import { createPostgresDb } from '../../src/db/postgres';
import * as digests from '../../src/repositories/digests';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { setupApp, testConfig, type TestContext } from '../helpers';
import { startReplica as start, stopAllReplicas, stopReplica, until } from '../replica-process';
import { startTestSmtp, type TestSmtp } from '../smtp-server';
import { addSubscriber, dueNow } from '../digest-helpers';

/**
 * The digest across real API processes on one PostgreSQL (skipped without TEST_DATABASE_URL): every
 * subscriber gets the week's digest exactly once with two processes sharing the send, and when the process
 * sending it is killed in the middle of an SMTP conversation (another process resumes once its lease has run out).
 */
const url = process.env.TEST_DATABASE_URL;
const describePg = url ? describe : describe.skip;
const REPLICA = path.join(__dirname, 'digest-replica.ts');
const SUBSCRIBERS = 24;

describePg('the weekly digest across API processes (postgres)', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let schema: string;
  const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `leitor${String(i).padStart(2, '0')}@replicas.com.br`);

  const startReplica = () => start(REPLICA, { REPLICA_DB_URL: url, REPLICA_SCHEMA: schema, REPLICA_SMTP_URL: smtp.url });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await setupApp('postgres', { config: testConfig({ smtpUrl: smtp.url }) });
    schema = ctx.app.config.jobsSchema;
    for (const email of emails) await addSubscriber(ctx, email);
  }, 60_000);
  afterAll(async () => {
    await stopAllReplicas();
    await ctx.close();
    await smtp.stop();
  });

  /** Takes a new week with one new article, at `rate` mails a second. */
  async function newWeek(rate: number): Promise<number> {
    await ctx.db.exec('DELETE FROM digest_sends');
    const category = await createCategory(ctx);
    await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { status: 'published' });
    await dueNow(ctx, rate);
    const tick = await ctx.app.services.digest.tick();
    if (tick.outcome !== 'queued' || tick.sendId === undefined) throw new Error(`digest not queued: ${tick.outcome}`);
    return tick.sendId;
  }

  /** How many accepted mails each recipient got. */
  function perRecipient(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const mail of smtp.mails) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    return counts;
  }

  const sendStatus = async (sendId: number) => (await digests.listSends(ctx.db, 5)).find((s) => s.id === sendId);

  it('takes the week once when two processes tick together, and sends each subscriber one copy while both send', async () => {
    // Two apps of their own on the same schema tick at the same moment: one takes the week.
    const other = await buildApp({ config: testConfig({ jobsSchema: schema, smtpUrl: smtp.url }), logger: false, db: createPostgresDb({ connectionString: url as string, schema, max: 2 }) });
    await other.ready();
    await ctx.db.exec('DELETE FROM digest_sends');
    const category = await createCategory(ctx);
    await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { status: 'published' });
    await dueNow(ctx, 4);
    const ticks = await Promise.all([ctx.app.services.digest.tick(), other.services.digest.tick()]);
    await other.close();
    expect(ticks.map((t) => t.outcome).sort()).toEqual(['queued', 'taken']);
    const sendId = ticks.find((t) => t.sendId !== undefined)?.sendId as number;

    // Both processes join the send (each looks for sends as it starts, and every second): they share it.
    smtp.mails.length = 0;
    const replicas = await Promise.all([startReplica(), startReplica()]);
    await until(() => sendStatus(sendId), (s) => s?.status === 'done');
    const counts = perRecipient();
    expect([...counts.keys()].sort()).toEqual(emails);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(await sendStatus(sendId)).toMatchObject({ total: SUBSCRIBERS, sent: SUBSCRIBERS, failed: 0, queued: 0 });
    await Promise.all(replicas.map((r) => stopReplica(r)));
  }, 120_000);

  it('resumes after the sending process is killed mid-send: nobody twice, nobody skipped', async () => {
    smtp.mails.length = 0;
    const sendId = await newWeek(3);
    // It delivers five, then the server stops answering: it is killed in the middle of an SMTP conversation. (Holding
    // from the test once five had arrived raced the sender: a run could send the rest between two polls.)
    smtp.holdAfter = 5;
    const doomed = await startReplica();
    await until(async () => smtp.held, (n) => n >= 1);
    await stopReplica(doomed, 'SIGKILL');
    smtp.holdAfter = undefined;
    const before = smtp.mails.length;
    expect(before).toBeLessThan(SUBSCRIBERS);
    const [inFlight] = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM digest_deliveries WHERE send_id = $1 AND status = 'sending'", [sendId]);
    expect(inFlight?.n).toBeGreaterThan(0);

    // Another process takes the killed one's claims back once its lease has run out, and sends the rest.
    const survivor = await startReplica();
    await until(() => sendStatus(sendId), (s) => s?.status === 'done');
    const counts = perRecipient();
    expect([...counts.keys()].sort()).toEqual(emails);
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    const records = await ctx.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM digest_deliveries WHERE send_id = $1 GROUP BY status', [sendId]);
    expect(records).toEqual([{ status: 'sent', n: SUBSCRIBERS }]);
    await stopReplica(survivor);
  }, 240_000);
});
