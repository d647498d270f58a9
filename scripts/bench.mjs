// npm run bench: start-up time, JS weight per route and API throughput of the production build.
//
//   npm run bench                         PGlite (embedded default)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
//                                         ...and the same load against PostgreSQL, in a schema of its
//                                         own (search_path through the connection string), dropped after.
//   BENCH_DURATION=10 BENCH_CONNECTIONS=10 BENCH_STARTS=3 BENCH_SKIP_ROUTES=1   (knobs)
//
// (a) cold `npm start`: fresh DATA_DIR, built bundles present; time from spawning
//     `node scripts/start.mjs` to /api/ready answering 200 (migrations + seed included).
// (b) scripts/measure-routes.mjs against the PGlite server.
// (c) autocannon, BENCH_DURATION s each, on GET /api/health, /api/seo/public-seo,
//     /api/user/user/recent-updated-users/4 and / (the shell's html): req/s, p50, p99, and the
//     server's RSS (VmRSS of /proc/<pid>/status) before and at its peak during the run.
//     POST /api/auth/auth is left out: wrong passwords are throttled after a few attempts.
// (d) content at BENCH_ARTICLES (10 000) articles, on PGlite and (with BENCH_DATABASE_URL) PostgreSQL:
//     a server seeds the demo content and stops; scripts/bench-seed.mjs (tsx) adds the articles
//     with reads and prints EXPLAIN (ANALYZE) of the public endpoints' queries; a server restarted
//     on that data is loaded with autocannon on home, blog list pages 1 and 200, an article, its
//     author, a broad and a selective search, /rss.xml and a post's crawler HTML, each without
//     and with If-None-Match (the 304 path). BENCH_SKIP_CONTENT=1 skips it; BENCH_SKIP_BASE=1 skips (a)–(c).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { needsBuild, TARGETS } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const ADMIN_EMAIL = 'admin@vitrine.test';
const ADMIN_PASSWORD = 'Bench-Adm1n!Vitrine';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Spawns a server command; resolves when /api/ready answers 200 with the elapsed ms. */
async function startServer(args, extraEnv = {}, { dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-')), keepData = false } = {}) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, ...extraEnv };
  for (const key of ['SMTP_URL', 'REMOTES_DIR_ADMIN', 'REMOTES_DIR_PUBLIC', 'ADMIN_REMOTE_URL', 'PUBLIC_REMOTE_URL']) delete env[key];
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  let exited = false;
  const exit = new Promise((resolve) => child.on('exit', (code) => ((exited = true), resolve(code))));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited) throw new Error(`server exited before ready:\n${out}`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).status === 200) break;
    } catch {
      // not yet
    }
    if (performance.now() - t0 > 300_000) throw new Error(`server not ready in 300 s:\n${out}`);
    await sleep(25);
  }
  const readyMs = performance.now() - t0;
  return {
    baseUrl,
    readyMs,
    dataDir,
    output: () => out,
    /** The Node process serving HTTP: start.mjs spawns server.js as its child. */
    serverPid() {
      if (!args[0].endsWith('start.mjs')) return child.pid;
      const kids = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      return Number(kids[0] ?? child.pid);
    },
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        await Promise.race([exit, sleep(15_000).then(() => child.kill('SIGKILL'))]);
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function rssKiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

const ENDPOINTS = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/seo/public-seo', path: '/api/seo/public-seo' },
  { name: 'GET /api/user/user/recent-updated-users/4', path: '/api/user/user/recent-updated-users/4' },
  { name: 'GET / (shell html)', path: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } },
];

async function load(server, label) {
  const pid = server.serverPid();
  const rows = [];
  for (const ep of ENDPOINTS) {
    const check = await fetch(server.baseUrl + ep.path, { headers: ep.headers ?? {} });
    if (check.status !== 200) throw new Error(`${ep.name} answered ${check.status} before the run`);
    const before = rssKiB(pid);
    let peak = before ?? 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKiB(pid) ?? 0)), 250);
    const result = await autocannon({ url: server.baseUrl + ep.path, duration: DURATION, connections: CONNECTIONS, headers: ep.headers ?? {} });
    clearInterval(sampler);
    rows.push({
      db: label,
      endpoint: ep.name,
      reqPerSec: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      rssBeforeMiB: before ? +(before / 1024).toFixed(0) : null,
      rssPeakMiB: +(peak / 1024).toFixed(0),
    });
  }
  return rows;
}

