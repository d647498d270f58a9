import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import type { Db } from '../../src/db';
import { createPostgresDb } from '../../src/db/postgres';
import { BACKENDS, BUILD_APP_MS, setupApp, testConfig, type TestContext } from '../helpers';
import { until } from '../replica-process';
import { startTestSmtp, type TestSmtp } from '../smtp-server';

/** How long the test waits for the twelve mails (the jest limit is this and the apps' building). */
const DELIVERY_WAIT_MS = 60_000;
/** An idle worker polls once an hour here: a mail that arrives was brought by a wake-up, never by a poll. */
const HOUR = 3600;

/**
 * A burst of sign-ups: every confirmation mail reaches the SMTP server without waiting for a poll (the worker is woken
 * when a mail is queued, and looks again at once after each one), whether the sign-ups land on the process that
 * delivers or on another one (LISTEN/NOTIFY). Counted, not timed: the figure is scripts/measure-digest.mjs's.
 */
describe.each(BACKENDS)('a burst of confirmation mails (%s)', (backend) => {
  let smtp: TestSmtp;
  /** Takes the sign-ups; no workers (JOBS=off). */
  let web: TestContext;
  /** Delivers: workers on, idle poll an hour. */
  let worker: FastifyInstance;
  let ownPool: Db | undefined;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    web = await setupApp(backend, { config: testConfig({ smtpUrl: smtp.url }) });
    const schema = web.app.config.jobsSchema;
    ownPool = backend === 'postgres' ? createPostgresDb({ connectionString: process.env.TEST_DATABASE_URL as string, schema, max: 4 }) : undefined;
    // On PGlite both apps share the one database (the closing one is the web app's).
    const shared: Db = ownPool ?? { ...web.db, close: async () => undefined };
    worker = await buildApp({ config: testConfig({ jobsSchema: schema, smtpUrl: smtp.url, jobsWorkers: true }), logger: false, db: shared, jobs: { pollingSeconds: HOUR } });
    await worker.ready();
  }, BUILD_APP_MS * 2);
  afterAll(async () => {
    await worker.close();
    await ownPool?.close();
    await web.close();
    await smtp.stop();
  });

  const signUps = (prefix: string, app: (options: InjectOptions) => Promise<LightMyRequestResponse>) =>
    Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app({ method: 'POST', url: '/api/public/newsletter', payload: { email: `${prefix}${i}@leitores.com.br`, elapsed_ms: 5000 }, remoteAddress: `10.93.${prefix.length}.${i + 1}` }),
      ),
    );
  const delivered = (prefix: string) => smtp.mails.filter((m) => m.to.some((to) => to.startsWith(prefix))).length;

  it(
    'twelve sign-ups at once on the delivering process: all twelve confirmations delivered, by wake-ups alone',
    async () => {
      const answers = await signUps('juntos', (options) => worker.inject(options));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(202));
      await until(async () => delivered('juntos'), (n) => n >= 12, DELIVERY_WAIT_MS);
      expect(delivered('juntos')).toBe(12);
    },
    DELIVERY_WAIT_MS + 10_000,
  );

  it(
    'twelve sign-ups at once on a process without workers: the other process is woken through the database and delivers all twelve',
    async () => {
      const answers = await signUps('outro', (options) => web.app.inject(options));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(202));
      await until(async () => delivered('outro'), (n) => n >= 12, DELIVERY_WAIT_MS);
      expect(delivered('outro')).toBe(12);
      const rows = await web.db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE to_address LIKE 'outro%' AND status = 'sent'");
      expect(rows[0]?.n).toBe(12);
    },
    DELIVERY_WAIT_MS + 10_000,
  );
});
