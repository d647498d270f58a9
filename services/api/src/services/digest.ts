import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '@vitrine/contracts';
import { mailIdentity } from './site-identity';
import { DIGEST_UNSUBSCRIBE_PLACEHOLDER, digestMail, digestTestSubject, forSubscriber, type DigestItem, type DigestMail } from '../mail/templates';
import { mailLocale } from '../mail/texts';
import { describeSmtpError, isPermanentSmtpFailure, type MailMessage } from '../mail/mailer';
import * as digests from '../repositories/digests';
import type { DigestArticle, DigestSettings } from '../repositories/digests';
import type { ServiceDeps } from './context';

/**
 * The weekly digest (docs/decisions/audience.md, "The weekly digest"). A scheduler tick takes the week once
 * (unique week key), freezes the composed mail and queues one delivery per confirmed subscriber in the same
 * transaction; send runs claim due deliveries (SKIP LOCKED), send them at the configured rate and record
 * each outcome, so a restart, a second replica or a crash resumes with exactly those not yet sent.
 */
export const DIGEST_SEND_QUEUE = 'newsletter-send';
export const DIGEST_TICK_QUEUE = 'newsletter-tick';
/** The scheduler looks every five minutes whether this week's send time has come (UTC cron). */
export const DIGEST_TICK_CRON = '*/5 * * * *';
export const DIGEST_MAX_ARTICLES = 12;
/** Transient SMTP failures: retried after 30 s, 60 s, 120 s…; the fifth failure is final. */
export const DIGEST_MAX_ATTEMPTS = 5;

export interface DigestTuning {
  /** A run sends for at most this long, then hands over to a new run (crash recovery stays quick). */
  runSeconds: number;
  /** A claim older than this belonged to a worker that died: its delivery goes back in the queue. */
  staleClaimSeconds: number;
  /** First retry delay of a transient SMTP failure (doubles per attempt). */
  retrySeconds: number;
}

