import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '@vitrine/contracts';
import { mailIdentity } from './site-identity';
import { inLanguage } from './feeds';
import { DIGEST_UNSUBSCRIBE_PLACEHOLDER, digestMail, digestTestSubject, forSubscriber, type DigestItem, type DigestMail } from '../mail/templates';
import { mailLocale } from '../mail/texts';
import { randomUUID } from 'node:crypto';
import { describeSmtpError, isPermanentSmtpFailure, type MailMessage } from '../mail/mailer';
import { systemClock, type Clock } from '../lib/clock';
import * as digests from '../repositories/digests';
import * as leads from '../repositories/leads';
import type { DigestArticle, DigestSettings } from '../repositories/digests';
import type { ServiceDeps } from './context';

/**
 * The weekly digest (docs/decisions/audience.md, "The weekly digest"). A scheduler tick takes the week once
 * (unique week key), freezes the composed mail and queues one delivery per confirmed subscriber in the same
 * transaction. Every process with workers then sends it: each mail's turn is taken from the send's pace, kept in
 * the database (so the rate holds across processes), in the same statement that claims the next delivery and
 * checks its subscriber as they are at that moment. Claims belong to a sender whose lease the process renews; a
 * process that stops leaves claims that go back in the queue once its lease runs out, and any live process,
 * which looks for sends to join every `watchSeconds`, sends them.
 */
export const DIGEST_TICK_QUEUE = 'newsletter-tick';
/** The scheduler looks every five minutes whether this week's send time has come (UTC cron). */
export const DIGEST_TICK_CRON = '*/5 * * * *';
export const DIGEST_MAX_ARTICLES = 12;
/** Transient SMTP failures: retried after 30 s, 60 s, 120 s…; the fifth failure is final. */
export const DIGEST_MAX_ATTEMPTS = 5;

export interface DigestTuning {
  /** A sender's claims are its own while its lease lasts; the process renews it every third of this. */
  leaseSeconds: number;
  /** How often a process with workers looks for sends to join or to resume (a stopped process's). */
  watchSeconds: number;
  /** First retry delay of a transient SMTP failure (doubles per attempt). */
  retrySeconds: number;
  /** A claim made before senders held leases (an upgrade in the middle of a send) is taken back after this long. */
  legacyClaimSeconds: number;
  /** The sender's time: the process's clock; tests move their own. */
  clock: Clock;
}

export const DEFAULT_DIGEST_TUNING: DigestTuning = { leaseSeconds: 30, watchSeconds: 15, retrySeconds: 30, legacyClaimSeconds: 600, clock: systemClock };

/** What one sender did with a send until nothing was due any more (or it was stopped). */
export interface SendRunResult {
  sent: number;
  deferred: number;
  failed: number;
  bounced: number;
  skipped: number;
  /** Every delivery is final: the week is done. */
  done: boolean;
  /** When the next waiting delivery (a deferred retry) is due, when some are left. */
  nextDueAt: Date | null;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  hour: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The wall-clock date, weekday and hour of an instant in a time zone. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short', hour: 'numeric', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), weekday: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 1, hour: Number(parts.hour) };
}

/** ISO 8601 week of a calendar date: '2026-W48' (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** How long after its send time a week's digest still goes out (the server was down at the time). */
export const DIGEST_CATCH_UP_HOURS = 24;

/**
 * The week an instant belongs to in the settings' zone, and whether its digest is due: the send time has
 * come, less than a day ago (a server that was down catches up the same day; one installed mid-week does not
 * mail the week at once).
 */
export function dueWeek(now: Date, settings: DigestSettings): { week: string; due: boolean } {
  const local = localTime(now, settings.timeZone);
  // Days since Monday, for now and for the send day (cron's 0 = Sunday is the week's last day).
  const today = (local.weekday + 6) % 7;
  const sendDay = (settings.day + 6) % 7;
  const hoursSince = (today - sendDay) * 24 + (local.hour - settings.hour);
  return { week: isoWeek(local.year, local.month, local.day), due: hoursSince >= 0 && hoursSince < DIGEST_CATCH_UP_HOURS };
}

