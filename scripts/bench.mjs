// npm run bench: start-up, JS weight, Lighthouse, throughput, memory and the limit table of the
// production build (docs/performance.md has the figures and how to read them).
//
//   npm run bench                         PGlite (embedded default)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
//                                         ...and the same against PostgreSQL, in schemas of their own
//                                         (search_path through the connection string), dropped after.
//
// Parts (BENCH_ONLY=limits,lighthouse,content runs only those; all by default):
//   start       (a) cold start to /api/ready: `npm start` (when the bundles are fresh) and server.js,
//               BENCH_STARTS runs, fresh DATA_DIR, RSS at ready.
//   routes      (b) scripts/measure-routes.mjs on a PGlite server with the demo content: JS per route
//               (home, blog, post, profile, search, login, dashboard): raw, gzip, br, brotli -q 11, wire.
//               Alias: js.
//   lighthouse  scripts/bench-lighthouse.mjs on the same server: mobile, median of BENCH_LIGHTHOUSE_RUNS (3)
//               on home, a post, the blog and a profile.
//   inp         scripts/bench-inp.mjs on the same server: INP of first actions (menu, languages, typing) at 390 px
//               with Lighthouse's mobile throttling, before, while and after the page's code starts.
//   api         (c) autocannon on /api/health, /api/seo/public-seo, recent users and / (shell html),
//               on PGlite and on PostgreSQL: req/s, p50, p99, RSS before and at peak.
//   content     (d) at BENCH_ARTICLES_SMALL (200) and BENCH_ARTICLES (10 000) articles on each database:
//               a server seeds the demo content and stops; scripts/bench-seed.mjs adds the articles, with a
//               published en-US and es-ES translation of each, and prints EXPLAIN (ANALYZE) of the public
//               endpoints' queries (pt-BR and en-US reads, search in the three languages); a server restarted
//               on that data gets autocannon on the public JSON reads, RSS, the home / blog page 200 / post HTML,
//               home with a unique query string per request, broad and selective search, each without
//               and with If-None-Match (the 304 path) where an ETag came back.
//   memory      at BENCH_ARTICLES, on each database, first thing after the restart: idle RSS, RSS while
//               home gets a unique query string per request for BENCH_MEMORY_SECONDS (30) and after,
//               and /api/health p99 while 40 broad searches run at once (two autocannon instances).
//   cold-pages  at BENCH_ARTICLES, on each database, right after the restart: scripts/bench-cold-pages.mjs, blog
//               pages nobody has asked for yet, each asked once (pages 2–301, then 500–799; every request a miss
//               of the answer cache), then pages 2–301 again (cached), BENCH_CONNECTIONS connections.
//   limits      at BENCH_ARTICLES, on each database: scripts/bench-limits.mjs, Vitrine against a bare Node
//               server sending the same bytes, 20 connections (BENCH_LIMIT_CONNECTIONS), plain and browser
//               clients: the pages in pt-BR and en-US, the JSON reads, broad and selective search in pt-BR,
//               en-US and es-ES; then the same searches as misses of the answer cache (every request spelled
//               anew), BENCH_SEARCH_MISSES (100) requests at 1 connection and 4 times as many at
//               BENCH_LIMIT_CONNECTIONS: req/s, p50, p99.
//   audience    on each database: scripts/bench-audience.mjs, the leads list with each filter at BENCH_LEADS
//               (100 000) leads (p50 / p95), their CSV export streamed (time, peak RSS), and the weekly digest
//               to BENCH_SUBSCRIBERS (10 000) subscribers through a local SMTP server (mails/s, peak RSS).
//   dashboard   on each database: scripts/bench-dashboard.mjs, the day's rollups, then GET /api/reports/dashboard
//               for the presets (7, 30, 90 days) and two custom ranges (p50 / p95) at BENCH_ARTICLES articles,
//               BENCH_READS (1 000 000) reads and BENCH_LEADS leads.
//   releases    on each database, the demo content: scripts/bench-releases.mjs, broken releases of the public remote
//               (its blog page's server render loops forever, or allocates until its worker's memory limit) published
//               and activated with the release command; for BENCH_RELEASES_SECONDS (15) BENCH_RELEASES_CONNECTIONS (4)
//               clients ask blog pages while autocannon asks /api/health at 1 connection: /api/health p50 / p99 / max,
//               req/s, the blog answers by kind (rendered, plain shell, errors), peak RSS, the server's pid and its
//               warn lines by reason; then the rollback and the time to a server-rendered blog page. The good release
//               under the same load first.
//
// Knobs: BENCH_DURATION (4 s per autocannon run), BENCH_CONNECTIONS (20), BENCH_STARTS (3),
// BENCH_ARTICLES (10 000), BENCH_ARTICLES_SMALL (200; 0 skips that size), BENCH_MEMORY_SECONDS (30),
// BENCH_LIGHTHOUSE_RUNS (3), BENCH_LIMIT_CONNECTIONS (20), BENCH_SEARCH_MISSES (100), BENCH_RELEASES_SECONDS (15),
// BENCH_RELEASES_CONNECTIONS (4), BENCH_DATABASES=pglite|postgres (content, memory, limits and releases on one of them
// only), BENCH_JSON=<file> (every figure as JSON).
// Kept from before: BENCH_SKIP_BASE=1 (no start, routes, lighthouse, api), BENCH_SKIP_ROUTES=1,
// BENCH_SKIP_CONTENT=1 (no content, memory, limits: nothing at N articles).
//
// Search requests carry a client address of their own (X-Forwarded-For; the bench's servers trust
// loopback): the per-address search limit (60 a minute) would otherwise answer 429 to the load itself.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { needsBuild, TARGETS } from './lib.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BROWSER_ACCEPT, benchSeed, cannon, runJsonScript, loadAvg, median, ownAddress, root, SEARCHES, searchPath, SERVER_JS, settledCapture, sleep, startServer, table, withSchema } from './bench-lib.mjs';
import { lighthouseBench, printLighthouse } from './bench-lighthouse.mjs';
import { inpBench, printInp } from './bench-inp.mjs';
import { coldPages } from './bench-cold-pages.mjs';
import { limitTable, printLimitTable, searchMisses } from './bench-limits.mjs';
import { printReleases, releasesBench } from './bench-releases.mjs';
import { samplePaths } from './measure-routes.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const ARTICLES_SMALL = Number(process.env.BENCH_ARTICLES_SMALL ?? 200);
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 30);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const LIMIT_CONNECTIONS = Number(process.env.BENCH_LIMIT_CONNECTIONS ?? 20);
const SEARCH_MISSES = Number(process.env.BENCH_SEARCH_MISSES ?? 100);
const RELEASES_SECONDS = Number(process.env.BENCH_RELEASES_SECONDS ?? 15);
const RELEASES_CONNECTIONS = Number(process.env.BENCH_RELEASES_CONNECTIONS ?? 4);
const BROAD = SEARCHES['pt-BR'].broad; // names a category and is in a third of the seeded articles (bench-seed.ts)
const SELECTIVE = SEARCHES['pt-BR'].selective; // RARE_TERM of bench-seed.ts: one article in 397

