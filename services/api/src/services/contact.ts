import { DEFAULT_LOCALE, type ContactMessageInput, type FieldError, type Locale, type SiteInfo, type SiteSettings, type SiteSettingsInput, type SpamReason, type WhatsappButton } from '@vitrine/contracts';
import { contrastingTextColor, isHexColor, WHATSAPP_DEFAULT_COLOR } from '@vitrine/utils';
import { AUDIENCE_FIELD_MESSAGES, AUDIENCE_LIMITS, cleanWhatsappPhone, isHttpsUrl, isValidEmail, isWhatsappPhone, SOCIAL_NETWORKS, WHATSAPP_FIELD_MESSAGES } from '@vitrine/contracts';
import { AppError, BadRequestError } from '../errors';
import { MESSAGE_NOTIFY_QUEUE, type MessageNotifyJob } from '../jobs/message-notify';
import { uniqueKey } from '../lib/security';
import * as contentVersion from '../repositories/content-version';
import * as leads from '../repositories/leads';
import * as messages from '../repositories/messages';
import * as siteSettings from '../repositories/site-settings';
import * as spamGuard from '../repositories/spam-guard';
import type { ServiceDeps } from './context';
import { emitContactEvents } from './messages';
import { wakeWebhooks } from './webhooks';
import { checkIdentity, readSiteIdentity } from './site-identity';

/**
 * Why the spam guard doubts a submission: the trap field people never see was filled, or the form was sent sooner
 * after it was shown than a person fills it in (`elapsed_ms`, sent by the page's code; a form sent without it, as
 * a page without JavaScript sends it, is not timed). A doubt never drops anything (docs/decisions/forms-without-js.md):
 * a contact message is kept and held for the staff's review, a newsletter sign-up still gets its confirmation mail.
 */
export function spamSignal(input: Pick<ContactMessageInput, 'website' | 'elapsed_ms'>): SpamReason | null {
  if (input.website !== undefined && input.website.trim() !== '') return 'honeypot';
  if (input.elapsed_ms !== undefined && input.elapsed_ms < AUDIENCE_LIMITS.minFillMs) return 'too-fast';
  return null;
}

/**
 * The chat button as the public pages draw it: the number as wa.me wants it (digits), its colour (the default green
 * should the stored one be no hex colour) and the colour its label and icon take on it, whichever of white or
 * near-black contrasts more (decided here, so the pages' first load carries no colour maths).
 */
function publicWhatsapp(chat: siteSettings.WhatsappValue): WhatsappButton {
  const color = isHexColor(chat.color) ? `#${chat.color.trim().replace(/^#/, '')}` : WHATSAPP_DEFAULT_COLOR;
  return { description: chat.description, phone: chat.phone.replace(/\D/g, ''), message: chat.message, color, text_color: contrastingTextColor(color) };
}

const REQUIRED = ['name', 'company', 'telephone', 'subject', 'message'] as const;
const REQUIRED_TEXT: Record<(typeof REQUIRED)[number], string> = { name: 'name is required', ...AUDIENCE_FIELD_MESSAGES };

