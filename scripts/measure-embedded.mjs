// The embedded database's memory and the HTTP thread under heavy reads (docs/performance.md,
// "Memory"). Starts the built server (services/api/dist/server.js) on a copy of a data
// dir holding the benchmark content, then reports:
//   - RSS (VmRSS) at ready and after MEASURE_IDLE_S seconds idle;
//   - /api/health latency (1 connection, autocannon) alone, and while MEASURE_CONNECTIONS connections
//     send broad searches (`tecnologia`) at once, with the searches' own figures and the peak RSS.
//
//   node scripts/measure-embedded.mjs --from /path/to/DATA_DIR     (a stopped server's data dir, e.g. one
//                                                                   seeded by scripts/bench-seed.mjs)
//   ... --server <other build's server.js>                         (compare with another checkout)
//   MEASURE_DURATION=10 MEASURE_CONNECTIONS=40 MEASURE_IDLE_S=5     (knobs; extra env goes to the server,
//                                                                   e.g. HEAVY_READ_CONCURRENCY)
// Prints one JSON line. Never run against a data dir a server holds (PGlite: one process per dir).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_ENV, SERVER_NODE_ARGS } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { from: { type: 'string' }, server: { type: 'string' }, query: { type: 'string', default: 'tecnologia' } } });
if (!values.from) throw new Error('--from <data dir with the benchmark content> is required');
const DURATION = Number(process.env.MEASURE_DURATION ?? 10);
const CONNECTIONS = Number(process.env.MEASURE_CONNECTIONS ?? 40);
const IDLE_S = Number(process.env.MEASURE_IDLE_S ?? 5);
let addresses = 0;
const nextAddress = () => `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${(addresses += 1) & 255}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rssMiB(pid) {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : null;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-embedded-'));
fs.cpSync(values.from, dataDir, { recursive: true });
// A port the system hands out, released for the server to take.
const probe = net.createServer().listen(0, '127.0.0.1');
await once(probe, 'listening');
const { port } = probe.address();
await new Promise((resolve) => probe.close(resolve));
// Each search comes from an address of its own (X-Forwarded-For from the loopback proxy), so the per-address
// search rate limit (60 a minute) does not answer 429 in place of the work being measured.
const env = { ...process.env, ...SERVER_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' };
delete env.DATABASE_URL;
env.ADMIN_EMAIL ??= 'admin@vitrine.test';
env.ADMIN_PASSWORD ??= 'Bench-Adm1n!Vitrine';
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.resolve(values.server ?? path.join(root, 'services/api/dist/server.js'))], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
child.stdout.on('data', (c) => (out += c));
child.stderr.on('data', (c) => (out += c));
const exit = new Promise((resolve) => child.on('exit', resolve));
const base = `http://127.0.0.1:${port}`;
const result = {};
try {
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    try {
      if ((await fetch(`${base}/api/ready`)).status === 200) break;
    } catch {
      // not yet
    }
    await sleep(50);
  }
  result.readyS = Number(((performance.now() - t0) / 1000).toFixed(1));
  result.rssReady = rssMiB(child.pid);
  await sleep(IDLE_S * 1000);
  result.rssIdle = rssMiB(child.pid);

  const health = (duration) => autocannon({ url: `${base}/api/health`, connections: 1, duration });
  const summary = (r) => ({ reqs: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts });
  result.healthAlone = summary(await health(Math.min(DURATION, 5)));

  const searchUrl = `${base}/api/public/search?q=${encodeURIComponent(values.query)}`;
  const first = await fetch(searchUrl);
  const body = await first.json();
  result.search = { status: first.status, total: body.data?.total, partial: body.data?.partial };
  let peak = result.rssIdle ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(child.pid) ?? 0);
  }, 200);
  const [searches, healthLoaded] = await Promise.all([autocannon({
      url: searchUrl,
      connections: CONNECTIONS,
      duration: DURATION,
      setupClient: (client) => {
        client.setHeaders({ 'x-forwarded-for': nextAddress() });
        client.on('response', () => client.setHeaders({ 'x-forwarded-for': nextAddress() }));
      },
    }), health(DURATION)]);
  clearInterval(sampler);
  result.searchesLoaded = { connections: CONNECTIONS, ...summary(searches), status: searches.statusCodeStats };
  result.healthLoaded = summary(healthLoaded);
  result.rssPeak = peak;
  result.rssAfter = rssMiB(child.pid);
} finally {
  child.kill('SIGTERM');
  await Promise.race([exit, sleep(15_000).then(() => child.kill('SIGKILL'))]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(result));