const PARTS = ['start', 'routes', 'lighthouse', 'inp', 'api', 'content', 'memory', 'cold-pages', 'limits', 'audience', 'dashboard', 'releases'];
const only = process.env.BENCH_ONLY?.split(',').map((p) => (p.trim() === 'js' ? 'routes' : p.trim())).filter(Boolean);
const unknown = only?.filter((p) => !PARTS.includes(p)) ?? [];
if (unknown.length) throw new Error(`BENCH_ONLY: unknown part ${unknown.join(', ')} (parts: ${PARTS.join(', ')}, js)`);
const parts = new Set(only ?? PARTS);
if (process.env.BENCH_SKIP_BASE === '1') for (const p of ['start', 'routes', 'lighthouse', 'inp', 'api']) parts.delete(p);
if (process.env.BENCH_SKIP_ROUTES === '1') parts.delete('routes');
if (process.env.BENCH_SKIP_CONTENT === '1') for (const p of ['content', 'memory', 'cold-pages', 'limits']) parts.delete(p);
const databases = [{ label: 'pglite' }, ...(process.env.BENCH_DATABASE_URL ? [{ label: 'postgres' }] : [])].filter(
  (db) => !process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.split(',').includes(db.label),
);

const results = { at: new Date().toISOString(), machine: `${os.cpus().length} cores, Node ${process.version}`, knobs: { DURATION, CONNECTIONS, ARTICLES, ARTICLES_SMALL }, parts: [...parts] };
const startedAt = performance.now();
const elapsed = () => `${((performance.now() - startedAt) / 60_000).toFixed(1)} min`;