function table(rows) {
  const cols = Object.keys(rows[0]);
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (vals) => vals.map((v, i) => String(v).padEnd(widths[i])).join('  ');
  console.log(line(cols));
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}

// ---------------------------------------------------------------------------------------------

async function baseBench(rows) {
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
    const direct = await startServer([path.join(root, 'services/api/dist/server.js')]);
    row.serverJsMs = Math.round(direct.readyMs);
    const rss = rssKiB(direct.serverPid());
    row.rssAtReadyMiB = rss ? Math.round(rss / 1024) : null;
    await direct.stop();
    starts.push(row);
  }
  table(starts);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `median: ${stale.length ? '' : `npm start ${median(starts.map((s) => s.npmStartMs))} ms, `}node services/api/dist/server.js ${median(starts.map((s) => s.serverJsMs))} ms`,
  );

  const pglite = await startServer([path.join(root, 'services/api/dist/server.js')]);
  try {
    if (process.env.BENCH_SKIP_ROUTES !== '1') {
      console.log('\n(b) JS per route (scripts/measure-routes.mjs)');
      await new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(root, 'scripts/measure-routes.mjs')], {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, BASE_URL: pglite.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD },
        });
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`measure-routes exited with ${code}`))));
      });
    }
    console.log(`\n(c) autocannon: ${CONNECTIONS} connections, ${DURATION} s per endpoint`);
    rows.push(...(await load(pglite, 'pglite')));
  } finally {
    await pglite.stop();
  }

  if (process.env.BENCH_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const schema = `bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(process.env.BENCH_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    try {
      const server = await startServer([path.join(root, 'services/api/dist/server.js')], { DATABASE_URL: url.toString() });
      console.log(`PostgreSQL server ready in ${Math.round(server.readyMs)} ms (schema ${schema}: migrations + seed)`);
      try {
        rows.push(...(await load(server, 'postgres')));
      } finally {
        await server.stop();
      }
    } finally {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }
}

/** Throw-away PostgreSQL schema for one callback: search_path through the connection string. */
async function withSchema(fn) {
  const { default: pg } = await import('pg');
  const schema = `bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(process.env.BENCH_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    return await fn(url.toString(), schema);
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

/** scripts/bench-seed.mjs under tsx; resolves with its JSON line. */
function benchSeed(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench-seed.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`bench-seed exited with ${code}: ${out}`));
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`bench-seed printed no JSON: ${out}`));
      }
    });
  });
}

