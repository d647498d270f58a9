import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { MAIL_QUEUE, MAIL_QUEUE_OPTIONS, type MailJob, type Mailer } from '../mail/mailer';
import type { JobEngine, QueueOptions } from './engine';
import { MESSAGE_NOTIFY_OPTIONS, MESSAGE_NOTIFY_QUEUE, notifyStaff, type MessageNotifyJob } from './message-notify';
import { DIGEST_SEND_QUEUE, DIGEST_TICK_CRON, DIGEST_TICK_QUEUE, type DigestService } from '../services/digest';
import { PURGE_CRON, PURGE_QUEUE, PURGE_QUEUE_OPTIONS, purgeExpired } from './purge';

const DIGEST_TICK_OPTIONS: QueueOptions = { policy: 'singleton', retryLimit: 2, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 120, pollingIntervalSeconds: 30 };
/**
 * A send run lasts `runSeconds` (a minute); one still going after five times that had its worker die, and is
 * retried elsewhere (its claims are taken back once stale).
 */
function digestSendOptions(runSeconds: number): QueueOptions {
  return { retryLimit: 20, retryDelaySeconds: Math.max(1, Math.round(runSeconds / 2)), retryBackoff: true, expireInSeconds: runSeconds * 5, pollingIntervalSeconds: 5 };
}

export { createJobEngine, type JobEngine, type EngineTuning } from './engine';

/** The app's queues and schedules: mail delivery, staff notifications of new messages, the weekly digest and the hourly purge. */
export async function registerJobs(
  jobs: JobEngine,
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; publicUrl: string; digest: DigestService },
): Promise<void> {
  await jobs.define<MailJob>(MAIL_QUEUE, MAIL_QUEUE_OPTIONS, (job) => deps.mailer.deliver(job));
  await jobs.define<MessageNotifyJob>(MESSAGE_NOTIFY_QUEUE, MESSAGE_NOTIFY_OPTIONS, (job) => notifyStaff(deps, job.data));
  await jobs.define(PURGE_QUEUE, PURGE_QUEUE_OPTIONS, async () => {
    const counts = await purgeExpired(deps.db);
    deps.log.info({ purged: counts }, 'expired rows purged');
    return counts;
  });
  await jobs.schedule(PURGE_QUEUE, PURGE_CRON);
  // The digest: a tick every five minutes takes the week once its send time has come; send runs go on
  // until every delivery is final, each run handing over to the next (docs/decisions/newsletter-digest.md).
  await jobs.define(DIGEST_TICK_QUEUE, DIGEST_TICK_OPTIONS, () => deps.digest.tick());
  await jobs.schedule(DIGEST_TICK_QUEUE, DIGEST_TICK_CRON);
  await jobs.define<{ sendId: number }>(DIGEST_SEND_QUEUE, digestSendOptions(deps.digest.tuning.runSeconds), async (job) => {
    const run = await deps.digest.sendRun(job.data.sendId);
    if (!run.done) await jobs.send(DIGEST_SEND_QUEUE, { sendId: job.data.sendId }, { startAfterSeconds: run.nextInSeconds ?? 0 });
    return run;
  });
}