/** Runs one part; a part that fails is reported (and fails the bench at the end) without stopping the others. */
async function attempt(name, fn) {
  try {
    return await fn();
  } catch (error) {
    console.error(`\n[bench] ${name} failed: ${error.stack ?? error}`);
    (results.failures ??= []).push(`${name}: ${error.message ?? error}`);
    return undefined;
  }
}

// ---- (a) start-up ---------------------------------------------------------------------------

async function startBench() {
  const scanStarted = performance.now();
  const stale = Object.keys(TARGETS).filter(needsBuild);
  const scanMs = performance.now() - scanStarted;
  if (stale.length) {
    console.log(`note: scripts/lib.mjs needsBuild() reports ${stale.join(', ')} stale, so \`npm start\` would rebuild them first;`);
    console.log('      only node services/api/dist/server.js (what npm start runs after that check) is timed. Build first for the npm start figure.');
  }
  console.log(`\n(a) cold start to /api/ready (fresh DATA_DIR, PGlite), ${STARTS} runs, ${os.cpus().length} cores, Node ${process.version}`);
  console.log(`    staleness check of scripts/start.mjs (needsBuild over the sources): ${scanMs.toFixed(0)} ms`);
  const starts = [];
  for (let i = 0; i < STARTS; i++) {
    const row = {};
    if (!stale.length) {
      const viaStart = await startServer([path.join(root, 'scripts/start.mjs')]);
      row.npmStartMs = Math.round(viaStart.readyMs);
      row.rebuilt = /\[start\] building/.test(viaStart.output());
      await viaStart.stop();
    }
    const direct = await startServer();
    row.serverJsMs = Math.round(direct.readyMs);
    row.rssAtReadyMiB = direct.rss.nowMiB();
    await direct.stop();
    starts.push(row);
  }
  table(starts);
  console.log(
    `median: ${stale.length ? '' : `npm start ${median(starts.map((s) => s.npmStartMs))} ms, `}node services/api/dist/server.js ${median(starts.map((s) => s.serverJsMs))} ms`,
  );
  results.start = starts;
}

// ---- (b) JS per route, Lighthouse, (c) API throughput on the demo content -------------------------

const API_ENDPOINTS = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/seo/public-seo', path: '/api/seo/public-seo' },
  { name: 'GET /api/user/user/recent-updated-users/4', path: '/api/user/user/recent-updated-users/4' },
  { name: 'GET / (shell html)', path: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } },
];

async function apiLoad(server, label) {
  const rows = [];
  for (const ep of API_ENDPOINTS) {
    const check = await settledCapture(server.baseUrl + ep.path, ep.headers);
    if (check.status !== 200) throw new Error(`${ep.name} answered ${check.status} before the run`);
    rows.push({ db: label, endpoint: ep.name, ...(await cannon(server.baseUrl, { path: ep.path, headers: ep.headers, connections: CONNECTIONS, duration: DURATION, rss: server.rss })) });
  }
  return rows;
}

function measureRoutes(baseUrl) {
  return new Promise((resolve, reject) => {
    const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-routes-')), 'routes.json');
    const child = spawn(process.execPath, [path.join(root, 'scripts/measure-routes.mjs'), '--json', json], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BASE_URL: baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD },
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`measure-routes exited with ${code}`));
      const out = JSON.parse(fs.readFileSync(json, 'utf8'));
      fs.rmSync(path.dirname(json), { recursive: true, force: true });
      resolve(Object.fromEntries(Object.entries(out.routes).map(([route, t]) => [route, { files: t.count, raw: t.raw, gzip: t.gzip, br: t.br, q11: t.q11, wire: t.wire }])));
    });
  });
}

