// The audience's benchmark, run by `npm run bench` (part `audience`) under tsx; it imports the
// API's TypeScript sources and runs the real app in this process on a fresh database:
//   - the leads list with each filter at BENCH_LEADS (100 000) leads: p50 / p95 over BENCH_AUDIENCE_RUNS calls;
//   - the CSV export of every lead over real HTTP, read as a stream: time, bytes, rows, and the process's
//     RSS before and at its peak (the export must stay flat);
//   - the weekly digest to BENCH_SUBSCRIBERS (10 000) confirmed subscribers through a local SMTP server
//     (the smtp-server package, in this process): messages per second and peak RSS.
//
//   node --import tsx scripts/bench-audience.mjs                     PGlite in a temporary DATA_DIR
//   DATABASE_URL='postgres://…?options=-c search_path=s' node --import tsx scripts/bench-audience.mjs
// Prints one JSON line with the results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../services/api/src/app.ts';
import { loadConfig } from '../services/api/src/config.ts';
import { createDb, migrate } from '../services/api/src/db/index.ts';
import { seedDatabase } from '../services/api/src/seed.ts';
import * as digests from '../services/api/src/repositories/digests.ts';
import { localTime } from '../services/api/src/services/digest.ts';

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const RUNS = Number(process.env.BENCH_AUDIENCE_RUNS ?? 20);
/** The digest's rate setting during the bench: high, so the machine (not the setting) is what is measured. */
const RATE = Number(process.env.BENCH_DIGEST_RATE ?? 500);
const ADMIN = { email: 'admin@vitrine.test', password: 'Bench-Adm1n!Vitrine' };

const mib = (bytes) => Math.round(bytes / 1048576);
const t0 = performance.now();
/** Progress on stderr (the JSON result is the last line of stdout). */
const say = (what) => process.stderr.write(`[audience] ${((performance.now() - t0) / 1000).toFixed(1)} s: ${what}\n`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-audience-'));
const db = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir });
await migrate(db);
await seedDatabase(db, { admin: ADMIN, demo: false, scryptCost: 1024 });

/** Peak RSS of this process while `fn` runs (sampled every 20 ms). */
async function peakRss(fn) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const value = await fn();
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

const out = { db: db.kind, leads: LEADS, subscribers: SUBSCRIBERS };

// Leads: contacts and subscribers over the last year, every classification and status; SUBSCRIBERS of them
// confirmed newsletter subscribers (the digest's audience).
let started = performance.now();
await db.query(
  `INSERT INTO leads (unique_key, module, email, name, company, telephone, subject, message, classification, status, newsletter_status, confirmed_at, is_lead, created_at, updated_at)
   SELECT 'bench' || g, CASE WHEN g <= $2 OR g % 3 = 0 THEN 'newsletter' ELSE 'contact' END,
          'pessoa' || g || '@bench' || (g % 97) || '.com.br', 'Pessoa ' || g, 'Empresa ' || (g % 500), '+55 11 9' || lpad((g % 100000000)::text, 8, '0'),
          'Assunto ' || (g % 50), 'Mensagem de teste número ' || g,
          (ARRAY['none','cold','warm','hot'])[1 + g % 4],
          CASE WHEN g <= $2 THEN 'active' ELSE (ARRAY['active','active','active','inactive','cancelled'])[1 + g % 5] END,
          CASE WHEN g <= $2 THEN 'active' WHEN g % 3 = 0 THEN (ARRAY['active','cancelled'])[1 + g % 2] END,
          CASE WHEN g <= $2 THEN now() END,
          g % 7 = 0,
          now() - make_interval(mins => g * 5), now() - make_interval(mins => g * 3)
   FROM generate_series(1, $1) AS g`,
  [LEADS, SUBSCRIBERS],
);
await db.exec('ANALYZE leads');
out.seedMs = Math.round(performance.now() - started);
say(`${LEADS} leads seeded`);