/** The public side of the audience: the company's contact details and the contact form. */
export class ContactService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * What every public page loads (GET /public/site): the site's name and logo, the company's details and the chat
   * button; the opening hours in `language` (pt-BR where they have no translation in it; none in any language while
   * the pt-BR hours are blank: blank contact fields are left out on the site).
   */
  async siteInfo(language: Locale = DEFAULT_LOCALE): Promise<SiteInfo> {
    const { identity: stored, contact: value, social, whatsapp: chat } = await siteSettings.read(this.deps.db, ['identity', 'contact', 'social', 'whatsapp']);
    const whatsapp = chat.enabled && chat.phone && chat.message ? publicWhatsapp(chat) : null;
    const { hours_translations: translations, ...contact } = value;
    const hours = (contact.hours && language !== DEFAULT_LOCALE ? translations[language as keyof typeof translations] : undefined) ?? contact.hours;
    return { identity: await readSiteIdentity(this.deps, stored), contact: { ...contact, hours }, social, whatsapp };
  }

  /** The site's identity and the company's details as the settings screen edits them (route settings, tab "site"). */
  async siteSettings(): Promise<SiteSettings> {
    const { identity, contact, social } = await siteSettings.read(this.deps.db, ['identity', 'contact', 'social']);
    return { identity: await readSiteIdentity(this.deps, identity), contact, social };
  }

  /**
   * Saves the site's identity (when sent: a name, and a logo uploaded through /upload/image or none) and the
   * company's contact details and social profiles: blank contact fields are left out on the site, an email must
   * be one, a profile must be an https address (one per network, kept in the footer's order). Every public answer
   * that shows them (pages and their heads, header, footer, contact page, feeds) is rebuilt at once (content version).
   */
  async saveSiteSettings(input: SiteSettingsInput): Promise<SiteSettings> {
    // The hours' translations replace the stored ones when given (blank ones dropped); a screen that predates them keeps them.
    const given = input.contact.hours_translations;
    const contact: siteSettings.ContactValue = {
      name: input.contact.name.trim(),
      email: input.contact.email.trim(),
      phone: input.contact.phone.trim(),
      address: input.contact.address.trim(),
      hours: input.contact.hours.trim(),
      hours_translations: given ? siteSettings.hoursTranslations(given) : (await siteSettings.read(this.deps.db, ['contact'])).contact.hours_translations,
    };
    const errors: FieldError[] = [];
    const identity = input.identity ? await checkIdentity(this.deps.db, input.identity, errors) : undefined;
    if (contact.email && !isValidEmail(contact.email)) errors.push({ property: 'contact.email', message: { isEmail: 'Invalid email address' } });
    const social = SOCIAL_NETWORKS.flatMap((network) => {
      const given = input.social.filter((link) => link.network === network);
      if (given.length > 1) errors.push({ property: `social.${network}`, message: { isUnique: `one ${network} profile at most` } });
      const url = given[0]?.url.trim();
      if (!url) return [];
      if (!isHttpsUrl(url)) errors.push({ property: `social.${network}`, message: { isUrl: 'Use the profile address starting with https://' } });
      return [{ network, url }];
    });
    if (errors.length) throw new BadRequestError('VALIDATION_ERROR', errors);
    await this.deps.db.transaction(async (tx) => {
      if (identity) await siteSettings.save(tx, 'identity', identity);
      await siteSettings.save(tx, 'contact', contact);
      await siteSettings.save(tx, 'social', social);
      await contentVersion.bump(tx);
    });
    return this.siteSettings();
  }

  async whatsappSettings(): Promise<siteSettings.WhatsappValue> {
    return (await siteSettings.read(this.deps.db, ['whatsapp'])).whatsapp;
  }

  /**
   * The chat button's settings (route settings-whatsapp). Phone and message are required while it is on; the
   * phone is kept in international format. The public answers that show it are rebuilt at once (content version).
   */
  async saveWhatsapp(input: siteSettings.WhatsappValue): Promise<siteSettings.WhatsappValue> {
    const phone = cleanWhatsappPhone(input.phone);
    const value = { ...input, description: input.description.trim(), message: input.message.trim(), phone, color: input.color.toLowerCase() };
    const errors: { property: string; message: Record<string, string> }[] = [];
    if (value.enabled || phone) {
      if (!phone) errors.push({ property: 'phone', message: { isNotEmpty: WHATSAPP_FIELD_MESSAGES.phone } });
      else if (!isWhatsappPhone(phone)) {
        errors.push({ property: 'phone', message: { isPhoneNumber: 'Use the international format: +55 11 91234-5678' } });
      }
    }
    if (value.enabled && !value.message) errors.push({ property: 'message', message: { isNotEmpty: WHATSAPP_FIELD_MESSAGES.message } });
    if (errors.length) throw new BadRequestError('VALIDATION_ERROR', errors);
    await this.deps.db.transaction(async (tx) => {
      await siteSettings.save(tx, 'whatsapp', value);
      await contentVersion.bump(tx);
    });
    return value;
  }

  /**
   * A visitor's message: the message and the contact lead are written in one transaction with the job that
   * tells staff, so a failure anywhere leaves nothing behind. A blacklisted or erased email is refused with
   * a neutral answer. `locale` is the page's language: kept with the message, it is the language of the replies.
   * A message the spam guard doubts (`suspected`) is kept whole but held for review: no lead, no mail to staff,
   * and the doubt counted, in the same transaction.
   */
  async submit(input: ContactMessageInput, locale: Locale, suspected: SpamReason | null = null): Promise<void> {
    const fields = {
      name: input.name.trim(),
      email: input.email.trim(),
      company: input.company.trim(),
      telephone: input.telephone.trim(),
      subject: input.subject.trim(),
      message: input.message.trim(),
    };
    // Blank after trimming counts as missing (the schema only sees the raw length).
    const missing = REQUIRED.filter((field) => fields[field] === '');
    if (missing.length) {
      throw new BadRequestError(
        'VALIDATION_ERROR',
        missing.map((property) => ({ property, message: { isNotEmpty: REQUIRED_TEXT[property] } })),
      );
    }
    const { db, jobs, log } = this.deps;
    if (await leads.isSuppressed(db, fields.email)) {
      log.info('contact message refused: the email is suppressed');
      throw new AppError(403, 'SUBMISSION_REFUSED');
    }
    // The engine may still be retrying its start (database down at boot); the job must go in with the message.
    await jobs.start();
    const message = {
      name: fields.name,
      email: fields.email,
      company: fields.company,
      telephone: fields.telephone,
      subject: fields.subject,
      body: fields.message,
      locale,
    };
    if (suspected) {
      log.info({ spam: suspected }, 'contact message held for review as suspected spam');
      await db.transaction(async (tx) => {
        await messages.insert(tx, { ...message, unique_key: uniqueKey(), lead_id: null, spam_reason: suspected });
        await spamGuard.countDoubt(tx, 'contact', suspected);
      });
      return;
    }
    await db.transaction(async (tx) => {
      const lead = await leads.upsertContact(tx, uniqueKey(), fields);
      const messageId = await messages.insert(tx, { ...message, unique_key: uniqueKey(), lead_id: lead.id });
      await jobs.send(MESSAGE_NOTIFY_QUEUE, { messageId } satisfies MessageNotifyJob, {}, tx);
      await emitContactEvents(tx, jobs, messageId, lead);
    });
    jobs.notify(MESSAGE_NOTIFY_QUEUE);
    wakeWebhooks(jobs);
  }
}