async function demoBench() {
  const apiRows = [];
  if (parts.has('routes') || parts.has('lighthouse') || parts.has('inp') || parts.has('api')) {
    const pglite = await startServer();
    try {
      if (parts.has('routes')) {
        console.log(`\n(b) JS per route (scripts/measure-routes.mjs) [${elapsed()}]`);
        results.routes = await attempt('routes', () => measureRoutes(pglite.baseUrl));
      }
      if (parts.has('lighthouse')) {
        console.log(`\nLighthouse: ${LIGHTHOUSE_RUNS} runs on each of home, a post, the blog and a profile (demo content, PGlite) [${elapsed()}]`);
        results.lighthouse = await attempt('lighthouse', () => lighthouseBench(pglite.baseUrl, LIGHTHOUSE_RUNS));
        if (results.lighthouse) printLighthouse(results.lighthouse, LIGHTHOUSE_RUNS);
      }
      if (parts.has('inp')) {
        console.log(`\nINP: first actions on home, a post and the blog at three moments of their start (demo content, PGlite) [${elapsed()}]`);
        results.inp = await attempt('inp', () => inpBench(pglite.baseUrl));
        if (results.inp) printInp(results.inp);
      }
      if (parts.has('api')) {
        console.log(`\n(c) autocannon: ${CONNECTIONS} connections, ${DURATION} s per endpoint [${elapsed()}]`);
        apiRows.push(...((await attempt('api on pglite', () => apiLoad(pglite, 'pglite'))) ?? []));
      }
    } finally {
      results.peakRssMiB = { 'pglite, demo content (routes, lighthouse, api)': pglite.rss.peakMiB() };
      await pglite.stop();
    }
  }
  if (parts.has('api') && process.env.BENCH_DATABASE_URL) {
    await attempt('api on postgres', () => withSchema(async (url, schema) => {
      const server = await startServer([SERVER_JS], { DATABASE_URL: url });
      console.log(`PostgreSQL server ready in ${Math.round(server.readyMs)} ms (schema ${schema}: migrations + seed)`);
      try {
        apiRows.push(...(await apiLoad(server, 'postgres')));
      } finally {
        (results.peakRssMiB ??= {})['postgres, demo content (api)'] = server.rss.peakMiB();
        await server.stop();
      }
    }));
  }
  if (apiRows.length) {
    table(apiRows);
    results.api = apiRows;
  }
}

// ---- (d) content, memory and limits at N articles ------------------------------------------------

/** Memory and the event loop under hostile load, on a server that has served nothing yet. */
async function memoryBench(server, label) {
  await sleep(5000);
  const idleMiB = server.rss.nowMiB();
  const timeline = [];
  const tick = setInterval(() => timeline.push(server.rss.nowMiB()), 5000);
  const unique = await cannon(server.baseUrl, {
    path: '/',
    headers: { accept: BROWSER_ACCEPT },
    each: (n) => ({ path: `/?n=${n}` }),
    connections: CONNECTIONS,
    duration: MEMORY_SECONDS,
    rss: server.rss,
  });
  clearInterval(tick);
  const endMiB = server.rss.nowMiB();
  await sleep(5000);
  const settledMiB = server.rss.nowMiB();
  // Two autocannon instances at once: 40 broad searches in flight, and one client asking for /api/health;
  // at least 10 s, so that a health check held up for seconds still lands inside the run.
  const seconds = Math.max(DURATION, 10);
  const [search, health] = await Promise.all([
    cannon(server.baseUrl, { path: searchPath(BROAD), each: ownAddress, connections: 40, duration: seconds }),
    cannon(server.baseUrl, { path: '/api/health', connections: 1, duration: seconds }),
  ]);
  const row = {
    db: label,
    idleMiB,
    uniqueHomeReqPerSec: unique.reqPerSec,
    uniqueHomeP99: unique.p99,
    unique2xx: unique['2xx'],
    uniqueOther: unique['4xx'] + unique['5xx'] + unique.errors,
    rssEvery5sMiB: timeline.join(' '),
    rssEndMiB: endMiB,
    rssPeakMiB: unique.rssPeakMiB,
    rss5sAfterMiB: settledMiB,
    searchReqPerSec: search.reqPerSec,
    search2xx: search['2xx'],
    searchOther: search['4xx'] + search['5xx'] + search.errors,
    healthAnswers: health['2xx'],
    healthP50: health.p50,
    healthP99: health.p99,
    load1: loadAvg(),
  };
  console.log(`\nmemory (${label}, ${ARTICLES} articles): idle RSS, home with /?n=<counter> for ${MEMORY_SECONDS} s (${CONNECTIONS} connections), /api/health (1 connection) while 40 connections search "${BROAD}" for ${seconds} s`);
  table([row]);
  return row;
}

