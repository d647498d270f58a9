import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import * as outbox from '../repositories/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Stores the mail in the outbox and sends it when SMTP is configured. Never throws on delivery failure. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const LINK_RE = /https?:\/\/\S+/g;

export function createMailer(options: { db: Db; smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(message) {
      const id = await outbox.insert(options.db, message);
      if (!transport) {
        options.log.info(
          // Without SMTP the log is how a developer reads the mail: links and codes included.
          { mail: { to: message.to, subject: message.subject, links: message.text.match(LINK_RE) ?? [], text: message.text } },
          'mail stored in the outbox (SMTP_URL not set)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...message });
        await outbox.markSent(options.db, id);
      } catch (err) {
        options.log.error({ err, mail: { to: message.to, subject: message.subject } }, 'mail delivery failed; kept in the outbox');
      }
    },
    close() {
      transport?.close();
    },
  };
}