export type TickResult = { week: string; outcome: 'not-due' | 'taken' | 'empty' | 'queued'; recipients?: number; sendId?: number };

export class DigestService {
  readonly tuning: DigestTuning;
  /** This process's sender: its claims carry the id, its lease says it is alive. */
  private readonly senderId = randomUUID();
  /** The sends this process is sending now, one run each. */
  private readonly runs = new Map<number, Promise<SendRunResult>>();
  private leaseHolders = 0;
  /** Whether this process has held a lease (only then is there one to give up). */
  private leased = false;
  private stopRenewing: (() => void) | undefined;
  private stopWatching: (() => void) | undefined;
  private scanning: Promise<void> | undefined;
  private stopping = new AbortController();

  constructor(
    private readonly deps: ServiceDeps,
    tuning: Partial<DigestTuning> = {},
  ) {
    this.tuning = { ...DEFAULT_DIGEST_TUNING, ...tuning };
  }

  private get clock(): Clock {
    return this.tuning.clock;
  }

  private at(): Date {
    return new Date(this.clock.now());
  }

  settings(): Promise<DigestSettings> {
    return digests.settings(this.deps.db);
  }

  /** An article of the digest in `lang`: its texts as the reader's language shows them, the link to its page in it. */
  private articleItem(article: DigestArticle, lang: Locale): DigestItem {
    const base = this.deps.config.publicUrl;
    const widths = article.image_widths ?? [];
    const width = [...widths].reverse().find((w) => w <= 640) ?? widths[0];
    return {
      title: article.title,
      excerpt: article.excerpt,
      ...(article.lang !== lang ? { lang: article.lang } : {}),
      url: `${base}${inLanguage(`/post/${article.unique_key}/${article.id}`, lang)}`,
      image: article.image_id && width ? `${base}${this.deps.storage.url(article.image_id, width)}` : null,
      published: article.public_at,
    };
  }

