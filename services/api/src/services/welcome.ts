import { DEFAULT_LOCALE, LOCALE_CODES, unknownWelcomePlaceholders, type FieldError, type Locale, type WelcomePreview, type WelcomePreviewInput, type WelcomeSettings, type WelcomeTexts } from '@vitrine/contracts';
import type { Queryable } from '../db';
import { BadRequestError } from '../errors';
import { DIGEST_UNSUBSCRIBE_PLACEHOLDER, forSubscriber, welcomeMail, type WelcomeText } from '../mail/templates';
import { mailLocale } from '../mail/texts';
import type { SubscriberRow } from '../repositories/leads';
import * as siteSettings from '../repositories/site-settings';
import * as welcome from '../repositories/welcome';
import type { ServiceDeps } from './context';
import { mailIdentity } from './site-identity';

/**
 * The welcome mail (docs/decisions/audience.md, "The welcome mail"): sent once when a subscription is confirmed, in the
 * subscriber's language, queued in the outbox in the confirmation's own transaction. Staff turn it on and write its
 * texts per language (site settings 'welcome'); a language without a text of its own gets the pt-BR mail.
 */

/** A text as it is kept: the subject on one line, the body's paragraphs one blank line apart, control characters out. */
function clean(text: { subject?: string; body?: string } | undefined): WelcomeText {
  const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
  return {
    subject: (text?.subject ?? '').replace(controls, '').replace(/\s+/g, ' ').trim(),
    body: (text?.body ?? '')
      .replace(/\r\n?/g, '\n')
      .replace(controls, '')
      .replace(/[^\S\n]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  };
}

/**
 * The text a subscriber whose language is `locale` gets, and in which language it is written: their language's own
 * (a subject or a body written for it), else pt-BR's. Sending and the preview both choose with this.
 */
export function welcomeTextFor(texts: WelcomeTexts, locale: Locale): { locale: Locale; text: WelcomeText } {
  const own = texts[locale];
  if (own && (own.subject || own.body)) return { locale, text: own };
  return { locale: DEFAULT_LOCALE, text: texts[DEFAULT_LOCALE] ?? { subject: '', body: '' } };
}

export class WelcomeService {
  constructor(private readonly deps: ServiceDeps) {}

  async settings(): Promise<WelcomeSettings> {
    return (await siteSettings.read(this.deps.db, ['welcome'])).welcome;
  }

  /**
   * Saves whether it is on and its texts, cleaned (clean()). pt-BR's subject and body are required (every language
   * without its own gets them); another language has both or neither; `{site}` is the one placeholder. Field errors
   * name `texts.<locale>.subject|body` (rules isNotEmpty, isPlaceholder). The audit trigger of site_settings logs it.
   */
  async save(input: WelcomeSettings): Promise<WelcomeSettings> {
    const errors: FieldError[] = [];
    const texts: WelcomeTexts = {};
    for (const locale of LOCALE_CODES) {
      const text = clean(input.texts[locale]);
      const at = `texts.${locale}`;
      if (locale === DEFAULT_LOCALE) {
        for (const field of ['subject', 'body'] as const) {
          if (!text[field]) errors.push({ property: `${at}.${field}`, message: { isNotEmpty: `The pt-BR ${field} is required: every language without its own text gets the pt-BR mail` } });
        }
      } else if (!text.subject !== !text.body) {
        const missing = text.subject ? 'body' : 'subject';
        errors.push({ property: `${at}.${missing}`, message: { isNotEmpty: `Write the ${locale} ${missing} too, or leave both blank for the pt-BR mail` } });
      }
      for (const field of ['subject', 'body'] as const) {
        const unknown = unknownWelcomePlaceholders(text[field]);
        if (unknown.length) errors.push({ property: `${at}.${field}`, message: { isPlaceholder: `Only {site} is filled in, not ${unknown.join(', ')}` } });
      }
      if (text.subject && text.body) texts[locale] = text;
    }
    if (errors.length) throw new BadRequestError('VALIDATION_ERROR', errors);
    const value: WelcomeSettings = { enabled: input.enabled, texts };
    await siteSettings.save(this.deps.db, 'welcome', value);
    return value;
  }

  /**
   * The mail as a subscriber reading `locale` would get it from the texts as typed (saved or not), greeted by `name`;
   * its unsubscribe link goes to the subscription page's start. Not checked like save(): a text half typed shows as it is.
   */
  async preview(input: WelcomePreviewInput, name: string): Promise<WelcomePreview> {
    const texts: WelcomeTexts = {};
    for (const locale of LOCALE_CODES) if (input.texts[locale]) texts[locale] = clean(input.texts[locale]);
    const chosen = welcomeTextFor(texts, input.locale);
    const { publicUrl } = this.deps.config;
    const identity = await mailIdentity(this.deps, publicUrl);
    const mail = welcomeMail(chosen.locale, { ...identity, url: publicUrl }, chosen.text, name);
    const page = `${publicUrl}/unsubscribe-newsletter`;
    return {
      locale: chosen.locale,
      fallback: chosen.locale !== input.locale,
      subject: mail.subject,
      html_body: mail.html.replaceAll(DIGEST_UNSUBSCRIBE_PLACEHOLDER, page),
      text_body: mail.text.replaceAll(DIGEST_UNSUBSCRIBE_PLACEHOLDER, page),
    };
  }

  /**
   * Inside the transaction that confirmed `subscriber` (the row as it was before): queues their welcome mail in the
   * outbox when it is on and the subscriber is, now, an active subscriber whose address is not suppressed. All of it
   * runs under a savepoint: whatever fails here (the job engine, a read) is rolled back to it and logged, and the
   * confirmation commits without the mail. Answers whether a mail was queued (the caller wakes the mailer once committed).
   */
  async queue(tx: Queryable, subscriber: SubscriberRow): Promise<boolean> {
    const { config, log, mailer, storage } = this.deps;
    await tx.query('SAVEPOINT welcome_mail');
    let queued = false;
    try {
      const { welcome: settings } = await siteSettings.read(tx, ['welcome']);
      if (settings.enabled && (await welcome.isWelcomable(tx, subscriber.id, subscriber.email))) {
        const chosen = welcomeTextFor(settings.texts, mailLocale(subscriber.locale));
        const identity = await mailIdentity({ db: tx, storage }, config.publicUrl);
        const mail = welcomeMail(chosen.locale, { ...identity, url: config.publicUrl }, chosen.text, subscriber.name);
        await mailer.enqueue(tx, forSubscriber(mail, config.publicUrl, { email: subscriber.email, id: subscriber.id, key: subscriber.unique_key }));
        queued = true;
      }
      await tx.query('RELEASE SAVEPOINT welcome_mail');
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT welcome_mail');
      log.warn({ err, welcome: { lead: subscriber.id } }, 'welcome mail not queued; the confirmation stands');
      return false;
    }
    return queued;
  }
}