/** The public endpoints of the content table, for a server holding the seeded articles. */
async function contentEndpoints(baseUrl) {
  const { article, post } = await samplePaths(baseUrl);
  const html = { accept: 'text/html', 'accept-encoding': 'gzip' };
  return [
    { name: 'home json', path: '/api/public/home' },
    { name: 'blog list p1', path: '/api/public/articles?page=1' },
    { name: 'blog list p200', path: '/api/public/articles?page=200' },
    { name: 'article', path: `/api/public/article/${article.id}/${article.unique_key}` },
    { name: 'author', path: `/api/public/author/${article.author.id}/${article.author.unique_key}` },
    { name: 'search broad', path: searchPath(BROAD), each: ownAddress },
    { name: 'search selective', path: searchPath(SELECTIVE), each: ownAddress },
    { name: 'rss', path: '/rss.xml' },
    { name: 'home html', path: '/', headers: html },
    { name: 'home html /?n=<unique>', path: '/', headers: html, each: (n) => ({ path: `/?n=${n}` }), noEtag: true },
    { name: 'blog html p200', path: '/blog?page=200', headers: html },
    { name: 'post html', path: post, headers: html },
  ];
}

async function contentTable(server, label, count) {
  const rows = [];
  for (const ep of await contentEndpoints(server.baseUrl)) {
    const check = await settledCapture(server.baseUrl + ep.path, { ...ep.headers, ...ep.each?.(0).headers });
    if (check.status >= 500) throw new Error(`${ep.name} (${ep.path}) answered ${check.status} before the run`);
    const body = check.body;
    const etag = check.headers.etag;
    const variants = [{ inm: false, headers: ep.headers ?? {} }];
    if (etag && !ep.noEtag) variants.push({ inm: true, headers: { ...ep.headers, 'if-none-match': etag } });
    for (const v of variants) {
      const result = await cannon(server.baseUrl, { path: ep.path, headers: v.headers, each: ep.each, connections: CONNECTIONS, duration: DURATION, rss: server.rss });
      rows.push({ db: label, articles: count, endpoint: ep.name, status: check.status, inm: v.inm ? '304' : '-', bytes: v.inm ? 0 : body.length, ...result, load1: loadAvg() });
    }
  }
  return rows;
}

