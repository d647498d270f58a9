// Helpers of `npm run bench` (scripts/bench.mjs and the parts it runs): servers started on a free
// port, their memory, autocannon runs, raw captures of answers, throw-away PostgreSQL schemas, tables.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_ENV, SERVER_NODE_ARGS } from './lib.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_EMAIL = 'admin@vitrine.test';
export const ADMIN_PASSWORD = 'Bench-Adm1n!Vitrine';
export const SERVER_JS = path.join(root, 'services/api/dist/server.js');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What a browser sends: the `Accept` of a navigation and the `Accept-Encoding` of Chromium. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
export const BROWSER_ENCODING = 'gzip, deflate, br';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function rssKiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export const mib = (kib) => (kib ? Math.round(kib / 1024) : null);

/** Samples a process's RSS every 250 ms: the peak since start (or the last reset) and now. */
export function watchRss(pidOf) {
  let peak = 0;
  const sample = () => {
    const now = rssKiB(pidOf());
    if (now) peak = Math.max(peak, now);
    return now;
  };
  const timer = setInterval(sample, 250);
  timer.unref();
  return {
    nowMiB: () => mib(sample()),
    peakMiB: () => (sample(), mib(peak)),
    stop: () => clearInterval(timer),
  };
}

/**
 * Spawns a Vitrine server (`services/api/dist/server.js`, what `npm start` runs once the bundles are
 * built, or scripts/start.mjs itself); resolves when /api/ready answers 200. The server's RSS is
 * sampled from then on (`rss.peakMiB()`: the peak of the whole run).
 */
