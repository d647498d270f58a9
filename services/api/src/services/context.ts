import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db';
import type { JobEngine } from '../jobs/engine';
import type { ImageStorage } from '../lib/image-storage';
import type { Mailer } from '../mail/mailer';
import type { RoleRow } from '../repositories/roles';
import type { UserRow } from '../repositories/users';

/** What every service needs; built once per app. */
export interface ServiceDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  /** The job engine: work that follows a request (notifications) is enqueued in the request's transaction. */
  jobs: JobEngine;
  log: FastifyBaseLogger;
  /** Uploaded image files (filesystem under DATA_DIR/uploads by default). */
  storage: ImageStorage;
}

/** The signed-in caller, resolved from the bearer token by the auth plugin. */
export interface Principal {
  user: UserRow;
  roles: RoleRow[];
  tokenHash: string;
}
