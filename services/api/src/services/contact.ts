import type { ContactMessageInput, SiteInfo } from '@vitrine/contracts';
import { AUDIENCE_FIELD_MESSAGES, AUDIENCE_LIMITS } from '@vitrine/contracts';
import { AppError, BadRequestError } from '../errors';
import { MESSAGE_NOTIFY_QUEUE, type MessageNotifyJob } from '../jobs/message-notify';
import { uniqueKey } from '../lib/security';
import * as leads from '../repositories/leads';
import * as messages from '../repositories/messages';
import * as siteSettings from '../repositories/site-settings';
import type { ServiceDeps } from './context';

/** Why a submission was taken for a robot's and quietly dropped (the robot is told it worked). */
export type SpamSignal = 'honeypot' | 'too-fast';

export function spamSignal(input: Pick<ContactMessageInput, 'website' | 'elapsed_ms'>): SpamSignal | null {
  if (input.website !== undefined && input.website.trim() !== '') return 'honeypot';
  if (input.elapsed_ms !== undefined && input.elapsed_ms < AUDIENCE_LIMITS.minFillMs) return 'too-fast';
  return null;
}

const REQUIRED = ['name', 'company', 'telephone', 'subject', 'message'] as const;
const REQUIRED_TEXT: Record<(typeof REQUIRED)[number], string> = { name: 'name is required', ...AUDIENCE_FIELD_MESSAGES };

/** The public side of the audience: the company's contact details and the contact form. */
export class ContactService {
  constructor(private readonly deps: ServiceDeps) {}

  async siteInfo(): Promise<SiteInfo> {
    return { contact: await siteSettings.contact(this.deps.db) };
  }

  /**
   * A visitor's message: the message and the contact lead are written in one transaction with the job that
   * tells staff, so a failure anywhere leaves nothing behind. A blacklisted or erased email is refused with
   * a neutral answer.
   */
  async submit(input: ContactMessageInput, locale: string | null): Promise<void> {
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
    await db.transaction(async (tx) => {
      const leadId = await leads.upsertContact(tx, uniqueKey(), fields);
      const messageId = await messages.insert(tx, {
        unique_key: uniqueKey(),
        lead_id: leadId,
        name: fields.name,
        email: fields.email,
        company: fields.company,
        telephone: fields.telephone,
        subject: fields.subject,
        body: fields.message,
        locale,
      });
      await jobs.send(MESSAGE_NOTIFY_QUEUE, { messageId } satisfies MessageNotifyJob, {}, tx);
    });
    jobs.notify(MESSAGE_NOTIFY_QUEUE);
  }
}
