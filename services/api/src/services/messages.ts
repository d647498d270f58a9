import { GUARDED_FORMS, SPAM_GUARD_DAYS, SPAM_REASONS, type ListPage, type MessageCounts, type MessageReply, type MessagesListInput, type ReceivedMessage, type ReceivedMessageDetail, type SpamGuardCounts } from '@vitrine/contracts';
import { BadRequestError, NotFoundError } from '../errors';
import { replyMail } from '../mail/templates';
import { mailLocale } from '../mail/texts';
import { uniqueKey } from '../lib/security';
import * as leads from '../repositories/leads';
import * as messages from '../repositories/messages';
import type { MessageRow, ReplyRow } from '../repositories/messages';
import * as spamGuard from '../repositories/spam-guard';
import * as leadsAdmin from '../repositories/leads-admin';
import type { Queryable } from '../db';
import type { JobEngine } from '../jobs/engine';
import type { Principal, ServiceDeps } from './context';
import { emitLeadEvent, toLead } from './leads';
import { emitWebhook, wakeWebhooks } from './webhooks';

const PREVIEW_LENGTH = 140;

function preview(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : flat;
}

/** What the list and the detail both show of a message. */
function messageFields(row: MessageRow) {
  return {
    id: row.id,
    unique_key: row.unique_key,
    name: row.name,
    email: row.email,
    company: row.company,
    telephone: row.telephone,
    subject: row.subject,
    read: row.read_at !== null,
    archived: row.archived_at !== null,
    suspected: row.spam_reason,
    created_at: row.created_at.toISOString(),
  };
}

function toMessage(row: MessageRow): ReceivedMessage {
  return { ...messageFields(row), preview: preview(row.body), replies: row.replies };
}

function toReply(row: ReplyRow): MessageReply {
  return {
    id: row.id,
    body: row.body,
    author: row.author_id !== null ? { id: row.author_id, name: row.author_name ?? '' } : null,
    // No outbox row any more (purged): it was delivered or given up on long ago.
    delivery: row.delivery ?? 'unknown',
    created_at: row.created_at.toISOString(),
  };
}

/**
 * The webhook events of a contact message that reached the inbox, in its transaction: `lead.created` when its
 * sender's contact lead is new, then `message.received` with the whole message and the lead.
 */
export async function emitContactEvents(tx: Queryable, jobs: JobEngine, messageId: number, lead: { id: string; created: boolean }): Promise<void> {
  if (lead.created) await emitLeadEvent(tx, jobs, 'lead.created', Number(lead.id));
  await emitWebhook(tx, jobs, 'message.received', `message:${messageId}`, async () => {
    const row = await messages.findById(tx, messageId);
    const leadRow = await leadsAdmin.findById(tx, Number(lead.id));
    return row && { ...messageFields(row), message: row.body, read_at: row.read_at?.toISOString() ?? null, replies: [], locale: row.locale, lead: leadRow ? toLead(leadRow) : null };
  });
}

/** The staff's inbox of contact messages (route message-received). */
export class MessagesService {
  constructor(private readonly deps: ServiceDeps) {}

  async list(input: MessagesListInput): Promise<ListPage<ReceivedMessage>> {
    const limit = input.limit ?? 20;
    const page = input.page ?? 1;
    const { rows, total } = await messages.list(this.deps.db, { filter: input.filter ?? 'active', search: input.search, limit, page });
    return { items: rows.map(toMessage), total, page, limit };
  }

  counts(): Promise<MessageCounts> {
    return messages.counts(this.deps.db);
  }

  private async detail(id: number, key: string): Promise<ReceivedMessageDetail> {
    const row = await messages.find(this.deps.db, id, key);
    if (!row) throw new NotFoundError();
    const replies = await messages.replies(this.deps.db, row.id);
    return { ...messageFields(row), message: row.body, read_at: row.read_at?.toISOString() ?? null, replies: replies.map(toReply) };
  }

