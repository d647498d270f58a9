import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorEnvelopeSchema } from '@vitrine/contracts/schemas';
import { turnLogOutput } from './lib/log-output';
import path from 'node:path';
import zlib from 'node:zlib';
import { fastifyTrustProxy, loadConfig, type AppConfig } from './config';
import { createFsImageStorage, type ImageStorage } from './lib/image-storage';
import { withActor } from './db/actor';
import { requestDeadline, withRequestDeadline } from './db/deadline';
import { untilDatabaseAnswers } from './db/start';
import { createDb, migrate, type Db } from './db';
import type { EngineTuning } from './jobs';
import type { DigestTuning } from './services/digest';
import type { Clock } from './lib/clock';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import rateLimitPlugin from './plugins/rate-limit';
import securityHeaders from './plugins/security-headers';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import answerCachePlugin from './plugins/answer-cache';
import answerReplayPlugin from './plugins/answer-replay';
import noStorePlugin from './plugins/no-store';
import seoPagesPlugin from './plugins/seo-pages';
import releasesPlugin, { type ReleasesOptions } from './plugins/releases';
import staticSite, { type SiteOptions } from './plugins/static-site';
import swaggerPlugin from './plugins/swagger';
import { installValidators } from './plugins/validation';
import authRoutes from './routes/auth';
import seoRoutes from './routes/seo';
import systemRoutes from './routes/system';
import userRoutes from './routes/user';
import articleRoutes from './routes/article';
import categoryRoutes from './routes/category';
import publicRoutes from './routes/public';
import uploadRoutes from './routes/upload';
import mailRoutes from './routes/mail';
import contactRoutes from './routes/contact';
import messageRoutes from './routes/message';
import newsletterRoutes from './routes/newsletter';
import leadRoutes from './routes/lead';
import settingsRoutes from './routes/settings';
import faqRoutes from './routes/faq';
import reportRoutes from './routes/reports';
import auditRoutes from './routes/audit';
import webhookRoutes from './routes/webhook';
import { seedDatabase, type SeedResult } from './seed';

export interface BuildAppOptions {
  /** Defaults to loadConfig(process.env). */
  config?: AppConfig;
  /**
   * An open, migrated database (tests, server.ts). When left out, buildApp opens
   * the one the config names, migrates and seeds it, and closes it with the app.
   */
  db?: Db;
  /** Serve the built front-ends (shell, remotes, uploads, /remotes.json). */
  site?: Omit<SiteOptions, 'remoteUrls' | 'releases'>;
  /** Serve the remotes from their versioned releases (docs/decisions/releases.md); without it, from `site.remotes`. */
  releases?: ReleasesOptions;
  /** Fastify logger option; false in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Called with the seed result when buildApp seeded the database itself. */
  onSeed?: (result: SeedResult) => void;
  /** Where uploaded images go (default: the filesystem under DATA_DIR/uploads). */
  storage?: ImageStorage;
  /** Job engine timings (tests shorten them; production keeps the defaults). */
  jobs?: Partial<EngineTuning>;
  /** The digest's send-run timings (tests shorten them). */
  digest?: Partial<DigestTuning>;
  /** The server render's time limits run on this clock (tests move it themselves; plugins/seo-pages.ts). */
  renderClock?: Clock;
}

export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.confirm_password',
  '*.temporary_password',
  '*.token',
];

/**
 * One access line per request, when it is answered (with the request, the status and the time), instead of
 * Fastify's two; the arrival is logged at debug. At info the second line cost a quarter of a cached
 * answer's throughput (docs/performance.md). Fastify's other request lines (errors, streams) are unchanged.
 *
 * The access line holds only what the request and reply serializers give (method, URL, host, client address and
 * port, status) and the time: no header, no body, nothing REDACT names. It is written through a child of the
 * server's logger without the redaction (the same line, `reqId` included), which cost about 7 µs a line, a
 * fifth of a replayed answer's time. Every other line, the errored request's included, keeps it.
 */
