// The digest's and the outbox's promises, measured with real server processes on PostgreSQL (under tsx: it imports
// the API's sources to prepare the database and take the week):
//   1. a burst: BURST (12) newsletter sign-ups at once over HTTP to one server: the time until every confirmation
//      mail has reached the SMTP server;
//   2. a real send of the weekly digest to SUBSCRIBERS at RATE mails a second by two server processes
//      (services/api/src/server.ts, JOBS=on), one SIGKILLed a third of the way in; the SMTP server (in this process)
//      answers each mail after SMTP_DELAY_MS, so one process alone cannot keep the rate and a kill lands in the middle of
//      a conversation. Printed: the most mails received in any one-second window (and the most turns the database gave
//      in one), duplicates and missing recipients, how many each process sent, the longest gap between two mails after
//      the kill, and when the killed process's mail in flight was sent by the other.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx scripts/measure-digest.mjs
//   (TEST_DATABASE_URL is used when DATABASE_URL is not set; a schema of its own is made and dropped.)
//   SUBSCRIBERS=150 RATE=5 SMTP_DELAY_MS=300 BURST=12
// Prints one JSON line with the figures (progress on stderr).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../services/api/src/app.ts';
import { loadConfig } from '../services/api/src/config.ts';
import { createPostgresDb } from '../services/api/src/db/postgres.ts';
import { migrate } from '../services/api/src/db/index.ts';
import { seedDatabase } from '../services/api/src/seed.ts';
import * as digests from '../services/api/src/repositories/digests.ts';
import { localTime } from '../services/api/src/services/digest.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE_URL = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!BASE_URL) throw new Error('DATABASE_URL (or TEST_DATABASE_URL) is needed: the measure runs on PostgreSQL');
const SUBSCRIBERS = Number(process.env.SUBSCRIBERS ?? 150);
const RATE = Number(process.env.RATE ?? 5);
const SMTP_DELAY_MS = Number(process.env.SMTP_DELAY_MS ?? 300);
const BURST = Number(process.env.BURST ?? 12);
const ADMIN = { email: 'admin@vitrine.test', password: 'Measure-Adm1n!Vitrine' };

const t0 = performance.now();
const say = (what) => process.stderr.write(`[digest] ${((performance.now() - t0) / 1000).toFixed(1)} s: ${what}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(probe, ok, limitMs, what) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${limitMs / 1000} s (last: ${JSON.stringify(value)})`);
    await sleep(100);
  }
}

// A schema of its own, dropped at the end.
const schema = `measure_digest_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const dbUrl = new URL(BASE_URL);
dbUrl.searchParams.set('options', `-c search_path=${schema}`);

// The SMTP server: every mail's arrival (end of its data) and recipient, answered SMTP_DELAY_MS later.
const mails = [];
/** When each session's connection closed. */
const closedAt = new Map();
const smtp = new SMTPServer({
  onClose(session) {
    closedAt.set(session.id, performance.now());
  },
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const mail = { at: performance.now(), wall: Date.now(), to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), digest: /Message-ID: <digest-/i.test(raw), session: session.id, answeredAt: null };
      mails.push(mail);
      setTimeout(() => {
        mail.answeredAt = performance.now();
        callback();
      }, SMTP_DELAY_MS);
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${smtp.server.address().port}`;

// The database, its week and its subscribers, prepared by an app of this process (no workers).
const db = createPostgresDb({ connectionString: BASE_URL, schema, max: 4 });
await migrate(db);
await seedDatabase(db, { admin: ADMIN, demo: false, scryptCost: 1024 });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-measure-digest-'));
const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir }), seedDemo: false, jobsWorkers: false, jobsSchema: schema, smtpUrl };
const app = await buildApp({ config, logger: false, db });
await app.ready();
await db.query(
  `INSERT INTO leads (unique_key, module, email, name, newsletter_status, confirmed_at)
   SELECT 'measure' || g, 'newsletter', 'leitor' || lpad(g::text, 4, '0') || '@medida.com.br', 'Leitor ' || g, 'active', now()
   FROM generate_series(1, $1) AS g`,
  [SUBSCRIBERS],
);
const [author] = await db.query('SELECT id FROM users ORDER BY id LIMIT 1');
await db.query(
  `INSERT INTO articles (unique_key, title, content, excerpt, author_id, status, published_at)
   VALUES ('artigo-da-medida', 'Artigo da semana', '<p>Texto</p>', 'Resumo do artigo da semana.', $1, 'published', now() - interval '1 minute')`,
  [author.id],
);
// Not due yet: the servers' start-up tick must not take the week before the burst is measured.
const local = localTime(new Date(), 'America/Sao_Paulo');
await digests.saveSettings(db, { day: (local.weekday + 3) % 7, hour: 0, timeZone: 'America/Sao_Paulo', ratePerSecond: RATE });
say(`${SUBSCRIBERS} subscribers in schema ${schema}`);