/** One database at `count` articles: seed, EXPLAIN, restart, then the parts that run at that size. */
async function atSize(label, dbEnv, count, { large }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-content-'));
  const out = { db: label, articles: count };
  try {
    const first = await startServer([SERVER_JS], dbEnv, { dataDir, keepData: true });
    await first.stop();
    const seeded = await benchSeed(['--count', String(count), ...(parts.has('content') ? ['--explain'] : [])], { DATA_DIR: dataDir, ...dbEnv });
    out.seed = seeded.seed;
    console.log(`\n${label}: seeded ${seeded.seed.articles} articles, ${seeded.seed.translations} translations, ${seeded.seed.categoryLinks} category links, ${seeded.seed.reads} daily read rows in ${(seeded.seed.ms / 1000).toFixed(1)} s [${elapsed()}]`);
    if (seeded.explain) {
      console.log(`EXPLAIN (ANALYZE) of the queries each endpoint sends (${label}; ms = Execution Time, seq = tables scanned sequentially):`);
      table(seeded.explain.map((e) => ({ url: e.url.slice(0, 44), ms: e.ms, seq: e.seqScans || '-', query: e.query.slice(0, 70) })));
      out.explain = seeded.explain;
    }
    const server = await startServer([SERVER_JS], dbEnv, { dataDir, keepData: true });
    out.readyMs = Math.round(server.readyMs);
    out.readyRssMiB = server.rss.nowMiB();
    console.log(`${label}: server restarted on ${count} articles, ready in ${out.readyMs} ms, RSS ${out.readyRssMiB} MiB (load avg ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
    try {
      const at = `${label} at ${count} articles`;
      /** A failed part shows the server's last output (a crash, a database error…). */
      const part = (name, fn) =>
        attempt(`${name} (${at})`, async () => {
          try {
            return await fn();
          } catch (error) {
            console.error(`${at}: ${name} failed; the server's last output:\n${server.output().slice(-4000)}`);
            throw error;
          }
        });
      if (large && parts.has('memory')) out.memory = await part('memory', () => memoryBench(server, label));
      // Before anything else asks a blog page: every page of the first runs is a miss.
      if (large && parts.has('cold-pages')) {
        console.log(`\ncold pages (${at}): blog pages nobody asked for yet, each once, ${CONNECTIONS} connections [${elapsed()}]`);
        out.coldPages = await part('cold-pages', () => coldPages(server, label, { connections: CONNECTIONS, articles: count }));
        if (out.coldPages) table(out.coldPages);
      }
      if (parts.has('content')) {
        console.log(`\n(d) ${at}: ${CONNECTIONS} connections, ${DURATION} s per endpoint and variant [${elapsed()}]`);
        out.content = await part('content', () => contentTable(server, label, count));
        if (out.content) table(out.content);
      }
      if (large && parts.has('limits')) {
        console.log(`\nlimit table (${at}) [${elapsed()}]`);
        out.limits = await part('limits', () => limitTable(server, label, { duration: DURATION, connections: LIMIT_CONNECTIONS }));
        if (out.limits) out.limits.misses = await part('search misses', () => searchMisses(server, label, { connections: LIMIT_CONNECTIONS, amount: SEARCH_MISSES }));
        if (out.limits) printLimitTable(out.limits, { duration: DURATION, connections: LIMIT_CONNECTIONS });
      }
    } finally {
      out.peakRssMiB = server.rss.peakMiB();
      await server.stop();
    }
    return out;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function contentBench() {
  const sizes = [...(parts.has('content') && ARTICLES_SMALL > 0 ? [ARTICLES_SMALL] : []), ARTICLES];
  results.content = [];
  for (const db of databases) {
    for (const count of sizes) {
      const run = (dbEnv) => atSize(db.label, dbEnv, count, { large: count === ARTICLES });
      const out = await attempt(`${db.label} at ${count} articles`, () => (db.label === 'postgres' ? withSchema((url) => run({ DATABASE_URL: url })) : run({})));
      if (out) results.content.push(out);
    }
  }
}

// ---------------------------------------------------------------------------------------------

/** scripts/bench-audience.mjs on one database (with gc exposed: RSS is read after a collection). */
const runAudience = (env) => runJsonScript('scripts/bench-audience.mjs', [], env, ['--expose-gc']);

function printAudience(a) {
  console.log(`\naudience on ${a.db}: ${a.leads} leads (seeded in ${(a.seedMs / 1000).toFixed(1)} s), leads list p50 / p95 in ms:`);
  table(a.list);
  console.log(`CSV export of every lead: ${a.export.rows} rows, ${(a.export.bytes / 1048576).toFixed(1)} MiB in ${(a.export.ms / 1000).toFixed(1)} s; RSS ${a.export.rssBeforeMiB} → peak ${a.export.peakRssMiB} MiB`);
  console.log(`weekly digest to ${a.digest.recipients} subscribers: ${a.digest.sent} sent (${a.digest.received} received by the SMTP server) in ${a.digest.seconds} s = ${a.digest.perSecond} mails/s (rate setting ${a.digest.rate}); peak RSS ${a.digest.peakRssMiB} MiB`);
}

async function audienceBench() {
  results.audience = [];
  for (const db of databases) {
    const out = await attempt(`audience on ${db.label}`, () => (db.label === 'postgres' ? withSchema((url) => runAudience({ DATABASE_URL: url })) : runAudience({})));
    if (out) {
      results.audience.push(out);
      printAudience(out);
    }
  }
}

/** scripts/bench-dashboard.mjs on one database. */
const runDashboard = (env) => runJsonScript('scripts/bench-dashboard.mjs', [], env);

function printDashboard(d) {
  console.log(`\ndashboard on ${d.db}: ${d.articles} articles, ${d.reads} reads in ${d.readRows} article-days, ${d.leads} leads (seeded in ${(d.seedMs / 1000).toFixed(1)} s); the day's rollups ${d.rollupMs} ms; GET /api/reports/dashboard in ms:`);
  table(d.dashboard);
}