/** (d) on one database: seed, EXPLAIN, restart, load every content endpoint with and without If-None-Match. */
async function contentBench(label, dbEnv) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-content-'));
  try {
    const first = await startServer([path.join(root, 'services/api/dist/server.js')], dbEnv, { dataDir, keepData: true });
    await first.stop();
    const seeded = await benchSeed(['--count', String(ARTICLES), '--explain'], { DATA_DIR: dataDir, ...dbEnv });
    console.log(`\n${label}: seeded ${seeded.seed.articles} articles, ${seeded.seed.categoryLinks} category links, ${seeded.seed.reads} daily read rows in ${(seeded.seed.ms / 1000).toFixed(1)} s`);
    console.log(`EXPLAIN (ANALYZE) of the queries each endpoint sends (${label}; ms = Execution Time, seq = tables scanned sequentially):`);
    table(seeded.explain.map((e) => ({ url: e.url.slice(0, 44), ms: e.ms, seq: e.seqScans || '-', query: e.query.slice(0, 70) })));
    const server = await startServer([path.join(root, 'services/api/dist/server.js')], dbEnv, { dataDir, keepData: true });
    const pid = server.serverPid();
    const readyRss = rssKiB(pid);
    console.log(`${label}: server restarted on ${ARTICLES} articles, ready in ${Math.round(server.readyMs)} ms, RSS ${Math.round((readyRss ?? 0) / 1024)} MiB (load avg ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
    const rows = [];
    try {
      const page = (await (await fetch(`${server.baseUrl}/api/public/articles?page=1&limit=1`)).json()).data.items[0];
      const html = { accept: 'text/html', 'accept-encoding': 'gzip' };
      const endpoints = [
        { name: 'home', path: '/api/public/home' },
        { name: 'blog list p1', path: '/api/public/articles?page=1' },
        { name: 'blog list p200', path: '/api/public/articles?page=200' },
        { name: 'article', path: `/api/public/article/${page.id}/${page.unique_key}` },
        { name: 'author', path: `/api/public/author/${page.author.id}/${page.author.unique_key}` },
        { name: 'search broad', path: '/api/public/search?q=tecnologia' },
        { name: 'search selective', path: `/api/public/search?q=${encodeURIComponent('criptografia quântica')}` },
        { name: 'rss', path: '/rss.xml' },
        { name: 'post html (crawler)', path: `/post/${page.unique_key}/${page.id}`, headers: html },
      ];
      for (const ep of endpoints) {
        const check = await fetch(server.baseUrl + ep.path, { headers: ep.headers ?? {} });
        if (check.status !== 200) throw new Error(`${ep.name} (${ep.path}) answered ${check.status} before the run`);
        const body = await check.text();
        const etag = check.headers.get('etag');
        const variants = [{ inm: false, headers: ep.headers ?? {} }];
        if (etag) variants.push({ inm: true, headers: { ...(ep.headers ?? {}), 'if-none-match': etag } });
        for (const v of variants) {
          const before = rssKiB(pid);
          let peak = before ?? 0;
          const sampler = setInterval(() => (peak = Math.max(peak, rssKiB(pid) ?? 0)), 250);
          const result = await autocannon({ url: server.baseUrl + ep.path, duration: DURATION, connections: CONNECTIONS, headers: v.headers });
          clearInterval(sampler);
          rows.push({
            db: label,
            endpoint: ep.name,
            inm: v.inm ? '304' : '-',
            bytes: v.inm ? 0 : body.length,
            reqPerSec: Math.round(result.requests.average),
            p50: result.latency.p50,
            p99: result.latency.p99,
            '2xx': result['2xx'],
            '3xx': result['3xx'],
            other: result['4xx'] + result['5xx'],
            errors: result.errors + result.timeouts,
            rssBeforeMiB: before ? Math.round(before / 1024) : null,
            rssPeakMiB: Math.round(peak / 1024),
            load1: +os.loadavg()[0].toFixed(2),
          });
        }
      }
    } finally {
      await server.stop();
    }
    return { rows, seed: seeded.seed, readyMs: server.readyMs, readyRssMiB: Math.round((readyRss ?? 0) / 1024) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

const rows = [];
if (process.env.BENCH_SKIP_BASE !== '1') await baseBench(rows);
const content = [];
if (process.env.BENCH_SKIP_CONTENT !== '1') {
  console.log(`\n(d) content at ${ARTICLES} articles: ${CONNECTIONS} connections, ${DURATION} s per endpoint and variant`);
  content.push(await contentBench('pglite', {}));
  if (process.env.BENCH_DATABASE_URL) content.push(await withSchema((url) => contentBench('postgres', { DATABASE_URL: url })));
}
if (rows.length) {
  console.log('');
  table(rows);
  console.log('\nlatency in ms; rss in MiB of the server process; non2xx/errors should be 0');
}
for (const c of content) {
  console.log(`\n(d) ${c.rows[0]?.db}: ${c.seed.articles} articles seeded in ${(c.seed.ms / 1000).toFixed(1)} s; restart to ready ${Math.round(c.readyMs)} ms, RSS at ready ${c.readyRssMiB} MiB`);
  table(c.rows);
}
if (content.length) console.log('\ninm 304 = the same request with If-None-Match of the ETag just answered (3xx should equal the requests); other/errors should be 0');
