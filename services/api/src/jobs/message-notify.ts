import type { Db } from '../db';
import type { Mailer } from '../mail/mailer';
import { newMessageMail } from '../mail/templates';
import { mailLocale } from '../mail/texts';
import * as messages from '../repositories/messages';
import type { QueueOptions } from './engine';

/** Tells the staff who hold site_editor of a new contact message, one mail each with a link to it. */
export const MESSAGE_NOTIFY_QUEUE = 'message-notify';
export const MESSAGE_NOTIFY_ACCESS = 'site_editor';

export const MESSAGE_NOTIFY_OPTIONS: QueueOptions = {
  retryLimit: 6,
  retryDelaySeconds: 15,
  retryBackoff: true,
  expireInSeconds: 120,
  pollingIntervalSeconds: 5,
};

export interface MessageNotifyJob {
  messageId: number;
}

/**
 * The mails to staff and the message's `notified_at` mark commit together (the message row locked meanwhile),
 * so a job that runs twice (retried, or failed over from a dead worker) tells nobody twice.
 */
export async function notifyStaff(deps: { db: Db; mailer: Mailer; publicUrl: string }, job: MessageNotifyJob): Promise<{ notified: number }> {
  const notified = await deps.db.transaction(async (tx) => {
    const message = await messages.findUnnotified(tx, job.messageId);
    if (!message) return 0; // deleted meanwhile, or already told
    const staff = await messages.staffWithAccess(tx, MESSAGE_NOTIFY_ACCESS);
    const link = `${deps.publicUrl}/admin/message-received?id=${message.id}&key=${encodeURIComponent(message.unique_key)}`;
    // Each in their own language (the one they last signed in with), whatever the visitor's.
    for (const person of staff) await deps.mailer.enqueue(tx, newMessageMail(mailLocale(person.locale), person.email, person.name, message, link));
    await messages.markNotified(tx, message.id);
    return staff.length;
  });
  if (notified) deps.mailer.wake();
  return { notified };
}
