import type { Db } from '../db';
import type { QueueOptions } from './engine';
import * as outbox from '../repositories/outbox';
import * as purge from '../repositories/purge';
import * as reads from '../repositories/reads';
import * as webhooks from '../repositories/webhooks';

export const PURGE_QUEUE = 'purge-expired';
/** Every hour, at minute 17 (off the top of the hour, when other cron work tends to pile up). */
export const PURGE_CRON = '17 * * * *';

/** One purge at a time across replicas; a failed run is retried twice, and the next hour's run catches up anyway. */
export const PURGE_QUEUE_OPTIONS: QueueOptions = {
  policy: 'singleton',
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryBackoff: false,
  expireInSeconds: 15 * 60,
  pollingIntervalSeconds: 30,
};

export interface OutboxRetention {
  /** Sent mail (and mail stored without SMTP) is kept this many days. */
  deliveredDays: number;
  /** Failed mail stays longer, for staff to look at. */
  failedDays: number;
  /** Mail still queued after this many hours is recorded as failed (its last try was lost). */
  abandonAfterHours: number;
}

export const OUTBOX_RETENTION: OutboxRetention = { deliveredDays: 30, failedDays: 90, abandonAfterHours: 24 };

export type PurgeCounts = Record<
  'sessions' | 'verificationCodes' | 'passwordResets' | 'loginAttempts' | 'outboxAbandoned' | 'outbox' | 'readDedup' | 'readSalts' | 'webhookDeliveries',
  number
>;

/** Deletes what has outlived its use; each table in its own statement (short locks). */
export async function purgeExpired(db: Db, retention = purge.RETENTION, mail = OUTBOX_RETENTION): Promise<PurgeCounts> {
  return {
    sessions: await purge.sessions(db, retention.sessionGraceDays),
    verificationCodes: await purge.verificationCodes(db, retention.codeGraceHours),
    passwordResets: await purge.passwordResets(db, retention.codeGraceHours),
    loginAttempts: await purge.loginAttempts(db, retention.loginAttemptHours),
    outboxAbandoned: await outbox.abandonStale(db, mail.abandonAfterHours),
    outbox: await outbox.purgeOld(db, { delivered: mail.deliveredDays, failed: mail.failedDays }),
    readDedup: await reads.purgeExpired(db),
    readSalts: await reads.dropOldSalts(db),
    // Webhook deliveries keep the outbox's retention: delivered ones a month, failed ones three.
    webhookDeliveries: await webhooks.purgeOld(db, { delivered: mail.deliveredDays, failed: mail.failedDays }),
  };
}
