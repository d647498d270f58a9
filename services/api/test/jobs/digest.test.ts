import * as digests from '../../src/repositories/digests';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { BACKENDS, PUBLIC_URL, setupApp, testConfig, type TestContext } from '../helpers';
import { startTestSmtp, type TestSmtp } from '../smtp-server';
import { addSubscriber, busiestSecond, dueNow, VirtualClock } from '../digest-helpers';

/** A header of a raw mail (folded lines joined). */
function header(raw: string, name: string): string | undefined {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  return unfolded.split(/\r?\n/).find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim();
}

/** The weekly digest against a real SMTP server, on a clock the test moves (docs/decisions/audience.md). */
describe.each(BACKENDS)('the weekly digest (%s)', (backend) => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let subscribers: Record<string, { id: number; unique_key: string }>;
  const clock = new VirtualClock();
  /** Statements that took a mail's turn (the pace, the claim and the subscriber's check in one). */
  let turns = 0;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await setupApp(backend, {
      config: testConfig({ smtpUrl: smtp.url }),
      digest: { retrySeconds: 30, clock },
      wrapDb: (db) => ({
        ...db,
        transaction: (fn) =>
          db.transaction((tx) =>
            fn({
              ...tx,
              query: (sql, params) => {
                if (sql.includes('WITH lease AS')) turns += 1;
                return tx.query(sql, params);
              },
            }),
          ),
      }),
    });
    subscribers = {
      ana: await addSubscriber(ctx, 'ana@leitores.com.br'),
      bia: await addSubscriber(ctx, 'bia@leitores.com.br'),
      caio: await addSubscriber(ctx, 'caio@leitores.com.br'),
      pendente: await addSubscriber(ctx, 'pendente@leitores.com.br', 'pending'),
      saiu: await addSubscriber(ctx, 'saiu@leitores.com.br', 'cancelled'),
      bloqueado: await addSubscriber(ctx, 'bloqueado@leitores.com.br', 'suppressed'),
    };
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await smtp.stop();
  });

  it('is due from the send day and hour, in the settings’ time zone, for a day', async () => {
    await digests.saveSettings(ctx.db, { day: 1, hour: 9, timeZone: 'America/Sao_Paulo', ratePerSecond: 10 });
    // Monday 23 November 2026: 08:59 and 09:00 in São Paulo (UTC−3).
    expect(await ctx.app.services.digest.tick(new Date('2026-11-23T11:59:00Z'))).toMatchObject({ week: '2026-W48', outcome: 'not-due' });
    // Sunday evening: last Monday's send time is six days gone (a server installed mid-week mails nobody at once).
    const sunday = await ctx.app.services.digest.tick(new Date('2026-11-22T23:00:00Z'));
    expect(sunday).toMatchObject({ week: '2026-W47', outcome: 'not-due' });
    expect(await ctx.count('digest_sends')).toBe(0);
    // A server down at 09:00 catches up within a day: Tuesday 09:00 is too late.
    expect((await ctx.app.services.digest.tick(new Date('2026-11-24T12:00:00Z'))).outcome).toBe('not-due');
  });

  it('sends the week’s articles once to every active, confirmed subscriber, with one-click unsubscribe', async () => {
    const category = await createCategory(ctx);
    const image = await imageId(ctx);
    await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { title: 'Novidades da semana no blog', status: 'published' });
    await createArticle(ctx, { image_id: image, category_ids: [category.id] }, { title: 'Segundo artigo publicado', status: 'published' });
    await dueNow(ctx);
    clock.catchUp();

    const tick = await ctx.app.services.digest.tick();
    expect(tick).toMatchObject({ outcome: 'queued', recipients: 3 });
    // A second tick (another replica, the next five minutes) finds the week taken.
    expect((await ctx.app.services.digest.tick()).outcome).toBe('taken');

    expect(await ctx.app.services.digest.sendRun(tick.sendId as number)).toMatchObject({ sent: 3, done: true });
    const recipients = smtp.mails.flatMap((m) => m.to).sort();
    expect(recipients).toEqual(['ana@leitores.com.br', 'bia@leitores.com.br', 'caio@leitores.com.br']);

    const mail = smtp.mails.find((m) => m.to.includes('ana@leitores.com.br'));
    const raw = mail?.raw ?? '';
    const ana = subscribers.ana as { id: number; unique_key: string };
    expect(header(raw, 'List-Unsubscribe')).toBe(`<${PUBLIC_URL}/api/public/newsletter/one-click/${ana.id}/${ana.unique_key}>`);
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(raw, 'Message-ID')).toMatch(/^<digest-\d+-\d+@vitrine\.test>$/);
    expect(raw).toContain('multipart/alternative');
    expect(raw.replace(/=\r?\n/g, '')).toContain(`${PUBLIC_URL}/unsubscribe-newsletter/${ana.unique_key}/${ana.id}`);
    expect(raw.replace(/=\r?\n/g, '')).toContain('Novidades da semana no blog');

    const [send] = await digests.listSends(ctx.db, 1);
    expect(send).toMatchObject({ status: 'done', total: 3, sent: 3, failed: 0, queued: 0, articles: 2, states: expect.objectContaining({ sent: 3, queued: 0, skipped: 0 }) });

    // Nothing is sent twice: more looks and runs find nothing to do.
    await ctx.app.services.digest.tick();
    await ctx.app.services.digest.scan();
    await ctx.app.services.digest.idle();
    expect(smtp.mails).toHaveLength(3);
  });

  it('a week without new articles sends nothing and says so', async () => {
    const before = smtp.mails.length;
    // Same weekday next week: due again, nothing published since the last digest.
    const nextWeek = new Date(clock.now() + 7 * 86_400_000);
    const tick = await ctx.app.services.digest.tick(nextWeek);
    expect(tick.outcome).toBe('empty');
    await ctx.app.services.digest.scan();
    await ctx.app.services.digest.idle();
    expect(smtp.mails.length).toBe(before);
    const [send] = await digests.listSends(ctx.db, 1);
    expect(send).toMatchObject({ week: tick.week, status: 'empty', total: 0 });
  });

  describe('SMTP failures, the pace and a stopped sender', () => {
    /** A fresh week with one new article and the given subscribers, taken now. */
    async function freshWeek(emails: string[], ratePerSecond = 50): Promise<number> {
      await ctx.db.query("UPDATE leads SET newsletter_status = 'cancelled' WHERE module = 'newsletter'");
      for (const email of emails) await addSubscriber(ctx, email);
      await ctx.db.exec('DELETE FROM digest_sends');
      const category = await createCategory(ctx);
      await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { status: 'published' });
      await dueNow(ctx, ratePerSecond);
      clock.catchUp();
      const tick = await ctx.app.services.digest.tick();
      if (tick.outcome !== 'queued' || tick.sendId === undefined) throw new Error(`digest not queued: ${tick.outcome}`);
      return tick.sendId;
    }

    const stateOf = async (sendId: number) =>
      ctx.db.query<{ email: string; status: string; attempts: number; last_error: string | null; skip_reason: string | null }>(
        'SELECT email, status, attempts, last_error, skip_reason FROM digest_deliveries WHERE send_id = $1 ORDER BY id',
        [sendId],
      );

    it('a permanent refusal is recorded as bounced with the server’s answer; a transient one is deferred, visible with its answer, and tried again when due', async () => {
      smtp.mails.length = 0;
      const sendId = await freshWeek(['recusa@leitores.com.br']);
      smtp.mode = 'permanent-failure';
      expect(await ctx.app.services.digest.sendRun(sendId)).toMatchObject({ bounced: 1, done: true });
      expect(await stateOf(sendId)).toEqual([{ email: 'recusa@leitores.com.br', status: 'bounced', attempts: 1, last_error: expect.stringContaining('550'), skip_reason: null }]);
      // The older list of a week's failures still holds it (the failures are the failed and bounced deliveries).
      const listed = await ctx.call('GET', `/api/newsletter/digests/${sendId}/failures`, { token: ctx.admin.token });
      expect(listed.json().data[0].last_error).toContain('no such mailbox');
      const bounced = await ctx.call('GET', `/api/newsletter/digests/${sendId}/deliveries?status=bounced`, { token: ctx.admin.token });
      expect(bounced.json().data).toMatchObject({ total: 1, items: [{ email: 'recusa@leitores.com.br', status: 'bounced', last_error: expect.stringContaining('550') }] });

      const later = await freshWeek(['tarde@leitores.com.br']);
      smtp.mode = 'temporary-failure';
      const first = await ctx.app.services.digest.sendRun(later);
      expect(first).toMatchObject({ deferred: 1, done: false });
      // Tried again 30 s after the refusal (the run's clock has moved on by its last turn's wait since).
      expect(first.nextDueAt?.getTime()).toBeGreaterThan(clock.now());
      expect(first.nextDueAt?.getTime()).toBeLessThanOrEqual(clock.now() + 30_000);
      // While it waits, staff see it deferred with the server's answer and when it is tried again.
      const waiting = await ctx.call('GET', `/api/newsletter/digests/${later}/deliveries?status=deferred`, { token: ctx.admin.token });
      expect(waiting.json().data.items).toEqual([
        expect.objectContaining({ email: 'tarde@leitores.com.br', status: 'deferred', attempts: 1, last_error: expect.stringContaining('451'), next_attempt_at: expect.any(String) }),
      ]);
      smtp.mode = 'accept';
      // Not due yet: a run now sends nothing, and a look at the sends starts none.
      expect(await ctx.app.services.digest.sendRun(later)).toMatchObject({ sent: 0, done: false });
      clock.advance(30_000);
      expect(await ctx.app.services.digest.sendRun(later)).toMatchObject({ sent: 1, done: true });
      expect(await stateOf(later)).toEqual([{ email: 'tarde@leitores.com.br', status: 'sent', attempts: 2, last_error: null, skip_reason: null }]);
      expect(smtp.mails.filter((m) => m.to.includes('tarde@leitores.com.br'))).toHaveLength(1);
    });

    it('holds the rate in every one-second window, from the first mail to the last, across a run stopped and another started', async () => {
      smtp.mode = 'accept';
      const emails = Array.from({ length: 10 }, (_, i) => `ritmo${i}@leitores.com.br`);
      const sendId = await freshWeek(emails, 3);
      const handedOver: number[] = [];
      const digest = ctx.app.services.digest;
      let stopped: Promise<void> = Promise.resolve();
      const original = ctx.app.mailer.transmit.bind(ctx.app.mailer);
      const transmit = jest.spyOn(ctx.app.mailer, 'transmit').mockImplementation((message, messageId) => {
        handedOver.push(clock.now());
        // After the fourth mail the sender stops (its process shuts down); the next run starts where the pace is.
        if (handedOver.length === 4) stopped = digest.stopSending();
        return original(message, messageId);
      });
      try {
        const first = await digest.sendRun(sendId);
        expect(first).toMatchObject({ sent: 4, done: false });
        await stopped;
        digest.startSending();
        await digest.scan();
        await digest.idle();
      } finally {
        transmit.mockRestore();
      }
      expect(handedOver).toHaveLength(10);
      // At most 3 in any second: the hand-overs to SMTP, and each mail's turn as recorded with it in the database.
      expect(busiestSecond(handedOver)).toBe(3);
      const turns = await ctx.db.query<{ t: number }>('SELECT (extract(epoch FROM claimed_at) * 1000)::float8 AS t FROM digest_deliveries WHERE send_id = $1', [sendId]);
      expect(busiestSecond(turns.map((r) => r.t))).toBe(3);
      expect(smtp.mails.filter((m) => m.to.some((to) => to.startsWith('ritmo'))).length).toBe(10);
      expect((await digests.listSends(ctx.db, 1))[0]).toMatchObject({ id: sendId, status: 'done', sent: 10 });
      await digest.stopSending();
    });

    it('a delivery claimed by a process that stopped is sent once its lease has run out, by the next look: nobody twice, nobody skipped, no run in between', async () => {
      smtp.mode = 'accept';
      smtp.mails.length = 0;
      const sendId = await freshWeek(['morto@leitores.com.br', 'vivo@leitores.com.br']);
      // The stopped process held a lease and claimed the first delivery, then said nothing more.
      const lease = ctx.app.services.digest.tuning.leaseSeconds * 1000;
      await digests.lease(ctx.db, 'stopped-process', new Date(clock.now() + lease));
      expect(await digests.claimNext(ctx.db, { sendId, senderId: 'stopped-process', now: new Date(clock.now()), rate: 1000 })).toMatchObject({ kind: 'claimed' });
      clock.advance(1);

      expect(await ctx.app.services.digest.sendRun(sendId)).toMatchObject({ sent: 1, done: false });
      expect(smtp.mails.flatMap((m) => m.to)).toEqual(['vivo@leitores.com.br']);
      // Only the stopped process's claim is left: a look starts no run, however often it looks (no busy loop).
      const before = turns;
      for (let i = 0; i < 5; i += 1) await ctx.app.services.digest.scan();
      await ctx.app.services.digest.idle();
      expect(turns).toBe(before);

      // Its lease runs out: the next look takes the claim back and sends it.
      clock.advance(lease);
      await ctx.app.services.digest.scan();
      await ctx.app.services.digest.idle();
      expect(smtp.mails.flatMap((m) => m.to).sort()).toEqual(['morto@leitores.com.br', 'vivo@leitores.com.br']);
      expect((await digests.listSends(ctx.db, 1))[0]).toMatchObject({ id: sendId, status: 'done', sent: 2, queued: 0 });
    });
  });

  describe('the admin (route list-leads)', () => {
    it('previews the next digest, sends a test to oneself, changes the schedule and filters a week’s deliveries by state', async () => {
      const editor = await ctx.staff(['site_editor']);
      const writer = await ctx.staff(['article_management']);
      expect((await ctx.call('GET', '/api/newsletter/digests', { token: writer.token })).statusCode).toBe(403);

      const preview = await ctx.call('GET', '/api/newsletter/digest-preview', { token: editor.token });
      expect(preview.statusCode).toBe(200);
      expect(preview.json().data).toMatchObject({ subject: expect.any(String), html: expect.stringContaining('<!doctype html>'), recipients: expect.any(Number) });

      const test = await ctx.call('POST', '/api/newsletter/digest-test', { token: editor.token });
      expect(test.statusCode).toBe(200);
      await ctx.app.jobs.drain();
      expect(smtp.mails.some((m) => m.to.includes(editor.email.toLowerCase()))).toBe(true);

      const bad = await ctx.call('PUT', '/api/newsletter/settings', { token: editor.token, body: { day: 1, hour: 9, timeZone: 'Mars/Olympus', ratePerSecond: 10 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].property).toBe('timeZone');
      const saved = await ctx.call('PUT', '/api/newsletter/settings', { token: editor.token, body: { day: 5, hour: 18, timeZone: 'America/Manaus', ratePerSecond: 20 } });
      expect(saved.statusCode).toBe(200);
      expect((await ctx.call('GET', '/api/newsletter/settings', { token: editor.token })).json().data).toEqual({ day: 5, hour: 18, timeZone: 'America/Manaus', ratePerSecond: 20 });

      const sends = await ctx.call('GET', '/api/newsletter/digests', { token: editor.token });
      const [latest] = sends.json().data;
      expect(latest).toMatchObject({ status: 'done', states: { queued: 0, sending: 0, sent: 2, stored: 0, deferred: 0, failed: 0, bounced: 0, skipped: 0 } });
      const all = await ctx.call('GET', `/api/newsletter/digests/${latest.id}/deliveries?limit=1`, { token: editor.token });
      expect(all.json().data).toMatchObject({ total: 2, page: 1, limit: 1, items: [{ email: 'morto@leitores.com.br', status: 'sent', skip_reason: null, sent_at: expect.any(String) }] });
      const none = await ctx.call('GET', `/api/newsletter/digests/${latest.id}/deliveries?status=skipped`, { token: editor.token });
      expect(none.json().data).toMatchObject({ total: 0, items: [] });
      const unknown = await ctx.call('GET', `/api/newsletter/digests/${latest.id}/deliveries?status=lost`, { token: editor.token });
      expect(unknown.statusCode).toBe(400);
      expect((await ctx.call('GET', '/api/newsletter/digests/999999/deliveries', { token: editor.token })).statusCode).toBe(404);
      expect((await ctx.call('GET', `/api/newsletter/digests/${latest.id}/deliveries`, { token: writer.token })).statusCode).toBe(403);
    });
  });
});
