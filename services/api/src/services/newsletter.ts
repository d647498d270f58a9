import type { ConfirmationResult, Locale, NewsletterSubscribeInput, NewsletterSubscription, NewsletterUnsubscribeInput, SpamReason } from '@vitrine/contracts';
import { AppError, ConflictError, NotFoundError } from '../errors';
import { subscriptionConfirmationMail } from '../mail/templates';
import { mailLocale } from '../mail/texts';
import { randomToken, sha256, uniqueKey } from '../lib/security';
import * as leads from '../repositories/leads';
import * as spamGuard from '../repositories/spam-guard';
import type { ServiceDeps } from './context';
import { emitLeadEvent } from './leads';
import { wakeWebhooks } from './webhooks';
import { WelcomeService } from './welcome';

/** How long a confirmation link can be opened. */
export const CONFIRMATION_DAYS = 7;

/** 'joana@cliente.com.br' → 'jo•••@cliente.com.br': enough to recognise one's address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}•••${email.slice(at)}`;
}

export interface Confirmation {
  result: ConfirmationResult;
  /** Where the confirmation link lands (the subscription's page). */
  location: string;
}

/** The newsletter's subscriptions: double opt-in, unsubscribe with a reason, coming back. */
export class NewsletterService {
  /** The welcome mail a confirmation queues, and its settings (staff's routes). */
  readonly welcome: WelcomeService;

  constructor(private readonly deps: ServiceDeps) {
    this.welcome = new WelcomeService(deps);
  }

  /**
   * A subscription request. An active, confirmed subscriber: 409 'Email already registered'. Anyone else
   * (new, not yet confirmed, cancelled, bounced) gets a fresh single-use confirmation link by mail; nothing is sent
   * to them before they open it. The lead and its mail commit together. `locale` is the language of the page
   * they subscribed from: kept with the lead, it is the language of their confirmation mail and of every digest.
   * A sign-up the spam guard doubts (`doubted`) is taken like any (the mailed link is what stops robots); the doubt
   * is counted with it, for the staff's figures.
   */
  async subscribe(input: Pick<NewsletterSubscribeInput, 'email' | 'name'>, locale: Locale, doubted: SpamReason | null = null): Promise<void> {
    const email = input.email.trim();
    const { db, jobs, mailer, config } = this.deps;
    if (await leads.isSuppressed(db, email)) throw new AppError(403, 'SUBMISSION_REFUSED');
    await jobs.start();
    await db.transaction(async (tx) => {
      const current = await leads.findSubscriberByEmail(tx, email);
      if (current?.status === 'blackListed') throw new AppError(403, 'SUBMISSION_REFUSED');
      // A bounced subscriber signs up again like a new one: the confirmation link is what makes them active again.
      if (current && current.confirmed_at && current.newsletter_status === 'active' && current.status === 'active' && !current.bounced_at) {
        throw new ConflictError('EMAIL_ALREADY_REGISTERED');
      }
      const token = randomToken();
      const row = await leads.requestSubscription(tx, {
        unique_key: uniqueKey(),
        email,
        name: (input.name ?? '').trim(),
        locale,
        token_hash: sha256(token),
        expires_at: new Date(Date.now() + CONFIRMATION_DAYS * 86_400_000),
      });
      const link = `${config.publicUrl}/api/public/newsletter/confirm/${row.id}/${token}`;
      await mailer.enqueue(tx, subscriptionConfirmationMail(mailLocale(row.locale), row.email, row.name, link, CONFIRMATION_DAYS));
      if (doubted) await spamGuard.countDoubt(tx, 'newsletter', doubted);
      if (!current) await emitLeadEvent(tx, jobs, 'lead.created', row.id);
    });
    mailer.wake();
    wakeWebhooks(jobs);
  }

  /** The subscription page's again-subscribe: a new confirmation link to the address on record. */
  async resubscribe(id: number, key: string, locale: Locale): Promise<void> {
    const row = await leads.findSubscriber(this.deps.db, id, key);
    if (!row) throw new NotFoundError();
    await this.subscribe({ email: row.email }, locale);
  }

  /**
   * Opens a confirmation link: spent once, then 'invalid' (as is an expired or unknown one). A confirmation that starts
   * the subscription (a first one, or coming back after leaving) queues the welcome mail in its own transaction;
   * confirming a subscription that was active (the link of a second sign-up: paused by staff, or after a bounce, even
   * one staff cleared) does not.
   */
  async confirm(id: number, token: string): Promise<Confirmation> {
    const { db, jobs, mailer } = this.deps;
    // The welcome mail's delivery job is sent inside the transaction: the engine starts first (a failure to start
    // leaves the welcome out, never the confirmation).
    await jobs.start().catch(() => undefined);
    let welcomed = false;
    const before = await db.transaction(async (tx) => {
      const row = await leads.confirmSubscription(tx, id, sha256(token));
      if (row && row.newsletter_status !== 'active') welcomed = await this.welcome.queue(tx, row);
      if (row && !(row.newsletter_status === 'active' && row.confirmed_at)) await emitLeadEvent(tx, jobs, 'subscriber.confirmed', row.id);
      return row;
    });
    if (welcomed) mailer.wake();
    wakeWebhooks(jobs);
    if (!before) return { result: 'invalid', location: '/unsubscribe-newsletter?status=invalid' };
    const result: ConfirmationResult = before.newsletter_status === 'cancelled' ? 'reactivated' : 'confirmed';
    return { result, location: `/unsubscribe-newsletter/${encodeURIComponent(before.unique_key)}/${before.id}?status=${result}` };
  }

  async subscription(id: number, key: string): Promise<NewsletterSubscription> {
    const row = await leads.findSubscriber(this.deps.db, id, key);
    if (!row) throw new NotFoundError();
    // A bounced subscription waits for a confirmation like a new one (the page offers to send the link again).
    const state = row.newsletter_status === 'cancelled' ? 'cancelled' : row.confirmed_at && row.newsletter_status === 'active' && !row.bounced_at ? 'active' : 'pending';
    return { email: maskEmail(row.email), state };
  }

  /**
   * Unsubscribes at once (also a pending subscription); saying it twice changes nothing more. Leaving is told to the
   * webhooks once (`subscriber.cancelled`, with the reason), in the same transaction.
   */
  async unsubscribe(id: number, key: string, input: NewsletterUnsubscribeInput | { reason: 'one-click'; details?: undefined }): Promise<void> {
    const details = input.details?.trim() || null;
    const { db, jobs } = this.deps;
    await db.transaction(async (tx) => {
      const before = await leads.findSubscriber(tx, id, key);
      if (!before || !(await leads.cancelSubscription(tx, id, key, input.reason, details))) throw new NotFoundError();
      if (before.newsletter_status !== 'cancelled') await emitLeadEvent(tx, jobs, 'subscriber.cancelled', id);
    });
    wakeWebhooks(jobs);
  }
}