export async function startServer(args = [SERVER_JS], extraEnv = {}, { dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-')), keepData = false } = {}) {
  const port = await freePort();
  // TRUST_PROXY: the bench gives some requests a client address of their own (ownAddress).
  const env = { ...process.env, ...SERVER_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, TRUST_PROXY: 'loopback', ...extraEnv };
  for (const key of ['SMTP_URL', 'REMOTES_DIR_ADMIN', 'REMOTES_DIR_PUBLIC', 'ADMIN_REMOTE_URL', 'PUBLIC_REMOTE_URL']) delete env[key];
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  const t0 = performance.now();
  // The server's output goes to a file, not through this process: autocannon runs here, and reading a
  // server's access log (a line per request) on this event loop slowed the load it generates for
  // Vitrine and not for the bare server, which logs nothing.
  const logFile = path.join(os.tmpdir(), `vitrine-bench-server-${process.pid}-${port}.log`);
  const logFd = fs.openSync(logFile, 'w');
  // server.js run directly gets the options start.mjs gives it.
  // BENCH_NODE_ARGS: Node options for the servers the bench starts (a profile: `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const extra = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(/\s+/).filter(Boolean) : [];
  const child = spawn(process.execPath, args[0] === SERVER_JS ? [...SERVER_NODE_ARGS, ...extra, ...args] : [...extra, ...args], { cwd: root, env, stdio: ['ignore', logFd, logFd] });
  fs.closeSync(logFd);
  const output = () => {
    try {
      return fs.readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  let exited = false;
  const exit = new Promise((resolve) => child.on('exit', (code) => ((exited = true), resolve(code))));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited) throw new Error(`server exited before ready:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).status === 200) break;
    } catch {
      // not yet
    }
    if (performance.now() - t0 > 300_000) throw new Error(`server not ready in 300 s:\n${output()}`);
    await sleep(25);
  }
  const readyMs = performance.now() - t0;
  /** The Node process serving HTTP: start.mjs spawns server.js as its child. */
  const serverPid = () => {
    if (!args[0].endsWith('start.mjs')) return child.pid;
    try {
      const kids = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      return Number(kids[0] ?? child.pid);
    } catch {
      return child.pid;
    }
  };
  const rss = watchRss(serverPid);
  return {
    baseUrl,
    readyMs,
    dataDir,
    rss,
    output,
    serverPid,
    async stop() {
      rss.stop();
      if (!exited) {
        child.kill('SIGTERM');
        await Promise.race([exit, sleep(15_000).then(() => child.kill('SIGKILL'))]);
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(logFile, { force: true });
    },
  };
}

/** Throw-away PostgreSQL schema for one callback: search_path through the connection string. */
export async function withSchema(fn) {
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

/**
 * A bench script under tsx (it imports the API's TypeScript sources) in a process of its own; resolves with
 * the JSON of its last line of output. Its stderr (progress) goes to the bench's.
 */
export function runJsonScript(script, args = [], env = {}, nodeArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, script), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`${script} exited with ${code}: ${out.slice(-2000)}`));
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`${script} printed no JSON: ${out.slice(-2000)}`));
      }
    });
  });
}

/** scripts/bench-seed.mjs; resolves with its JSON line. */
export function benchSeed(args, env) {
  return runJsonScript('scripts/bench-seed.mjs', args, env);
}

/**
 * Waits until a server has caught up with the previous run: requests that run left queued (a slow
 * endpoint's backlog, a blocked event loop) would otherwise be served during the next run and count
 * against it. Caught up = two answers in a row within 50 ms (any status); 30 s at most.
 */
export async function drain(baseUrl) {
  const until = Date.now() + 30_000;
  let fast = 0;
  while (fast < 2 && Date.now() < until) {
    const t0 = performance.now();
    await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer(), () => undefined);
    fast = performance.now() - t0 < 50 ? fast + 1 : 0;
    if (fast < 2) await sleep(100);
  }
}

/**
 * One autocannon run, once the server has drained the previous one. `each(n)` builds the n-th request (a request builder: a unique query
 * string, a client address of its own…) and returns what changes: { path?, headers? };
 * `paths` cycles every connection through several paths. `amount`: that many requests, then stop (instead of
 * `duration` seconds); req/s is then the requests over the run's time. Returns the figures of a table row,
 * with the peak RSS during the run of `rss` (a watchRss) when given, and the longest latency when `max` is set.
 */
export async function cannon(baseUrl, { path: p = '/', paths, headers = {}, connections, duration, amount, each, rss, max = false }) {
  let counter = 0;
  const requests = paths
    ? paths.map((one) => ({ method: 'GET', path: one }))
    : each
      ? [
          {
            method: 'GET',
            setupRequest: (req) => {
              const change = each((counter += 1));
              return { ...req, path: change.path ?? p, headers: { ...req.headers, ...change.headers } };
            },
          },
        ]
      : undefined;
  await drain(baseUrl);
  const before = rss?.nowMiB() ?? null;
  let peak = before ?? 0;
  const sampler = rss ? setInterval(() => (peak = Math.max(peak, rss.nowMiB() ?? 0)), 250) : undefined;
  const started = performance.now();
  const run = autocannon({ url: baseUrl + (paths ? paths[0] : p), headers, connections, ...(amount ? { amount } : { duration }), ...(requests ? { requests } : {}) });
  // autocannon ends an `amount` run at its next one-second tick, and its duration counts whole seconds: 300
  // answers in 1.2 s would read as 2 s. The run's time is up to its last answer.
  let last = started;
  run.on('response', () => (last = performance.now()));
  const result = await run;
  const seconds = (last - started) / 1000;
  clearInterval(sampler);
  if (rss) peak = Math.max(peak, rss.nowMiB() ?? 0);
  // Nothing answered during the run: the latencies are longer than the run, not 0.
  const count = result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const answered = count > 0;
  const longest = `>${Math.round((amount ? seconds : duration) * 1000)}`;
  return {
    reqPerSec: amount ? Math.round((count / seconds) * 10) / 10 : Math.round(result.requests.average),
    p50: answered ? result.latency.p50 : longest,
    p99: answered ? result.latency.p99 : longest,
    ...(max ? { max: answered ? result.latency.max : longest } : {}),
    '2xx': result['2xx'],
    '3xx': result['3xx'],
    '4xx': result['4xx'],
    '5xx': result['5xx'],
    errors: result.errors + result.timeouts,
    ...(rss ? { rssBeforeMiB: before, rssPeakMiB: peak } : {}),
  };
}

/** GET without decoding: the exact status, headers and body bytes Vitrine sends for these request headers. */
export function capture(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * `capture` once the server has caught up: a 503 (SERVER_BUSY, the bounded queue of heavy reads
 * still draining the previous run's requests) is asked again every half second, for 60 s at most.
 */
export async function settledCapture(url, headers = {}) {
  const until = Date.now() + 60_000;
  for (;;) {
    const got = await capture(url, headers);
    if (got.status !== 503 || Date.now() > until) return got;
    await sleep(500);
  }
}

export function table(rows) {
  if (!rows.length) return;
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (vals) => vals.map((v, i) => String(v ?? '').padEnd(widths[i])).join('  ');
  console.log(line(cols));
  for (const r of rows) console.log(line(cols.map((c) => r[c])));
}

/** A client address per request (X-Forwarded-For; the bench's servers trust loopback proxies): per-client rate limits stay out of the way. */
export const ownAddress = (n) => ({ headers: { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } });

export const loadAvg = () => +os.loadavg()[0].toFixed(2);
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The bench's searches in each language the seeded articles are in (services/api/src/bench-seed.ts: BROAD_TERMS,
 * the category 'tecnologia' named in that language, in a third of the articles; RARE_TERMS, in one in 397). Kept
 * here too: the bench runs without tsx.
 */
export const SEARCHES = {
  'pt-BR': { broad: 'tecnologia', selective: 'criptografia quântica' },
  'en-US': { broad: 'technology', selective: 'quantum cryptography' },
  'es-ES': { broad: 'tecnología', selective: 'criptografía cuántica' },
};

/** The public search API for `q` in `lang` (pt-BR: no lang parameter, as the site's default). */
export const searchPath = (q, lang = 'pt-BR') => `/api/public/search?q=${encodeURIComponent(q)}${lang === 'pt-BR' ? '' : `&lang=${lang}`}`;

/**
 * The n-th spelling of `term` in upper and lower case (n's bits over its ASCII letters; 0 is the term itself): the
 * same search for the database (the words and the topic are compared lowercased), another key for the answer cache.
 * `count` is how many spellings there are.
 */
export function spelling(term, n) {
  let bit = 0;
  return [...term].map((c) => (/[a-z]/i.test(c) ? ((n >> bit++) & 1 ? c.toUpperCase() : c.toLowerCase()) : c)).join('');
}
spelling.count = (term) => 2 ** [...term].filter((c) => /[a-z]/i.test(c)).length;
