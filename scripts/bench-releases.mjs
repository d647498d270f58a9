// The releases part of `npm run bench`: a broken release of the public remote does not take the API down. On a
// running server (the production build, as `npm start` serves it), each broken variant of the public remote's build
// (scripts/broken-builds.mjs: the blog page's server render loops forever, or allocates until its worker's heap
// limit; home and the posts render as before, so it passes the smoke render before an activation) is published and
// activated with the release command, as an operator would (`npm run release -- publish|activate public`; on the
// embedded database it reaches the running server, on PostgreSQL the database directly). Then, for
// BENCH_RELEASES_SECONDS: BENCH_RELEASES_CONNECTIONS clients ask blog pages, each a page not asked before (a miss of
// the answer cache: every request is a render), and autocannon asks /api/health at 1 connection. Reported: /api/health
// req/s, p50, p99, max; the blog answers by kind (server-rendered, the plain shell, errors) and their p50 / max; the
// server's RSS at the start and its peak; its pid before and after; its warn lines by reason. Then `npm run release -- rollback public`, and the time until a blog
// page is server-rendered again. The same load on the good release first is the baseline.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_ACCEPT, cannon, loadAvg, median, root, sleep, table } from './bench-lib.mjs';
import { brokenBuild } from './broken-builds.mjs';
import { SERVER_ENV } from './lib.mjs';
import { samplePaths } from './measure-routes.mjs';

const PUBLIC_DIST = path.join(root, 'remotes/public/dist');
/** The variants, in order: the release active at start (the baseline), then each broken one. */
const VARIANTS = [
  { name: 'good (baseline)', kind: undefined },
  { name: 'loop', kind: 'loop' },
  { name: 'alloc', kind: 'alloc' },
];
/** Target: the API answers as usual whatever a release's server render does. */
export const HEALTH_P99_TARGET_MS = 50;

/** A server-rendered page names the release it was rendered with and carries its hydration data; the plain shell neither. */
const RELEASE_META = /<meta name="release:public" content="([^"]+)">/;
const SSR_DATA = 'id="vt-ssr-data"';
const PLAIN_ROOT = /<div id="?root"?><\/div>/;

/** What a page's answer is: 'rendered' (and by which release), 'shell' (the plain shell: the browser renders it) or 'error'. */
export function kindOf(status, body) {
  if (status >= 500) return { kind: 'error' };
  if (body.includes(SSR_DATA)) return { kind: 'rendered', release: RELEASE_META.exec(body)?.[1] };
  if (PLAIN_ROOT.test(body)) return { kind: 'shell' };
  return { kind: 'error' };
}

/** Blog pages never asked before: a number per request over the whole bench. */
let nextPage = 1;

async function askPage(baseUrl, url) {
  try {
    const res = await fetch(baseUrl + url, { headers: { accept: BROWSER_ACCEPT } });
    return { status: res.status, ...kindOf(res.status, await res.text()) };
  } catch (error) {
    return { status: 0, kind: 'error', detail: error.message };
  }
}

/** `connections` clients asking /blog?page=<n>, each waiting for its answer before the next; stop() ends them. */
function blogLoad(baseUrl, connections) {
  const counts = { rendered: 0, shell: 0, error: 0 };
  const statuses = {};
  const latencies = [];
  let stopping = false;
  const client = async () => {
    while (!stopping) {
      const started = performance.now();
      const got = await askPage(baseUrl, `/blog?page=${nextPage++}`);
      latencies.push(performance.now() - started);
      counts[got.kind] += 1;
      statuses[got.status] = (statuses[got.status] ?? 0) + 1;
    }
  };
  const clients = Array.from({ length: connections }, client);
  return {
    counts,
    statuses,
    latencies,
    async stop() {
      stopping = true;
      await Promise.all(clients);
    },
  };
}

/** Waits until `url` is server-rendered with `release` (every `everyMs`); answers the time it took, ms. */
async function renderedWith(baseUrl, url, release, { withinMs = 60_000, everyMs = 50 } = {}) {
  const started = performance.now();
  let last;
  while (performance.now() - started < withinMs) {
    last = await askPage(baseUrl, typeof url === 'function' ? url() : url);
    if (last.kind === 'rendered' && (!release || last.release === release)) return { ms: performance.now() - started, release: last.release };
    await sleep(everyMs);
  }
  throw new Error(`${typeof url === 'function' ? url() : url} not server-rendered with release ${release ?? '(any)'} within ${withinMs} ms (last: ${JSON.stringify(last)})`);
}

/** The warn lines of the server's log since `from` (its JSON lines): failed renders by reason, workers terminated. */
function warnLines(output) {
  const reasons = {};
  let terminated = 0;
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry.msg !== 'string') continue;
    if (entry.msg.startsWith('server render failed')) reasons[entry.reason] = (reasons[entry.reason] ?? 0) + 1;
    if (entry.msg.startsWith('a render worker did not stop a render')) terminated += 1;
  }
  return { reasons, terminated };
}

/**
 * `npm run release -- <args>` against this server: scripts/release.mjs (what the npm script runs) with the server's
 * DATA_DIR (the release folder, and on the embedded database the running server's control file) and database.
 */
