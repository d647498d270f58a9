import * as digests from '../../src/repositories/digests';
import { DIGEST_SEND_QUEUE } from '../../src/services/digest';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { BACKENDS, PUBLIC_URL, setupApp, testConfig, type TestContext } from '../helpers';
import { startTestSmtp, type TestSmtp } from '../smtp-server';
import { addSubscriber, dueNow } from '../digest-helpers';

/** A header of a raw mail (folded lines joined). */
function header(raw: string, name: string): string | undefined {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  return unfolded.split(/\r?\n/).find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim();
}

/** The weekly digest on the job engine against a real SMTP server (docs/decisions/audience.md). */
describe.each(BACKENDS)('the weekly digest (%s)', (backend) => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let subscribers: Record<string, { id: number; unique_key: string }>;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await setupApp(backend, { config: testConfig({ smtpUrl: smtp.url }), digest: { runSeconds: 20, retrySeconds: 30 } });
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

    const tick = await ctx.app.services.digest.tick();
    expect(tick).toMatchObject({ outcome: 'queued', recipients: 3 });
    // A second tick (another replica, the next five minutes) finds the week taken.
    expect((await ctx.app.services.digest.tick()).outcome).toBe('taken');

    await ctx.app.jobs.drain();
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
    expect(send).toMatchObject({ status: 'done', total: 3, sent: 3, failed: 0, queued: 0, articles: 2 });

    // Nothing is sent twice: more runs and ticks find nothing to do.
    await ctx.app.services.digest.tick();
    await ctx.app.jobs.drain({ ignoreDelays: true });
    expect(smtp.mails).toHaveLength(3);
  });

  it('a week without new articles sends nothing and says so', async () => {
    const before = smtp.mails.length;
    // Same weekday next week: due again, nothing published since the last digest.
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    const tick = await ctx.app.services.digest.tick(nextWeek);
    expect(tick.outcome).toBe('empty');
    await ctx.app.jobs.drain();
    expect(smtp.mails.length).toBe(before);
    const [send] = await digests.listSends(ctx.db, 1);
    expect(send).toMatchObject({ week: tick.week, status: 'empty', total: 0 });
  });

  describe('SMTP failures and the rate', () => {
    /** A fresh week with one new article and the given subscribers, taken now. */
    async function freshWeek(emails: string[], ratePerSecond = 50): Promise<number> {
      await ctx.db.query("UPDATE leads SET newsletter_status = 'cancelled' WHERE module = 'newsletter'");
      for (const email of emails) await addSubscriber(ctx, email);
      await ctx.db.exec('DELETE FROM digest_sends');
      const category = await createCategory(ctx);
      await createArticle(ctx, { image_id: await imageId(ctx), category_ids: [category.id] }, { status: 'published' });
      await dueNow(ctx, ratePerSecond);
      const tick = await ctx.app.services.digest.tick();
      if (tick.outcome !== 'queued' || tick.sendId === undefined) throw new Error(`digest not queued: ${tick.outcome}`);
      return tick.sendId;
    }

    it('records a permanent refusal with the server’s answer, retries a transient one later', async () => {
      smtp.mails.length = 0;
      const sendId = await freshWeek(['recusa@leitores.com.br']);
      smtp.mode = 'permanent-failure';
      const refused = await ctx.app.services.digest.sendRun(sendId);
      expect(refused).toMatchObject({ failed: 1, done: true });
      expect(await digests.failures(ctx.db, sendId)).toEqual([{ email: 'recusa@leitores.com.br', attempts: 1, last_error: expect.stringContaining('550') }]);
      const listed = await ctx.call('GET', `/api/newsletter/digests/${sendId}/failures`, { token: ctx.admin.token });
      expect(listed.json().data[0].last_error).toContain('no such mailbox');

      const later = await freshWeek(['tarde@leitores.com.br']);
      smtp.mode = 'temporary-failure';
      const first = await ctx.app.services.digest.sendRun(later);
      expect(first).toMatchObject({ retrying: 1, done: false });
      expect(first.nextInSeconds).toBeGreaterThan(0);
      smtp.mode = 'accept';
      // Not due yet: a run now sends nothing.
      expect(await ctx.app.services.digest.sendRun(later)).toMatchObject({ sent: 0, done: false });
      await ctx.db.query('UPDATE digest_deliveries SET next_attempt_at = now() WHERE send_id = $1', [later]);
      expect(await ctx.app.services.digest.sendRun(later)).toMatchObject({ sent: 1, done: true });
      const [row] = await ctx.db.query<{ status: string; attempts: number }>('SELECT status, attempts FROM digest_deliveries WHERE send_id = $1', [later]);
      expect(row).toEqual({ status: 'sent', attempts: 2 });
      expect(smtp.mails.filter((m) => m.to.includes('tarde@leitores.com.br'))).toHaveLength(1);
    });

    it('a send left by a process that died mid-run goes on at the next tick: once, nobody twice, nobody skipped', async () => {
      smtp.mode = 'accept';
      await ctx.app.jobs.drain({ ignoreDelays: true });
      smtp.mails.length = 0;
      const sendId = await freshWeek(['morto@leitores.com.br', 'vivo@leitores.com.br']);
      // The dying process took the week's job and claimed one delivery, then stopped (its job stays active until it expires).
      const [job] = await ctx.app.jobs.boss.fetch(DIGEST_SEND_QUEUE);
      expect(job).toBeDefined();
      await digests.markRunning(ctx.db, sendId);
      expect(await digests.claim(ctx.db, sendId, 1)).toHaveLength(1);
      // While its run could still be alive, nothing is queued again.
      expect(await ctx.app.services.digest.resumeStalled()).toEqual([]);

      // Silent for longer than a claim takes to go stale: the tick queues one run, and only one.
      const stale = ctx.app.services.digest.tuning.staleClaimSeconds + 1;
      await ctx.db.query('UPDATE digest_sends SET run_at = run_at - make_interval(secs => $2) WHERE id = $1', [sendId, stale]);
      await ctx.db.query('UPDATE digest_deliveries SET claimed_at = claimed_at - make_interval(secs => $2) WHERE send_id = $1', [sendId, stale]);
      await ctx.app.services.digest.tick();
      expect(await ctx.app.jobs.waiting(DIGEST_SEND_QUEUE, { sendId })).toBe(true);
      expect(await ctx.app.services.digest.resumeStalled()).toEqual([]);

      await ctx.app.jobs.drain();
      expect(smtp.mails.flatMap((m) => m.to).sort()).toEqual(['morto@leitores.com.br', 'vivo@leitores.com.br']);
      expect((await digests.listSends(ctx.db, 1))[0]).toMatchObject({ id: sendId, status: 'done', sent: 2, queued: 0 });
      // The dead run's job, failed over once it expires, finds the week done.
      await ctx.app.jobs.boss.fail(DIGEST_SEND_QUEUE, (job as { id: string }).id);
      await ctx.app.jobs.drain({ ignoreDelays: true });
      expect(smtp.mails).toHaveLength(2);
    });

    it('holds the configured rate: no more than that many mails start in any second', async () => {
      smtp.mode = 'accept';
      const emails = Array.from({ length: 7 }, (_, i) => `ritmo${i}@leitores.com.br`);
      const sendId = await freshWeek(emails, 3);
      expect(await ctx.app.services.digest.sendRun(sendId)).toMatchObject({ sent: 7, done: true });
      const times = (await ctx.db.query<{ t: number }>('SELECT (extract(epoch FROM sent_at) * 1000)::float8 AS t FROM digest_deliveries WHERE send_id = $1 ORDER BY sent_at', [sendId])).map(
        (r) => r.t,
      );
      // Mail i and mail i+3 are at least one rate window apart (a little slack for clock reads).
      for (let i = 0; i + 3 < times.length; i += 1) expect((times[i + 3] as number) - (times[i] as number)).toBeGreaterThanOrEqual(900);
    });
  });

  describe('the admin (route list-leads)', () => {
    it('previews the next digest, sends a test to oneself, and changes the schedule', async () => {
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
      expect(sends.json().data.length).toBeGreaterThan(0);
    });
  });
});
