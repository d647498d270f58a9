import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Db } from '../db';
import { createFsImageStorage, type ImageStorage } from '../lib/image-storage';
import { createJobEngine, registerJobs, type EngineTuning, type JobEngine } from '../jobs';
import { createMailer, type Mailer } from '../mail/mailer';
import { createServices, type Services } from '../services';
import type { AppConfig } from '../config';
import type { DigestTuning } from '../services/digest';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    services: Services;
    mailer: Mailer;
    jobs: JobEngine;
    storage: ImageStorage;
  }
}

export interface DbPluginOptions {
  db: Db;
  config: AppConfig;
  /** Close the database with the app (true when buildApp opened it). */
  ownsDb: boolean;
  /** Defaults to the filesystem under DATA_DIR/uploads. */
  storage?: ImageStorage | undefined;
  /** Job engine timings (tests shorten them). */
  jobs?: Partial<EngineTuning> | undefined;
  digest?: Partial<DigestTuning> | undefined;
}

/** The database, the job engine, the mailer and the services, shared by every route; closed with the app. */
export default fp<DbPluginOptions>(
  async function dbPlugin(app: FastifyInstance, options: DbPluginOptions) {
    const { config } = options;
    const jobs = createJobEngine({ db: options.db, schema: config.jobsSchema, workers: config.jobsWorkers, log: app.log, tuning: options.jobs });
    const mailer = createMailer({ db: options.db, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
    const storage = options.storage ?? createFsImageStorage(path.join(options.config.dataDir, 'uploads'));
    const services = createServices({ db: options.db, config: options.config, mailer, jobs, log: app.log, storage }, { digest: options.digest });
    await registerJobs(jobs, { db: options.db, mailer, log: app.log, publicUrl: config.publicUrl, digest: services.digest, reports: services.reports, webhooks: services.webhooks });
    await jobs.launch();
    // A process with workers also sends the weekly digest, sharing each send with the others (services/digest.ts).
    if (config.jobsWorkers) services.digest.startSending();
    app.decorate('db', options.db);
    app.decorate('jobs', jobs);
    app.decorate('config', options.config);
    app.decorate('mailer', mailer);
    app.decorate('storage', storage);
    app.decorate('services', services);
    app.addHook('onClose', async () => {
      // The digest's mail being handed over, and running jobs, finish (or are failed back to the queue for a retry)
      // before the database closes.
      await services.digest.stopSending();
      await jobs.stop();
      mailer.close();
      if (options.ownsDb) await options.db.close();
    });
  },
  { name: 'services' },
);