function releaseCli(args, dataDir, dbEnv) {
  const env = { ...process.env, ...SERVER_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...dbEnv };
  for (const key of ['RELEASES_DIR', 'REMOTES_DIR_ADMIN', 'REMOTES_DIR_PUBLIC', 'ADMIN_REMOTE_URL', 'PUBLIC_REMOTE_URL', 'SMTP_URL']) delete env[key];
  if (!dbEnv.DATABASE_URL) delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(root, 'scripts/release.mjs'), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`npm run release -- ${args.join(' ')} exited with ${code}:\n${out}`));
      resolve({ out, ms: performance.now() - started });
    });
  });
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** One run of the load: the blog clients and /api/health at 1 connection, with what the server logged meanwhile. */
async function underLoad(server, { seconds, connections }) {
  const logFrom = server.output().length;
  const pid = server.serverPid();
  const rssStartMiB = server.rss.nowMiB();
  const load = blogLoad(server.baseUrl, connections);
  const health = await cannon(server.baseUrl, { path: '/api/health', connections: 1, duration: seconds, rss: server.rss, max: true });
  await load.stop();
  const ready = await fetch(`${server.baseUrl}/api/ready`).then((r) => r.status, () => 0);
  const { reasons, terminated } = warnLines(server.output().slice(logFrom));
  return {
    health,
    blog: load.counts,
    blogStatuses: load.statuses,
    blogP50: Math.round(median(load.latencies)),
    blogMax: Math.round(Math.max(...load.latencies)),
    rssStartMiB,
    reasons,
    terminated,
    pid,
    stayedUp: server.serverPid() === pid && alive(pid) && ready === 200,
  };
}

/**
 * The part on a running server (bench-lib's startServer). `dbEnv`: the server's DATABASE_URL, if any (the release
 * command's too). Answers a row per variant.
 */
export async function releasesBench(server, label, { seconds, connections, dbEnv = {} }) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-releases-'));
  const rows = [];
  try {
    const { post } = await samplePaths(server.baseUrl);
    const good = (await renderedWith(server.baseUrl, '/', undefined)).release;
    if (!good) throw new Error('home is rendered without a release:public meta tag: is the server serving the remotes from releases?');
    for (const variant of VARIANTS) {
      const row = { db: label, release: variant.name };
      let id = good;
      if (variant.kind) {
        const dir = brokenBuild(PUBLIC_DIST, path.join(work, variant.kind), variant.kind);
        const published = await releaseCli(['publish', 'public', dir], server.dataDir, dbEnv);
        id = /release (\d{14}-[0-9a-f]{8})/.exec(published.out)?.[1];
        if (!id) throw new Error(`no release id in the publish output:\n${published.out}`);
        const activated = await releaseCli(['activate', 'public', id], server.dataDir, dbEnv);
        if (!/smoke render passed/.test(activated.out)) throw new Error(`the ${variant.kind} release was activated without its smoke render:\n${activated.out}`);
        row.activateMs = Math.round(activated.ms);
      }
      // Home and a post are rendered with it (the variant breaks the blog alone): it is the release being served.
      await renderedWith(server.baseUrl, '/', id);
      await renderedWith(server.baseUrl, post, id);
      const run = await underLoad(server, { seconds, connections });
      Object.assign(row, {
        healthReqPerSec: run.health.reqPerSec,
        healthP50: run.health.p50,
        healthP99: run.health.p99,
        healthMax: run.health.max,
        healthOther: run.health['3xx'] + run.health['4xx'] + run.health['5xx'] + run.health.errors,
        blogRendered: run.blog.rendered,
        blogShell: run.blog.shell,
        blogErrors: run.blog.error,
        blogStatuses: Object.entries(run.blogStatuses).map(([s, n]) => `${s}×${n}`).join(' '),
        blogP50: run.blogP50,
        blogMax: run.blogMax,
        warnTimeLimit: run.reasons['time limit'] ?? 0,
        warnMemoryLimit: run.reasons['memory limit'] ?? 0,
        warnOther: Object.entries(run.reasons).filter(([r]) => r !== 'time limit' && r !== 'memory limit').map(([r, n]) => `${r}×${n}`).join(' ') || 0,
        workersTerminated: run.terminated,
        rssStartMiB: run.rssStartMiB,
        rssPeakMiB: run.health.rssPeakMiB,
        pid: run.pid,
        stayedUp: run.stayedUp ? 'yes' : 'NO',
      });
      if (variant.kind) {
        // Back to the good release; then the first blog page rendered again, asked every 50 ms from the command's exit.
        const rollback = await releaseCli(['rollback', 'public'], server.dataDir, dbEnv);
        const back = await renderedWith(server.baseUrl, () => `/blog?page=${nextPage++}`, good, { withinMs: 30_000 });
        row.rollbackMs = Math.round(rollback.ms);
        row.renderedAgainMs = Math.round(back.ms);
      }
      row.load1 = loadAvg();
      rows.push(row);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

export function printReleases(rows, { seconds, connections }) {
  console.log(
    `\nbroken releases (${rows[0]?.db}): ${seconds} s of /blog?page=<new> at ${connections} connections with /api/health at 1; ` +
      `latency in ms (target /api/health p99 < ${HEALTH_P99_TARGET_MS}); rollbackMs = the rollback command, renderedAgainMs = from its exit to a server-rendered blog page`,
  );
  table(rows);
}