async function dashboardBench() {
  results.dashboard = [];
  for (const db of databases) {
    const out = await attempt(`dashboard on ${db.label}`, () => (db.label === 'postgres' ? withSchema((url) => runDashboard({ DATABASE_URL: url })) : runDashboard({})));
    if (out) {
      results.dashboard.push(out);
      printDashboard(out);
    }
  }
}

// ---------------------------------------------------------------------------------------------

/** Broken releases on a server of its own per database (the demo content); each run's server output on failure. */
async function releasesPart() {
  results.releases = [];
  const knobs = { seconds: RELEASES_SECONDS, connections: RELEASES_CONNECTIONS };
  for (const db of databases) {
    const run = async (dbEnv) => {
      const server = await startServer([SERVER_JS], dbEnv);
      console.log(`\nbroken releases (${db.label}): server ready in ${Math.round(server.readyMs)} ms, pid ${server.serverPid()} (load avg ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}) [${elapsed()}]`);
      try {
        return await releasesBench(server, db.label, { ...knobs, dbEnv });
      } catch (error) {
        console.error(`broken releases (${db.label}) failed; the server's last output:\n${server.output().slice(-4000)}`);
        throw error;
      } finally {
        await server.stop();
      }
    };
    const rows = await attempt(`releases on ${db.label}`, () => (db.label === 'postgres' ? withSchema((url) => run({ DATABASE_URL: url })) : run({})));
    if (rows) {
      results.releases.push(...rows);
      printReleases(rows, knobs);
    }
  }
}

console.log(`npm run bench: ${[...parts].join(', ')} on ${databases.map((d) => d.label).join(' and ')}; ${results.machine}; load avg ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (parts.has('start')) await attempt('start', startBench);
await demoBench();
if (parts.has('content') || parts.has('memory') || parts.has('cold-pages') || parts.has('limits')) await contentBench();
if (parts.has('audience')) await audienceBench();
if (parts.has('dashboard')) await dashboardBench();
if (parts.has('releases')) await releasesPart();

// The recap: every table once more, one after the other.
console.log(`\n==== recap (${elapsed()}) ====`);
if (results.routes) {
  console.log('\nJS per route (bytes; gzip / br as the server sends them, q11 = brotli -q 11 of the raw bytes, wire = what Chromium transferred):');
  table(Object.entries(results.routes).map(([route, t]) => ({ route, ...t })));
}
if (results.lighthouse) printLighthouse(results.lighthouse, LIGHTHOUSE_RUNS);
if (results.inp) printInp(results.inp);
if (results.api) {
  console.log('\n(c) demo content; latency in ms; rss in MiB of the server process; 4xx/5xx/errors should be 0');
  table(results.api);
}
for (const [run, peak] of Object.entries(results.peakRssMiB ?? {})) console.log(`peak RSS of the server, ${run}: ${peak} MiB`);
for (const c of results.content ?? []) {
  console.log(`\n${c.db} at ${c.articles} articles: seeded in ${(c.seed.ms / 1000).toFixed(1)} s; restart to ready ${c.readyMs} ms, RSS at ready ${c.readyRssMiB} MiB, peak RSS of the run ${c.peakRssMiB} MiB`);
  if (c.memory) table([c.memory]);
  if (c.coldPages) table(c.coldPages);
  if (c.content) table(c.content);
  if (c.limits) printLimitTable(c.limits, { duration: DURATION, connections: LIMIT_CONNECTIONS });
}
for (const a of results.audience ?? []) printAudience(a);
for (const d of results.dashboard ?? []) printDashboard(d);
for (const db of databases) {
  const rows = results.releases?.filter((r) => r.db === db.label) ?? [];
  if (rows.length) printReleases(rows, { seconds: RELEASES_SECONDS, connections: RELEASES_CONNECTIONS });
}
if (results.content?.some((c) => c.content)) console.log('\ninm 304 = the same request with If-None-Match of the ETag just answered (3xx should equal the requests); 4xx/5xx/errors should be 0');
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
if (results.failures) {
  console.error(`\n[bench] ${results.failures.length} part(s) failed:\n  ${results.failures.join('\n  ')}`);
  process.exitCode = 1;
}
