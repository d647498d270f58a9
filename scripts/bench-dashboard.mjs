// The dashboard's benchmark, run by `npm run bench` (part `dashboard`) under tsx: the real app in this
// process on a fresh database with the demo content, BENCH_ARTICLES (10 000) articles, BENCH_READS (1 000 000)
// read events over the last year (as the app stores them: summed per article and UTC day) and BENCH_LEADS
// (100 000) leads; the day's rollups (timed), then GET /api/reports/dashboard for 7, 30 and 90 days (the presets)
// and 365 and 60 days ending yesterday (custom ranges): p50 / p95 over BENCH_DASHBOARD_RUNS; then the next day's
// rollups (timed).
//
//   node --import tsx scripts/bench-dashboard.mjs                     PGlite in a temporary DATA_DIR
//   DATABASE_URL='postgres://…?options=-c search_path=s' node --import tsx scripts/bench-dashboard.mjs
// Prints one JSON line with the results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../services/api/src/app.ts';
import { seedBenchArticles } from '../services/api/src/bench-seed.ts';
import { loadConfig } from '../services/api/src/config.ts';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const READS = Number(process.env.BENCH_READS ?? 1_000_000);
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 30);
const ADMIN = { email: 'admin@vitrine.test', password: 'Bench-Adm1n!Vitrine' };

const t0 = performance.now();
const say = (what) => process.stderr.write(`[dashboard] ${((performance.now() - t0) / 1000).toFixed(1)} s: ${what}\n`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-dashboard-'));
// The app seeds the demo content (categories, authors, covers) as `npm start` does; the bench adds the rest.
const config = {
  ...loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
  seedDemo: true,
  jobsWorkers: false,
};
const app = await buildApp({ config, logger: false });
await app.ready();
const { db } = app;
const out = { db: db.kind, articles: ARTICLES, leads: LEADS };

let started = performance.now();
await seedBenchArticles(db, { count: ARTICLES });
say(`${ARTICLES} articles`);
// Reads over the last year: every 50th article read every day it was public (the popular ones), the others on
// a few scattered days; each day's count scaled so that the year sums to about READS events.
await db.exec('DELETE FROM article_reads_daily');
const weights = `(CASE WHEN a.id % 50 = 0 THEN 12 ELSE 1 + (a.id * 13 + g) % 5 END)`;
const kept = `(a.id % 50 = 0 OR (a.id * 7919 + g * 104729) % 100 < 7)`;
const [{ w }] = await db.query(
  `SELECT sum(${weights})::float8 AS w FROM articles a CROSS JOIN generate_series(0, 364) AS g(g)
   WHERE a.public_at::date <= (now() AT TIME ZONE 'UTC')::date - g AND ${kept}`,
);
await db.query(
  `INSERT INTO article_reads_daily (article_id, day, reads)
   SELECT a.id, (now() AT TIME ZONE 'UTC')::date - g, GREATEST(1, round(${weights} * $1::float8))::int
   FROM articles a CROSS JOIN generate_series(0, 364) AS g(g)
   WHERE a.public_at::date <= (now() AT TIME ZONE 'UTC')::date - g AND ${kept}`,
  [READS / w],
);
const [readStats] = await db.query('SELECT count(*)::int AS rows, sum(reads)::int AS reads FROM article_reads_daily');
out.readRows = readStats.rows;
out.reads = readStats.reads;
say(`${readStats.reads} reads in ${readStats.rows} article-days`);
await db.query(
  `INSERT INTO leads (unique_key, module, email, status, newsletter_status, confirmed_at, created_at, updated_at)
   SELECT 'bench' || g, CASE WHEN g % 3 = 0 THEN 'newsletter' ELSE 'contact' END, 'pessoa' || g || '@bench.com.br', 'active',
          CASE WHEN g % 3 = 0 THEN 'active' END, CASE WHEN g % 3 = 0 AND g % 4 <> 0 THEN now() - make_interval(mins => g * 5 - 30) END,
          now() - make_interval(mins => g * 5), now() - make_interval(mins => g * 5)
   FROM generate_series(1, $1) AS g`,
  [LEADS],
);
for (const table of ['articles', 'article_reads_daily', 'leads']) await db.exec(`${db.kind === 'postgres' ? 'VACUUM ' : ''}ANALYZE ${table}`);
out.seedMs = Math.round(performance.now() - started);
say(`${LEADS} leads; seeded in ${out.seedMs} ms`);

const login = await app.inject({ method: 'POST', url: '/api/auth/auth', payload: ADMIN });
// A session is the token and its proof cookie.
const auth = { authorization: `Bearer ${login.json().token}`, cookie: String(login.headers['set-cookie']).split(';')[0] };

// The day's rollups, as the nightly job makes them (timed: the first visit of a day pays this when the job has not run).
started = performance.now();
await app.services.reports.rollUp();
out.rollupMs = Math.round(performance.now() - started);
say(`rollups made in ${out.rollupMs} ms`);

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
out.dashboard = [];
for (const [days, end] of [[7, 0], [30, 0], [90, 0], [60, -1], [365, 0]]) {
  const url = `/api/reports/dashboard?from=${day(end + 1 - days)}&to=${day(end)}`;
  const times = [];
  let report;
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: auth });
    times.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${days} days: ${res.statusCode} ${res.body}`);
    report = res.json().data;
  }
  times.sort((a, b) => a - b);
  say(`${days} days`);
  out.dashboard.push({
    days,
    range: end === 0 && days <= 90 ? 'preset' : 'custom',
    reads: report.totals.reads.current,
    top: report.top_articles.length,
    p50: +times[Math.floor(RUNS / 2)].toFixed(1),
    p95: +times[Math.min(RUNS - 1, Math.ceil(RUNS * 0.95) - 1)].toFixed(1),
  });
}

// The next day's rollups (after the requests: they move the preset windows on), as the 00:05 job makes them every
// day after the first: one closed day, the new kept day, the vacuum.
started = performance.now();
await app.services.reports.rollUp(day(1));
out.nextRollupMs = Math.round(performance.now() - started);
say(`the next day's rollups made in ${out.nextRollupMs} ms`);

console.log(JSON.stringify(out));
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