class AccessLog extends LogController {
  /** Per server: its logger without the redaction, made on the first access line. */
  private readonly lines = new WeakMap<object, FastifyBaseLogger>();

  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(...args: Parameters<LogController['requestCompleted']>): void {
    const [error, request, reply] = args;
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const root = request.server.log;
    let lines = this.lines.get(root);
    if (lines === undefined) {
      lines = root.child({}, { redact: { paths: [] } });
      this.lines.set(root, lines);
    }
    lines.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export function defaultLogger(level: string): FastifyServerOptions['logger'] {
  return { level, redact: { paths: REDACT, censor: '[redacted]' }, stream: turnLogOutput() };
}

/**
 * Opens the database the config names, migrates and seeds it; a database not reachable yet is waited for
 * (DB_START_WAIT_S, db/start.ts).
 */
async function openDatabase(
  config: AppConfig,
  log: FastifyBaseLogger,
  storage: ImageStorage,
  onSeed: BuildAppOptions['onSeed'],
  onConnectionError: (err: Error) => void,
): Promise<Db> {
  const first = await untilDatabaseAnswers(
    async () => {
      const opened = await createDb(config, { onConnectionError });
      try {
        await migrate(opened);
        const seeded = await seedDatabase(opened, {
          admin: { email: config.adminEmail, password: config.adminPassword },
          demo: config.seedDemo,
          scryptCost: config.scryptCost,
          storage,
        });
        onSeed?.(seeded);
        return { db: opened, seeded };
      } catch (err) {
        await opened.close().catch(() => undefined);
        throw err;
      }
    },
    { waitSeconds: config.dbStartWaitS, log },
  );
  let db = first.db;
  // The embedded database's WASM memory grows while initdb, the migrations and the demo content run and
  // never shrinks (≈ 830 MiB idle after a first start against ≈ 270 MiB after a restart): after a first
  // start it is reopened, which costs a second once and gives that memory back.
  if (db.kind === 'pglite' && first.seeded.admin) {
    await db.close();
    db = await createDb(config, { onConnectionError });
  }
  // Embedded PostgreSQL has no autovacuum, so no planner statistics unless asked: refresh them at
  // every start (a server PostgreSQL keeps its own). Milliseconds at demo size, ~0.3 s at 10k articles.
  if (db.kind === 'pglite') await db.exec('ANALYZE');
  return db;
}

/** The whole API as a Fastify instance (no listen): plugins, routes and, when asked, the static site. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  let db = options.db;
  const ownsDb = !db;
  const storage = options.storage ?? createFsImageStorage(path.join(config.dataDir, 'uploads'));
  // A lost idle PostgreSQL connection is logged through the app's logger once it exists.
  let reportConnectionError = (err: Error): void => {
    process.stderr.write(`database connection lost: ${err.message}\n`);
  };
  const app = Fastify({
    // Longer than a load balancer's idle timeout (60 s for the common ones), so the balancer closes first.
    keepAliveTimeout: 72_000,
    logger: options.logger ?? defaultLogger(config.logLevel),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The errors plugin answers 503 SHUTTING_DOWN in the envelope while closing.
    return503OnClosing: false,
    // Idle keep-alive sockets are closed at shutdown; busy ones once their answer is sent.
    forceCloseConnections: 'idle',
    frameworkErrors,
    clientErrorHandler,
    ajv: { customOptions: { removeAdditional: false, allErrors: true } },
    logController: new AccessLog(),
    // No plugin timeout (Fastify's default, 10 s, failed the whole start on a busy machine): every step of the start
    // is bounded on its own (the database's connect and statement timeouts, DB_START_WAIT_S for a database not
    // reachable yet, the job engine's 10 s wait before it goes on in the background), so a slow machine only makes
    // the start slower (docs/operations.md, "Start-up").
    pluginTimeout: 0,
  }).withTypeProvider<TypeBoxTypeProvider>();
  reportConnectionError = (err) => {
    app.log.warn({ err }, 'database connection lost; the pool opens a new one on the next query');
  };
  if (!db) db = await openDatabase(config, app.log, storage, options.onSeed, (err) => reportConnectionError(err));
  // The first onRequest hook of all: a repeated public answer goes out from its record (plugins/answer-replay.ts),
  // already carrying what the other hooks added to it (security headers, CSP, CORS).
  await app.register(answerReplayPlugin, { maxBytes: config.answerCacheBytes });
  // Then, for everything else: every database call of a request (its authentication too) ends by the request's deadline.
  app.addHook('onRequest', (_request, _reply, done) => requestDeadline.run(config.dbRequestDeadlineMs, done));
  installValidators(app);
  app.addSchema(ErrorEnvelopeSchema);

  // Per request, only what the answer cache does not hold (signed-in JSON): above 1 KiB, at fast settings.
  // Cached public answers carry their stored encoding and are never compressed again.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(errorsPlugin);
  await app.register(noStorePlugin);
  // The app's queries name the signed-in staff member to the audit log's triggers (db/actor.ts).
  await app.register(dbPlugin, { db: withRequestDeadline(withActor(db)), config, ownsDb, storage, jobs: options.jobs, digest: options.digest });
  await app.register(answerCachePlugin, { maxBytes: config.answerCacheBytes, maxAgeMs: config.answerCacheMaxAgeS * 1000 });
  // Headers first: an answer refused by the policy hook carries them too.
  await app.register(securityHeaders);
  await app.register(authPlugin);
  await app.register(releasesPlugin, { releases: options.releases, shellDir: options.site?.shellDir, clock: options.renderClock });
  await app.register(rateLimitPlugin);
  await app.register(swaggerPlugin);

  await app.register(
    async (api) => {
      // CORS on /api only, for the configured origins (none: same origin only, no Access-Control-Allow-Origin).
      await api.register(cors, {
        origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
        exposedHeaders: ['Retry-After', 'ETag', 'Content-Disposition'],
        // The session's proof is a cookie (plugins/session-cookie.ts): the shell on another origin of the same
        // site sends it with `withCredentials`, which the browser allows only with this and an exact origin.
        credentials: true,
        maxAge: 600,
      });
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(seoRoutes);
      await api.register(uploadRoutes);
      await api.register(categoryRoutes);
      await api.register(articleRoutes);
      await api.register(publicRoutes);
      await api.register(mailRoutes);
      await api.register(contactRoutes);
      await api.register(messageRoutes);
      await api.register(newsletterRoutes);
      await api.register(leadRoutes);
      await api.register(settingsRoutes);
      await api.register(faqRoutes);
      await api.register(reportRoutes);
      await api.register(auditRoutes);
      await api.register(webhookRoutes);
    },
    { prefix: '/api' },
  );
  // Crawler-readable pages (used by the static site), sitemap, robots.txt and RSS feeds.
  await app.register(seoPagesPlugin, { site: options.site, ...(options.renderClock ? { clock: options.renderClock } : {}) });

  if (options.site) {
    await app.register(staticSite, {
      ...options.site,
      remoteUrls: { public_remote: config.publicRemoteUrl, admin_remote: config.adminRemoteUrl },
      releases: app.releases.registry,
    });
  }
  return app;
}