  /**
   * The digest as it would go out now, in `locale` (pt-BR by default: the admin's preview): what the period since
   * the last one holds, and `render` to write the same digest in another language.
   */
  async compose(
    now = new Date(),
    week?: string,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<DigestMail & { articles: DigestArticle[]; periodStart: Date; periodEnd: Date; week: string; render: (locale: Locale) => DigestMail }> {
    const { db } = this.deps;
    const settings = await digests.settings(db);
    const periodStart = (await digests.lastPeriodEnd(db)) ?? new Date(now.getTime() - 7 * 86_400_000);
    // The same articles in every language, each as that language's readers see it (its translation, else the original).
    const byLanguage = new Map(
      await Promise.all(LOCALE_CODES.map(async (lang) => [lang, await digests.articlesBetween(db, periodStart, now, DIGEST_MAX_ARTICLES, lang)] as const)),
    );
    const articles = byLanguage.get(DEFAULT_LOCALE) ?? [];
    // The site's name and logo of its settings (docs/decisions/site-identity.md).
    const identity = await mailIdentity(this.deps, this.deps.config.publicUrl);
    const weekKey = week ?? dueWeek(now, settings).week;
    const items = (language: Locale) => (byLanguage.get(language) ?? articles).map((a) => this.articleItem(a, language));
    const render = (language: Locale) => digestMail(language, { ...identity, url: this.deps.config.publicUrl }, items(language), weekKey);
    return { ...render(locale), articles, periodStart, periodEnd: now, week: weekKey, render };
  }

  /**
   * The scheduler's tick: once this week's send time has come, takes the week (once across every replica and
   * restart), and either records it as empty (nothing was published) or queues its deliveries and its send job.
   */
  async tick(now = this.at()): Promise<TickResult> {
    const { db } = this.deps;
    const settings = await digests.settings(db);
    const { week, due } = dueWeek(now, settings);
    if (!due) return { week, outcome: 'not-due' };
    if (await digests.weekTaken(db, week)) return { week, outcome: 'taken' };
    const composed = await this.compose(now, week);
    const result = await db.transaction(async (tx): Promise<TickResult> => {
      const empty = composed.articles.length === 0;
      const sendId = await digests.takeWeek(tx, {
        week,
        status: empty ? 'empty' : 'sending',
        subject: composed.subject,
        html_body: empty ? '' : composed.html,
        text_body: empty ? '' : composed.text,
        // Every other language, frozen with it: each delivery goes out in its subscriber's.
        localized: empty ? {} : Object.fromEntries(LOCALE_CODES.filter((l) => l !== DEFAULT_LOCALE).map((l) => [l, composed.render(l)])),
        article_ids: composed.articles.map((a) => a.id),
        period_start: composed.periodStart,
        period_end: composed.periodEnd,
      });
      if (sendId === undefined) return { week, outcome: 'taken' };
      if (empty) return { week, outcome: 'empty', sendId };
      const recipients = await digests.queueRecipients(tx, sendId, now);
      return { week, outcome: 'queued', recipients, sendId };
    });
    // This process starts sending at once; the others join at their next look (watchSeconds).
    if (result.outcome === 'queued') this.wake();
    this.deps.log.info({ digest: result }, 'newsletter digest tick');
    return result;
  }

  /** One recipient's copy: in their language, their unsubscribe page in the text and the RFC 8058 one-click headers. */
  private personalise(send: digests.SendRow, delivery: digests.ClaimedDelivery): MailMessage {
    const mail = send.localized[mailLocale(delivery.locale)] ?? { subject: send.subject, html: send.html_body, text: send.text_body };
    return forSubscriber(mail, this.deps.config.publicUrl, { email: delivery.email, id: delivery.lead_id ?? 0, key: delivery.lead_key ?? '' });
  }

  /**
   * Starts this process's sender: it looks for sends to join now and every `watchSeconds` (a process with job
   * workers; the app calls it). Idempotent.
   */
  startSending(): void {
    if (this.stopWatching) return;
    this.stopWatching = this.clock.every(this.tuning.watchSeconds * 1000, () => this.wake());
    this.wake();
  }

  /**
   * Stops the sender: no new turn is taken; a mail being handed over finishes and is recorded (up to `timeoutMs`),
   * then the lease is given up so that nothing of this process is left to wait for.
   */
  async stopSending(timeoutMs = 10_000): Promise<void> {
    this.stopWatching?.();
    this.stopWatching = undefined;
    const stopping = this.stopping;
    stopping.abort();
    const runs = Promise.allSettled([...this.runs.values(), this.scanning]);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([runs.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))]);
    clearTimeout(timer);
    this.stopRenewing?.();
    this.stopRenewing = undefined;
    // A run still handing a mail over keeps its claim: the lease runs out and another process takes it back.
    if (finished && this.leased) await digests.dropLease(this.deps.db, this.senderId).catch((err: unknown) => this.deps.log.warn({ err }, 'newsletter digest: lease not given up'));
    // Stopped: a run started by hand from now on (sendRun) goes on again.
    if (this.stopping === stopping) this.stopping = new AbortController();
  }

  /** A sending process looks for sends to join now (after the week was taken; its watcher's timer). */
  wake(): void {
    if (this.stopWatching) void this.scan();
  }

  /**
   * One look at the sends under way: claims left by stopped processes go back in the queue, a send with nothing
   * left is finished, and a run starts for each send that has a delivery due and none running here.
   */
  scan(): Promise<void> {
    this.scanning ??= this.scanOnce()
      .catch((err: unknown) => this.deps.log.error({ err }, 'newsletter digest: looking for sends failed'))
      .finally(() => (this.scanning = undefined));
    return this.scanning;
  }

  private async scanOnce(): Promise<void> {
    const { db } = this.deps;
    for (const sendId of await digests.sendingSends(db)) {
      if (this.runs.has(sendId) || this.stopping.signal.aborted) continue;
      await this.releaseDead(sendId);
      const left = await digests.remaining(db, sendId, this.at());
      if (left.open === 0) await this.finish(sendId);
      else if (left.due > 0) void this.sendRun(sendId);
    }
  }

  /** Claims of processes whose lease has run out go back in the queue. */
  private async releaseDead(sendId: number): Promise<void> {
    const released = await digests.releaseDeadClaims(this.deps.db, sendId, this.at(), this.tuning.legacyClaimSeconds);
    if (released) this.deps.log.warn({ digest: { sendId, released } }, 'newsletter digest: deliveries claimed by a stopped process are queued again');
  }

  /** Resolves once every run this process has going has ended. */
  async idle(): Promise<void> {
    while (this.runs.size > 0 || this.scanning) await Promise.allSettled([...this.runs.values(), this.scanning]);
  }

  /**
   * This process's run of a send: mail after mail at the send's shared pace until nothing is due any more (the
   * send is finished, or what is left waits for a retry or for another process's hand-over), or the sender stops.
   * One run per send in a process: a second call answers the run under way. Never rejects.
   */
  sendRun(sendId: number): Promise<SendRunResult> {
    let run = this.runs.get(sendId);
    if (!run) {
      run = this.runOnce(sendId).finally(() => this.runs.delete(sendId));
      this.runs.set(sendId, run);
    }
    return run;
  }

  private async runOnce(sendId: number): Promise<SendRunResult> {
    const { db } = this.deps;
    const result: SendRunResult = { sent: 0, deferred: 0, failed: 0, bounced: 0, skipped: 0, done: false, nextDueAt: null };
    const signal = this.stopping.signal;
    this.holdLease();
    try {
      await this.renewLease();
      const send = await digests.findSend(db, sendId);
      if (!send || send.status !== 'sending') return { ...result, done: true };
      // A claim of this sender on this send is an earlier run's that ended without recording it (the database
      // failed): back in the queue, as a stopped process's would be.
      await digests.releaseOwnClaims(db, sendId, this.senderId);
      const host = new URL(this.deps.config.publicUrl).hostname || 'vitrine.local';
      let rate = 1;
      let rateReadAt = -Infinity;
      let releasedAt = this.clock.now();
      while (!signal.aborted) {
        const now = this.clock.now();
        // A long run takes back a stopped process's claims itself, as often as the watcher looks.
        if (now - releasedAt >= this.tuning.watchSeconds * 1000) {
          await this.releaseDead(sendId);
          releasedAt = now;
        }
        // The rate is read again every second: a change in the settings applies to the send under way.
        if (now - rateReadAt >= 1000) {
          rate = Math.max(1, Math.floor((await digests.settings(db)).ratePerSecond));
          rateReadAt = now;
        }
        const turn = await digests.claimNext(db, { sendId, senderId: this.senderId, now: new Date(now), rate });
        if (turn.kind === 'no-lease') await this.renewLease();
        else if (turn.kind === 'wait') await this.clock.sleep(Math.max(1, turn.waitMs), signal);
        else if (turn.kind === 'skipped') {
          result.skipped += 1;
          this.deps.log.info({ digest: { sendId, delivery: turn.id, reason: turn.reason } }, 'newsletter digest: skipped, the subscriber left before their turn');
        } else if (turn.kind === 'none') break;
        else await this.deliver(send, turn.delivery, host, result);
      }
      const left = await digests.remaining(db, sendId, this.at());
      if (left.open === 0) await this.finish(sendId, send.week);
      return { ...result, done: left.open === 0, nextDueAt: left.nextDueAt };
    } catch (err) {
      // The database or the mail server failed mid-run: the watcher starts a new run at its next look.
      this.deps.log.error({ err, digest: { sendId } }, 'newsletter digest: send run stopped');
      return result;
    } finally {
      this.releaseLease();
    }
  }

  /** Hands one claimed delivery to SMTP and records what became of it. */
  private async deliver(send: digests.SendRow, delivery: digests.ClaimedDelivery, host: string, result: SendRunResult): Promise<void> {
    const { db, mailer, log } = this.deps;
    let outcome: 'sent' | 'stored';
    try {
      // The same Message-ID for every attempt of this delivery: a copy resent after a crash reads as the same mail.
      outcome = await mailer.transmit(this.personalise(send, delivery), `<digest-${send.id}-${delivery.id}@${host}>`);
    } catch (err) {
      const error = describeSmtpError(err);
      const context = { sendId: send.id, delivery: delivery.id, to: delivery.email, attempt: delivery.attempts + 1, error };
      if (isPermanentSmtpFailure(err)) {
        // Refused for good: the address is marked bounced with the same answer (no more digests nor welcome mail).
        await db.transaction(async (tx) => {
          await digests.markFinalFailure(tx, delivery.id, this.senderId, 'bounced', error);
          await leads.markBounced(tx, delivery.email, error, this.at());
        });
        result.bounced += 1;
        log.warn({ digest: context }, 'newsletter digest refused by the SMTP server; the address is marked bounced');
      } else if (delivery.attempts + 1 >= DIGEST_MAX_ATTEMPTS) {
        await digests.markFinalFailure(db, delivery.id, this.senderId, 'failed', error);
        result.failed += 1;
        log.warn({ digest: context }, 'newsletter digest delivery retries exhausted; marked failed');
      } else {
        const retryAt = new Date(this.clock.now() + this.tuning.retrySeconds * 1000 * 2 ** delivery.attempts);
        await digests.markDeferred(db, delivery.id, this.senderId, error, retryAt);
        result.deferred += 1;
        log.info({ digest: { ...context, retryAt } }, 'newsletter digest delivery deferred; will retry');
      }
      return;
    }
    await digests.markDelivered(db, delivery.id, this.senderId, outcome, this.at());
    result.sent += 1;
  }

  private async finish(sendId: number, week?: string): Promise<void> {
    if (await digests.finish(this.deps.db, sendId, this.at())) this.deps.log.info({ digest: { sendId, week } }, 'newsletter digest sent');
  }

  /** A run holds the process's lease while it goes on (it renews it first); the lease is renewed every third of its length meanwhile. */
  private holdLease(): void {
    this.leaseHolders += 1;
    this.leased = true;
    if (this.leaseHolders === 1) {
      const period = (this.tuning.leaseSeconds * 1000) / 3;
      this.stopRenewing = this.clock.every(period, () => void this.renewLease().catch((err: unknown) => this.deps.log.warn({ err }, 'newsletter digest: lease not renewed')));
    }
  }

  private releaseLease(): void {
    this.leaseHolders -= 1;
    if (this.leaseHolders === 0) {
      this.stopRenewing?.();
      this.stopRenewing = undefined;
    }
  }

  private renewLease(): Promise<void> {
    return digests.lease(this.deps.db, this.senderId, new Date(this.clock.now() + this.tuning.leaseSeconds * 1000));
  }

  /** The admin's test: the next digest as it stands, to one address in its reader's language (through the outbox, like any single mail). */
  async sendTest(to: string, locale: Locale = DEFAULT_LOCALE): Promise<{ articles: number }> {
    const composed = await this.compose(new Date(), undefined, locale);
    const page = `${this.deps.config.publicUrl}/unsubscribe-newsletter`;
    await this.deps.mailer.send({
      to,
      subject: digestTestSubject(locale, composed.subject),
      html: composed.html.replaceAll(DIGEST_UNSUBSCRIBE_PLACEHOLDER, page),
      text: composed.text.replaceAll(DIGEST_UNSUBSCRIBE_PLACEHOLDER, page),
    });
    return { articles: composed.articles.length };
  }
}