// Two server processes, the real entry point, workers on.
const servers = [];
function startServer(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl.toString(),
      JOBS: 'on',
      JOBS_SCHEMA: schema,
      SMTP_URL: smtpUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const server = { child, port, log: () => log, exited: new Promise((resolve) => child.once('exit', resolve)) };
  servers.push(server);
  return server;
}
const ports = [18_000 + Math.floor(Math.random() * 1000), 19_000 + Math.floor(Math.random() * 1000)];
const [first, second] = ports.map(startServer);
for (const server of [first, second]) {
  await until(
    () => fetch(`http://127.0.0.1:${server.port}/api/ready`).then((r) => r.status).catch(() => 0),
    (status) => status === 200,
    120_000,
    `server on ${server.port} ready (log: ${server.log().slice(-500)})`,
  );
}
say('two servers ready');
const out = { db: 'postgres', subscribers: SUBSCRIBERS, rate: RATE, smtpDelayMs: SMTP_DELAY_MS };

// 1. The burst: BURST sign-ups at once to the first server; the time until every confirmation has arrived.
const burstStart = performance.now();
const answers = await Promise.all(
  Array.from({ length: BURST }, (_, i) =>
    fetch(`http://127.0.0.1:${first.port}/api/public/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `rajada${i}@medida.com.br`, elapsed_ms: 5000 }),
    }).then((r) => r.status),
  ),
);
if (answers.some((status) => status !== 202)) throw new Error(`sign-ups answered ${answers.join(', ')}`);
const burstMails = () => mails.filter((m) => m.to.some((to) => to.startsWith('rajada')));
await until(async () => burstMails().length, (n) => n >= BURST, 60_000, 'burst delivered');
out.burst = {
  signUps: BURST,
  allAnsweredMs: Math.round(performance.now() - burstStart),
  lastConfirmationMs: Math.round(Math.max(...burstMails().map((m) => m.at)) - burstStart),
};
say(`burst: ${BURST} confirmations in ${out.burst.lastConfirmationMs} ms`);

// 2. The digest: due now, the week taken here; both servers join it at their next look (every 15 s).
await digests.saveSettings(db, { day: local.weekday, hour: 0, timeZone: 'America/Sao_Paulo', ratePerSecond: RATE });
const tick = await app.services.digest.tick();
if (tick.outcome !== 'queued') throw new Error(`digest not queued: ${JSON.stringify(tick)}`);
const sendId = tick.sendId;
const takenAt = performance.now();
say(`week taken: ${tick.recipients} recipients`);
const digestMails = () => mails.filter((m) => m.digest);
await until(async () => digestMails().length, (n) => n >= Math.ceil(SUBSCRIBERS / 3), 600_000, 'a third sent');
// Killed in the middle of a conversation: the server answers each mail SMTP_DELAY_MS after receiving it.
second.child.kill('SIGKILL');
await second.exited;
const killedAt = performance.now();
const killedWall = new Date();
say(`second server killed after ${digestMails().length} mails`);
// Claims still 'sending' a moment later: the killed process's, and the survivor's conversation of the moment.
await sleep(2 * SMTP_DELAY_MS + 500);
const sendingThen = await db.query("SELECT id::int AS id, email, claimed_by FROM digest_deliveries WHERE send_id = $1 AND status = 'sending'", [sendId]);
await until(
  async () => (await digests.listSends(db, 1))[0],
  (send) => send?.status === 'done',
  600_000,
  'send done',
);
const doneAt = performance.now();

// The figures.
const received = digestMails();
// A mail counts as accepted once its 250 went to a sender still there: not one answered (or due) at the kill on a
// connection that closed with it (the killed process never read that answer).
const lostWithKill = (m) => {
  const closed = closedAt.get(m.session);
  return closed !== undefined && closed >= killedAt - 5 && closed <= killedAt + 1000 && (m.answeredAt === null || m.answeredAt >= killedAt - 5);
};
const accepted = received.filter((m) => !lostWithKill(m));
const perRecipient = new Map();
for (const mail of accepted) for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
const busiest = (instants) => {
  const sorted = [...instants].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end += 1) {
    while (sorted[end] - sorted[start] >= 1000) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
};
const turnRows = await db.query(
  "SELECT email, (extract(epoch FROM claimed_at) * 1000)::float8 AS t FROM digest_deliveries WHERE send_id = $1 AND status = 'sent'",
  [sendId],
);
const turns = turnRows.map((r) => r.t);
// How long after its turn each mail was received whole (the spread is what the pace's margin must cover).
const lags = turnRows
  .map((row) => {
    const mail = received.filter((m) => m.to.includes(row.email)).at(-1);
    return mail ? mail.wall - row.t : null;
  })
  .filter((lag) => lag !== null)
  .sort((a, b) => a - b);
const pct = (p) => Math.round(lags[Math.min(lags.length - 1, Math.floor((lags.length * p) / 100))]);
const afterKill = received.map((m) => m.at).filter((at) => at >= killedAt).sort((a, b) => a - b);
const gaps = afterKill.map((at, i) => (i === 0 ? at - killedAt : at - afterKill[i - 1]));
// The survivor is whoever sent after the kill; the killed process's claims are those of the other.
const survivors = new Set(
  (await db.query("SELECT DISTINCT claimed_by FROM digest_deliveries WHERE send_id = $1 AND status = 'sent' AND sent_at > $2", [sendId, new Date(killedWall.getTime() + 1000)])).map(
    (r) => r.claimed_by,
  ),
);
const stuck = sendingThen.filter((row) => !survivors.has(row.claimed_by));
const resentAt = stuck.map((row) => received.find((m) => m.to.includes(row.email.toLowerCase()) && m.at >= killedAt)?.at).filter(Boolean);
const bySender = await db.query("SELECT claimed_by, count(*)::int AS n FROM digest_deliveries WHERE send_id = $1 AND status = 'sent' GROUP BY claimed_by ORDER BY n DESC", [sendId]);
const firstMail = Math.min(...received.map((m) => m.at));
const lastMail = Math.max(...received.map((m) => m.at));
out.digest = {
  recipients: tick.recipients,
  received: received.length,
  accepted: accepted.length,
  duplicates: [...perRecipient.values()].filter((n) => n > 1).length,
  // Received whole but never answered 250 (the killed sender's conversation): sent again, with the same Message-ID.
  unansweredCopies: received.length - accepted.length,
  missing: tick.recipients - perRecipient.size,
  maxInAnySecondAtSmtp: busiest(received.map((m) => m.at)),
  maxTurnsInAnySecond: busiest(turns),
  turnToReceivedMs: { p50: pct(50), p95: pct(95), min: Math.round(lags[0]), max: Math.round(lags.at(-1)) },
  sentPerProcess: bySender.map((r) => r.n),
  firstMailAfterTakeS: +((firstMail - takenAt) / 1000).toFixed(1),
  seconds: +((lastMail - firstMail) / 1000).toFixed(1),
  perSecond: +(received.length / ((lastMail - firstMail) / 1000)).toFixed(2),
  killedAfter: received.filter((m) => m.at < killedAt).length,
  killedInFlight: stuck.length,
  killedMailResentAfterS: resentAt.length ? +((Math.max(...resentAt) - killedAt) / 1000).toFixed(1) : null,
  longestGapAfterKillS: gaps.length ? +(Math.max(...gaps) / 1000).toFixed(2) : null,
  doneAfterKillS: +((doneAt - killedAt) / 1000).toFixed(1),
};
say('done');
if (process.env.MEASURE_DEBUG) {
  const gapsAt = afterKill.map((at, i) => ({ at: +((at - killedAt) / 1000).toFixed(2), gap: +((i === 0 ? at - killedAt : at - afterKill[i - 1]) / 1000).toFixed(2) })).filter((g) => g.gap > 0.8);
  const slow = turnRows
    .map((row) => ({ email: row.email, lag: Math.round((received.filter((m) => m.to.includes(row.email)).at(-1)?.wall ?? 0) - row.t), at: +((row.t - turnRows[0].t) / 1000).toFixed(2) }))
    .sort((a, b) => b.lag - a.lag)
    .slice(0, 8);
  process.stderr.write(`${JSON.stringify({ gapsAt, slow, servers: servers.map((s) => s.log().slice(-2000)) })}\n`);
}
console.log(JSON.stringify(out));

// Teardown.
for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
await Promise.race([Promise.all(servers.map((s) => s.exited)), sleep(15_000)]);
const bounded = (promise) => Promise.race([promise, sleep(10_000)]);
await bounded(app.close());
await bounded(db.close());
await bounded(new Promise((resolve) => smtp.close(resolve)));
await admin.query(`DROP SCHEMA ${schema} CASCADE`);
await admin.end();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
