import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { MAIL_QUEUE, MAIL_QUEUE_OPTIONS, type MailJob, type Mailer } from '../mail/mailer';
import type { JobEngine, QueueOptions } from './engine';
import { MESSAGE_NOTIFY_OPTIONS, MESSAGE_NOTIFY_QUEUE, notifyStaff, type MessageNotifyJob } from './message-notify';
import { DIGEST_TICK_CRON, DIGEST_TICK_QUEUE, type DigestService } from '../services/digest';
import { PURGE_CRON, PURGE_QUEUE, PURGE_QUEUE_OPTIONS, purgeExpired } from './purge';
import type { ReportsService } from '../services/reports';
import { WEBHOOK_QUEUE, WEBHOOK_SWEEP_CRON, type WebhooksService } from '../services/webhooks';

/** The dashboard's rollups for the new UTC day, made at 00:05 so that the day's first visit does not wait for them. */
const DASHBOARD_ROLLUP_QUEUE = 'dashboard-rollup';
const DASHBOARD_ROLLUP_CRON = '5 0 * * *';
const DASHBOARD_ROLLUP_OPTIONS: QueueOptions = { policy: 'singleton', retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 600, pollingIntervalSeconds: 60 };

const DIGEST_TICK_OPTIONS: QueueOptions = { policy: 'singleton', retryLimit: 2, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 120, pollingIntervalSeconds: 30 };
/** The dispatcher's runs: a failed pass is not retried (the next job or the sweep does it); one stuck for 5 min is failed. */
const WEBHOOK_QUEUE_OPTIONS: QueueOptions = { retryLimit: 0, retryDelaySeconds: 30, retryBackoff: false, expireInSeconds: 300, pollingIntervalSeconds: 5 };

export { createJobEngine, type JobEngine, type EngineTuning } from './engine';

/** The app's queues and schedules: mail delivery, staff notifications of new messages, the weekly digest, the hourly purge and the dashboard's nightly rollups. */
export async function registerJobs(
  jobs: JobEngine,
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; publicUrl: string; digest: DigestService; reports: ReportsService; webhooks: WebhooksService },
): Promise<void> {
  await jobs.define<MailJob>(MAIL_QUEUE, MAIL_QUEUE_OPTIONS, (job) => deps.mailer.deliver(job));
  await jobs.define<MessageNotifyJob>(MESSAGE_NOTIFY_QUEUE, MESSAGE_NOTIFY_OPTIONS, (job) => notifyStaff(deps, job.data));
  await jobs.define(PURGE_QUEUE, PURGE_QUEUE_OPTIONS, async () => {
    const counts = await purgeExpired(deps.db);
    deps.log.info({ purged: counts }, 'expired rows purged');
    return counts;
  });
  await jobs.schedule(PURGE_QUEUE, PURGE_CRON);
  // The digest: a tick every five minutes takes the week once its send time has come; the processes' senders then
  // send it, outside the job engine (DigestService.startSending; docs/decisions/audience.md, "The weekly digest").
  await jobs.define(DIGEST_TICK_QUEUE, DIGEST_TICK_OPTIONS, () => deps.digest.tick());
  await jobs.schedule(DIGEST_TICK_QUEUE, DIGEST_TICK_CRON);
  // A process that starts ticks at once: a week whose send time came while no process ran goes out without waiting for the cron.
  jobs.atStart(DIGEST_TICK_QUEUE);
  // Webhook deliveries: a job per event and per due retry wakes the dispatcher; a sweep every minute picks up what a
  // lost job or a dead worker left (services/webhooks.ts). Concurrent passes share the work by claiming rows.
  await jobs.define(WEBHOOK_QUEUE, WEBHOOK_QUEUE_OPTIONS, () => deps.webhooks.dispatch());
  await jobs.schedule(WEBHOOK_QUEUE, WEBHOOK_SWEEP_CRON);
  await jobs.define(DASHBOARD_ROLLUP_QUEUE, DASHBOARD_ROLLUP_OPTIONS, () => deps.reports.rollUp());
  await jobs.schedule(DASHBOARD_ROLLUP_QUEUE, DASHBOARD_ROLLUP_CRON);
}
