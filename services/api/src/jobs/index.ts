import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { MAIL_QUEUE, MAIL_QUEUE_OPTIONS, type MailJob, type Mailer } from '../mail/mailer';
import type { JobEngine } from './engine';
import { MESSAGE_NOTIFY_OPTIONS, MESSAGE_NOTIFY_QUEUE, notifyStaff, type MessageNotifyJob } from './message-notify';
import { PURGE_CRON, PURGE_QUEUE, PURGE_QUEUE_OPTIONS, purgeExpired } from './purge';

export { createJobEngine, type JobEngine, type EngineTuning } from './engine';

/** The app's queues and schedules: mail delivery, staff notifications of new messages and the hourly purge. */
export async function registerJobs(jobs: JobEngine, deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; publicUrl: string }): Promise<void> {
  await jobs.define<MailJob>(MAIL_QUEUE, MAIL_QUEUE_OPTIONS, (job) => deps.mailer.deliver(job));
  await jobs.define<MessageNotifyJob>(MESSAGE_NOTIFY_QUEUE, MESSAGE_NOTIFY_OPTIONS, (job) => notifyStaff(deps, job.data));
  await jobs.define(PURGE_QUEUE, PURGE_QUEUE_OPTIONS, async () => {
    const counts = await purgeExpired(deps.db);
    deps.log.info({ purged: counts }, 'expired rows purged');
    return counts;
  });
  await jobs.schedule(PURGE_QUEUE, PURGE_CRON);
}