const smtpMails = { count: 0 };
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      smtpMails.count += 1;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir }), seedDemo: false, jobsWorkers: false, smtpUrl: `smtp://127.0.0.1:${smtpPort}` };
const app = await buildApp({ config, logger: false, db });
await app.ready();
const login = await app.inject({ method: 'POST', url: '/api/auth/auth', payload: ADMIN });
const token = login.json().token;
// A session is the token and its proof cookie.
const auth = { authorization: `Bearer ${token}`, cookie: String(login.headers['set-cookie']).split(';')[0] };

// The list with each filter (10 a page, as the leads screen asks), the first page and a deep one.
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
const FILTERS = {
  'no filter': {},
  'module=newsletter': { module: 'newsletter' },
  'classification=hot': { classification: 'hot' },
  'status=cancelled': { status: 'cancelled' },
  'newsletter_status=cancelled': { newsletter_status: 'cancelled' },
  'is_lead': { is_lead: true },
  'last 30 days': { from: monthAgo, to: today },
  'search "empresa 42"': { search: 'empresa 42' },
  'sort by name': { sort: 'name', order: 'asc' },
  'page 500': { page: 500 },
};
out.list = [];
for (const [name, body] of Object.entries(FILTERS)) {
  const times = [];
  let total = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/lead/leads-list', headers: auth, payload: body });
    times.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    total = res.json().data.total;
  }
  times.sort((a, b) => a - b);
  say(`list ${name}`);
  out.list.push({ filter: name, total, p50: +times[Math.floor(RUNS / 2)].toFixed(1), p95: +times[Math.min(RUNS - 1, Math.ceil(RUNS * 0.95) - 1)].toFixed(1) });
}

// The export over real HTTP, read as a stream.
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;
global.gc?.();
const rssBefore = process.memoryUsage().rss;
started = performance.now();
const exported = await peakRss(async () => {
  const res = await fetch(`${base}/api/lead/leads-export?base=leads`, { headers: auth });
  let bytes = 0;
  let rows = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) rows += 1;
  }
  return { status: res.status, bytes, rows: rows - 1 };
});
say('export done');
out.export = { ...exported.value, ms: Math.round(performance.now() - started), rssBeforeMiB: mib(rssBefore), peakRssMiB: mib(exported.peak) };

// The digest: one new article, due now, sent at RATE a second to every confirmed subscriber.
const [author] = await db.query('SELECT id FROM users ORDER BY id LIMIT 1');
await db.query(
  `INSERT INTO articles (unique_key, title, content, excerpt, author_id, status, published_at)
   VALUES ('artigo-da-semana', 'Artigo da semana', '<p>Texto</p>', 'Resumo do artigo da semana.', $1, 'published', now() - interval '1 minute')`,
  [author.id],
);
const local = localTime(new Date(), 'America/Sao_Paulo');
await digests.saveSettings(db, { day: local.weekday, hour: 0, timeZone: 'America/Sao_Paulo', ratePerSecond: RATE });
const tick = await app.services.digest.tick();
say(`digest queued: ${tick.recipients} recipients`);
if (tick.outcome !== 'queued') throw new Error(`digest not queued: ${JSON.stringify(tick)}`);
global.gc?.();
started = performance.now();
const sent = await peakRss(async () => {
  let total = 0;
  for (;;) {
    const run = await app.services.digest.sendRun(tick.sendId);
    total += run.sent;
    say(`digest run: ${total} sent`);
    if (run.done) return total;
  }
});
const seconds = (performance.now() - started) / 1000;
out.digest = { recipients: tick.recipients, sent: sent.value, received: smtpMails.count, seconds: +seconds.toFixed(1), perSecond: Math.round(sent.value / seconds), rate: RATE, peakRssMiB: mib(sent.peak) };

say('done');
console.log(JSON.stringify(out));
// Teardown must not hold the result back (an idle pooled SMTP connection keeps the sink's close waiting).
const bounded = (promise) => Promise.race([promise, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
await bounded(app.close());
await bounded(new Promise((resolve) => smtp.close(resolve)));
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
