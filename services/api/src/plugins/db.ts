import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Db } from '../db';
import { createFsImageStorage, type ImageStorage } from '../lib/image-storage';
import { createMailer, type Mailer } from '../mail/mailer';
import { createServices, type Services } from '../services';
import type { AppConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    services: Services;
    mailer: Mailer;
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
}

/** The database, the mailer and the services, shared by every route; closed with the app. */
export default fp<DbPluginOptions>(
  async function dbPlugin(app: FastifyInstance, options: DbPluginOptions) {
    const mailer = createMailer({ db: options.db, smtpUrl: options.config.smtpUrl, from: options.config.mailFrom, log: app.log });
    app.decorate('db', options.db);
    app.decorate('config', options.config);
    app.decorate('mailer', mailer);
    const storage = options.storage ?? createFsImageStorage(path.join(options.config.dataDir, 'uploads'));
    app.decorate('storage', storage);
    app.decorate('services', createServices({ db: options.db, config: options.config, mailer, log: app.log, storage }));
    app.addHook('onClose', async () => {
      mailer.close();
      if (options.ownsDb) await options.db.close();
    });
  },
  { name: 'services' },
);