  /** Opening a message marks it read (by this staff member, if nobody read it before). */
  async open(id: number, key: string, principal: Principal): Promise<ReceivedMessageDetail> {
    if (!(await messages.markRead(this.deps.db, id, key, principal.user.id, true))) throw new NotFoundError();
    return this.detail(id, key);
  }

  private async one(id: number, key: string): Promise<ReceivedMessage> {
    const row = await messages.find(this.deps.db, id, key);
    if (!row) throw new NotFoundError();
    return toMessage(row);
  }

  async setRead(id: number, key: string, read: boolean, principal: Principal): Promise<ReceivedMessage> {
    if (!(await messages.markRead(this.deps.db, id, key, principal.user.id, read))) throw new NotFoundError();
    return this.one(id, key);
  }

  async setArchived(id: number, key: string, archived: boolean): Promise<ReceivedMessage> {
    if (!(await messages.setArchived(this.deps.db, id, key, archived))) throw new NotFoundError();
    return this.one(id, key);
  }

  /**
   * A message the spam guard held is no spam (the staff's review): it joins the inbox and makes (or refreshes) its
   * sender's contact lead, as if it had come in like any. 404 when there is no such message held.
   */
  async notSpam(id: number, key: string): Promise<ReceivedMessage> {
    const done = await this.deps.db.transaction(async (tx) => {
      const row = await messages.find(tx, id, key);
      if (!row?.spam_reason) return false;
      const fields = { name: row.name, email: row.email, company: row.company, telephone: row.telephone, subject: row.subject, message: row.body };
      const lead = await leads.upsertContact(tx, uniqueKey(), fields);
      if (!(await messages.clearSuspicion(tx, id, key, lead.id))) return false;
      // It arrives now, as far as the tools fed by webhooks are concerned.
      await emitContactEvents(tx, this.deps.jobs, row.id, lead);
      return true;
    });
    if (!done) throw new NotFoundError();
    wakeWebhooks(this.deps.jobs);
    return this.one(id, key);
  }

  /** What the spam guard doubted in the last SPAM_GUARD_DAYS days, per form and reason (zeros included). */
  async spamGuard(): Promise<SpamGuardCounts> {
    const found = await spamGuard.doubtsSince(this.deps.db, SPAM_GUARD_DAYS);
    const counts = GUARDED_FORMS.flatMap((form) =>
      SPAM_REASONS.map((reason) => ({ form, reason, count: found.find((row) => row.form === form && row.reason === reason)?.count ?? 0 })),
    );
    return { days: SPAM_GUARD_DAYS, counts };
  }

  async remove(id: number, key: string): Promise<void> {
    if (!(await messages.remove(this.deps.db, id, key))) throw new NotFoundError();
  }

  /**
   * A reply by email to the visitor: the reply, its outbox mail and the delivery job commit together, so the
   * thread never shows a reply that will not be sent, nor is one sent that the thread does not show. It goes out
   * in the language the visitor wrote from (the message's), whatever the staff member's.
   */
  async reply(id: number, key: string, body: string, principal: Principal): Promise<MessageReply> {
    const text = body.trim();
    if (!text) throw new BadRequestError('VALIDATION_ERROR', [{ property: 'body', message: { isNotEmpty: 'Message is required' } }]);
    const { db, mailer, jobs } = this.deps;
    await jobs.start();
    const staffName = `${principal.user.name} ${principal.user.last_name}`.trim();
    const replyId = await db.transaction(async (tx) => {
      const message = await messages.find(tx, id, key);
      if (!message) throw new NotFoundError();
      const outboxId = await mailer.enqueue(tx, replyMail(mailLocale(message.locale), message, text, staffName));
      const inserted = await messages.insertReply(tx, { message_id: message.id, author_id: principal.user.id, body: text, outbox_id: outboxId });
      // Replying is reading.
      await messages.markRead(tx, id, key, principal.user.id, true);
      return inserted;
    });
    mailer.wake();
    const replies = await messages.replies(db, id);
    const created = replies.find((r) => r.id === replyId);
    if (!created) throw new NotFoundError();
    return toReply(created);
  }
}