export const DEFAULT_DIGEST_TUNING: DigestTuning = { runSeconds: 60, staleClaimSeconds: 600, retrySeconds: 30 };

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

  constructor(
    private readonly deps: ServiceDeps,
    tuning: Partial<DigestTuning> = {},
  ) {
    this.tuning = { ...DEFAULT_DIGEST_TUNING, ...tuning };
  }

  settings(): Promise<DigestSettings> {
    return digests.settings(this.deps.db);
  }

  private articleItem(article: DigestArticle): DigestItem {
    const base = this.deps.config.publicUrl;
    const widths = article.image_widths ?? [];
    const width = [...widths].reverse().find((w) => w <= 640) ?? widths[0];
    return {
      title: article.title,
      excerpt: article.excerpt,
      url: `${base}/post/${article.unique_key}/${article.id}`,
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
    const articles = await digests.articlesBetween(db, periodStart, now, DIGEST_MAX_ARTICLES);
    // The site's name and logo of its settings (docs/decisions/site-identity.md).
    const identity = await mailIdentity(this.deps, this.deps.config.publicUrl);
    const weekKey = week ?? dueWeek(now, settings).week;
    const items = articles.map((a) => this.articleItem(a));
    const render = (language: Locale) => digestMail(language, { ...identity, url: this.deps.config.publicUrl }, items, weekKey);
    return { ...render(locale), articles, periodStart, periodEnd: now, week: weekKey, render };
  }

  /**
   * The scheduler's tick: once this week's send time has come, takes the week (once across every replica and
   * restart), and either records it as empty (nothing was published) or queues its deliveries and its send job.
   */
  async tick(now = new Date()): Promise<TickResult> {
    const { db, jobs } = this.deps;
    const settings = await digests.settings(db);
    await this.resumeStalled();
    const { week, due } = dueWeek(now, settings);
    if (!due) return { week, outcome: 'not-due' };
    if (await digests.weekTaken(db, week)) return { week, outcome: 'taken' };
    const composed = await this.compose(now, week);
    await jobs.start();
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
      const recipients = await digests.queueRecipients(tx, sendId);
      await jobs.send(DIGEST_SEND_QUEUE, { sendId }, {}, tx);
      return { week, outcome: 'queued', recipients, sendId };
    });
    if (result.outcome === 'queued') jobs.notify(DIGEST_SEND_QUEUE);
    this.deps.log.info({ digest: result }, 'newsletter digest tick');
    return result;
  }

  /**
   * Sends a dead process left behind: still 'sending', no run seen for as long as a claim takes to go stale, and
   * no run waiting in the queue (the process died while running it, and its job is only retried once it expires).
   * Queues a run for each, once per stale period across replicas; claims keep every delivery to one copy even when
   * the dead run's job comes back too. The tick calls it, and every worker process ticks when it starts.
   */
  async resumeStalled(): Promise<number[]> {
    const { db, jobs } = this.deps;
    const resumed: number[] = [];
    for (const sendId of await digests.stalledSends(db, this.tuning.staleClaimSeconds)) {
      if (await jobs.waiting(DIGEST_SEND_QUEUE, { sendId })) continue;
      const id = await jobs.send(DIGEST_SEND_QUEUE, { sendId }, { singletonKey: `resume-${sendId}`, singletonSeconds: this.tuning.staleClaimSeconds });
      if (id) resumed.push(sendId);
    }
    if (resumed.length) this.deps.log.warn({ digest: { resumed } }, 'newsletter digest: sends left by a stopped process resumed');
    return resumed;
  }

  /** One recipient's copy: in their language, their unsubscribe page in the text and the RFC 8058 one-click headers. */
  private personalise(send: digests.SendRow, delivery: digests.ClaimedDelivery): MailMessage {
    const mail = send.localized[mailLocale(delivery.locale)] ?? { subject: send.subject, html: send.html_body, text: send.text_body };
    return forSubscriber(mail, this.deps.config.publicUrl, { email: delivery.email, id: delivery.lead_id ?? 0, key: delivery.lead_key ?? '' });
  }

  /**
   * A send run: claims due deliveries `ratePerSecond` at a time, at most one batch a second, for up to
   * `runSeconds`; records each outcome. Answers whether work is left and when it is due (the job then
   * queues the next run), or that the week is done.
   */
  async sendRun(sendId: number): Promise<{ sent: number; failed: number; retrying: number; done: boolean; nextInSeconds?: number }> {
    const { db, mailer } = this.deps;
    const send = await digests.findSend(db, sendId);
    if (!send || send.status !== 'sending') return { sent: 0, failed: 0, retrying: 0, done: true };
    await digests.markRunning(db, sendId);
    await digests.releaseStale(db, sendId, this.tuning.staleClaimSeconds);
    const host = new URL(this.deps.config.publicUrl).hostname || 'vitrine.local';
    const stopAt = Date.now() + this.tuning.runSeconds * 1000;
    let sent = 0;
    let failed = 0;
    let retrying = 0;
    while (Date.now() < stopAt) {
      const rate = Math.max(1, Math.floor((await digests.settings(db)).ratePerSecond));
      const windowStart = Date.now();
      const batch = await digests.claim(db, sendId, rate);
      if (!batch.length) break;
      await digests.markRunning(db, sendId);
      for (const delivery of batch) {
        try {
          // The same Message-ID for every attempt of this delivery: a copy resent after a crash reads as the same mail.
          const outcome = await mailer.transmit(this.personalise(send, delivery), `<digest-${sendId}-${delivery.id}@${host}>`);
          await digests.markDelivered(db, delivery.id, outcome);
          sent += 1;
        } catch (err) {
          const error = describeSmtpError(err);
          if (isPermanentSmtpFailure(err) || delivery.attempts + 1 >= DIGEST_MAX_ATTEMPTS) {
            await digests.markFailed(db, delivery.id, error);
            failed += 1;
          } else {
            await digests.retryLater(db, delivery.id, error, this.tuning.retrySeconds * 2 ** delivery.attempts);
            retrying += 1;
          }
        }
      }
      // The rate holds across batches: the next one starts a second after this one did.
      const wait = windowStart + 1000 - Date.now();
      if (wait > 0 && Date.now() + wait < stopAt) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const left = await digests.remaining(db, sendId);
    if (left.open === 0) {
      await digests.finish(db, sendId);
      this.deps.log.info({ digest: { sendId, week: send.week } }, 'newsletter digest sent');
      return { sent, failed, retrying, done: true };
    }
    return { sent, failed, retrying, done: false, nextInSeconds: Math.ceil(left.nextDueInSeconds ?? this.tuning.staleClaimSeconds) };
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
