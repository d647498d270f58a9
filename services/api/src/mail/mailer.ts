import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db';
import type { JobEngine, JobRun, QueueOptions } from '../jobs/engine';
import * as leads from '../repositories/leads';
import * as outbox from '../repositories/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers sent as they are (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string> | undefined;
}

/** What transmit() did with a mail: handed to the SMTP server, or kept (no SMTP_URL). */
export type TransmitOutcome = 'sent' | 'stored';

export interface Mailer {
  /**
   * Records the mail in the outbox and, when SMTP is configured, enqueues its delivery in the same
   * transaction (a worker sends it, retrying transient failures). Never waits for SMTP.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * send() inside the caller's transaction: the outbox row (and its delivery job, with SMTP) exist only if
   * that transaction commits. Answers the outbox id; call wake() once it has committed.
   */
  enqueue(tx: Queryable, message: MailMessage): Promise<string>;
  /** Wakes this process's delivery worker (after a transaction that enqueued mail has committed). */
  wake(): void;
  /**
   * Sends one mail through SMTP now, without the outbox (bulk mail keeps its own delivery records: the
   * digest). `messageId` makes a resent copy recognisable as the same mail. Throws the SMTP error.
   */
  transmit(message: MailMessage, messageId?: string): Promise<TransmitOutcome>;
  /** The delivery job's handler: sends one outbox mail through SMTP and records the outcome. */
  deliver(job: JobRun<MailJob>): Promise<DeliveryOutcome>;
  close(): void;
}

export interface MailJob {
  outboxId: string;
}

export type DeliveryOutcome = { sent: true } | { failed: string } | { skipped: string };

export const MAIL_QUEUE = 'mail-deliver';

/**
 * Delivery retries: 8 retries after the first try, the n-th about 30·2^(n-1) s later (with up to
 * 100 % jitter), so the last one comes 2–4 h after the request. A run still going after 2 min
 * (hung connection, dead worker) is failed over and retried.
 */
export const MAIL_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  pollingIntervalSeconds: 5,
};

const LINK_RE = /https?:\/\/\S+/g;

/** SMTP replies 5xx are final (unknown mailbox, rejected content); everything else may pass later. */
export function isPermanentSmtpFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function describeSmtpError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as Error & { code?: string; responseCode?: number; response?: string };
  const parts = [e.code, e.responseCode, e.response ?? e.message].filter((p) => p !== undefined && p !== '');
  return parts.join(' ').slice(0, 500);
}

export function createMailer(options: {
  db: Db;
  jobs: JobEngine;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { db, jobs, log } = options;
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 15_000, socketTimeout: 60_000 })
    : undefined;
  // Bulk mail (the digest) goes over a pooled connection: one SMTP greeting for a hundred mails, not one each.
  let bulk: ReturnType<typeof nodemailer.createTransport> | undefined;
  const bulkTransport = () =>
    (bulk ??= nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 1,
      maxMessages: 100,
      connectionTimeout: 30_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    } as Parameters<typeof nodemailer.createTransport>[0]));

  const mailer: Mailer = {
    async send(message) {
      // The engine may still be waiting to retry its start (database down at boot): start it first.
      if (transport) await jobs.start();
      await db.transaction((tx) => mailer.enqueue(tx, message));
      mailer.wake();
    },

    async enqueue(tx, message) {
      if (!transport) {
        const id = await outbox.insert(tx, message, 'stored');
        log.info(
          // Without SMTP the log is how a developer reads the mail: links and codes included.
          { mail: { to: message.to, subject: message.subject, links: message.text.match(LINK_RE) ?? [], text: message.text } },
          'mail stored in the outbox (SMTP_URL not set)',
        );
        return id;
      }
      // The outbox row and its delivery job commit together: no mail is recorded without a job, nor the reverse.
      const outboxId = await outbox.insert(tx, message, 'queued');
      await jobs.send(MAIL_QUEUE, { outboxId } satisfies MailJob, {}, tx);
      return outboxId;
    },

    wake() {
      if (transport) jobs.notify(MAIL_QUEUE);
    },

    async deliver(job) {
      const id = job.data.outboxId;
      const mail = await outbox.findById(db, id);
      // Already delivered or given up on (a run that was failed over after it had finished), or purged.
      if (!mail || mail.status !== 'queued') return { skipped: mail?.status ?? 'missing' };
      if (!transport) {
        // SMTP_URL was removed while mail waited: nothing to send it with, kept as stored.
        await outbox.markStored(db, id);
        return { skipped: 'no SMTP_URL' };
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        await outbox.markSent(db, id);
        return { sent: true };
      } catch (err) {
        const error = describeSmtpError(err);
        const context = { outboxId: id, to: mail.to_address, subject: mail.subject, attempt: job.retryCount + 1, error };
        if (isPermanentSmtpFailure(err)) {
          // Refused for good: the address is marked bounced on its leads, with the server's answer (no digest nor
          // welcome mail goes to it until the person confirms a subscription again).
          await db.transaction(async (tx) => {
            await outbox.markFailed(tx, id, error);
            await leads.markBounced(tx, mail.to_address, error);
          });
          log.warn({ mail: context }, 'mail refused by the SMTP server; marked failed, the address bounced');
          return { failed: error };
        }
        if (job.lastAttempt) {
          await outbox.markFailed(db, id, error);
          log.warn({ mail: context }, 'mail delivery retries exhausted; marked failed');
          return { failed: error };
        }
        await outbox.recordAttemptFailed(db, id, error);
        log.info({ mail: context }, 'mail delivery failed; will retry');
        throw err;
      }
    },

    async transmit(message, messageId) {
      if (!transport) return 'stored';
      await bulkTransport().sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
        ...(messageId ? { messageId } : {}),
      });
      return 'sent';
    },

    close() {
      transport?.close();
      bulk?.close();
    },
  };
  return mailer;
}
