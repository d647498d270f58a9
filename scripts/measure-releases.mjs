// How soon the replicas serve a release (docs/decisions/releases.md): two API processes
// (services/api/dist/server.js) on one PostgreSQL database made for the run, and one RELEASES_DIR. The release command
// (services/api/dist/release.js with DATABASE_URL, as `npm run release` runs it) activates a second release of each
// remote, then rolls it back, ROUNDS times. From the moment the command exits, each replica is asked, over and over:
//   - /remotes.json, until it names the release (what a browser opening an admin screen or a page without its own
//     runtime config loads);
//   - for the public remote, the home page's HTML, until its `<meta name="release:public">` names the release (the
//     renderer looks at the active release at most once a second and loads its server build).
// Printed per step and replica: the median and the longest time to each, and how long the command ran (a public
// release's smoke render included). The target: both within a second of the command's exit.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node scripts/measure-releases.mjs
//   (BENCH_DATABASE_URL or TEST_DATABASE_URL when DATABASE_URL is not set; the run's database is made on that server
//   and dropped after.)   ROUNDS=5 POLL_MS=10   (knobs)
// The bundles must be built (node scripts/build.mjs). The second release of each remote is its dist/ with one file
// more (a new content hash). Progress on stderr; one JSON line with every figure last on stdout.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadAvg, median, root, sleep, startServer, table } from './bench-lib.mjs';

const SERVER_URL = process.env.DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!SERVER_URL) throw new Error('set DATABASE_URL (or BENCH_DATABASE_URL, TEST_DATABASE_URL) to a PostgreSQL server');
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const POLL_MS = Number(process.env.POLL_MS ?? 10);
const TARGET_MS = 1000;
const RELEASE_JS = path.join(root, 'services/api/dist/release.js');
for (const file of [RELEASE_JS, path.join(root, 'services/api/dist/server.js'), path.join(root, 'hosts/shell/dist/mf-manifest.json')]) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: node scripts/build.mjs`);
}

const log = (line) => process.stderr.write(`[measure-releases] ${line}\n`);
const temp = (name) => fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-measure-releases-${name}-`));
const database = `vitrine_measure_releases_${randomBytes(5).toString('hex')}`;
const url = new URL(SERVER_URL);
url.pathname = `/${database}`;
const databaseUrl = url.toString();
const releasesDir = temp('store');
const cliDataDir = temp('cli');
const seconds = { public: temp('public'), admin: temp('admin') };

async function onServer(sql) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The release command; resolves with its output and how long it ran, once it has exited (0, else it throws). */
function release(args) {
  const env = { ...process.env, DATABASE_URL: databaseUrl, RELEASES_DIR: releasesDir, DATA_DIR: cliDataDir, LOG_LEVEL: 'silent' };
  for (const key of ['REMOTES_DIR_PUBLIC', 'REMOTES_DIR_ADMIN', 'RELEASES_KEEP']) delete env[key];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RELEASE_JS, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve({ out, ms: performance.now() - started }) : reject(new Error(`release ${args.join(' ')} exited with ${code}:\n${out}`))));
  });
}

const remotesJson = async (server, remote) => {
  const body = await (await fetch(`${server.baseUrl}/remotes.json`)).json();
  return new RegExp(`/remotes/${remote}/r/([^/]+)/mf-manifest\\.json$`).exec(body.remotes[`${remote}_remote`] ?? '')?.[1];
};
const renderedWith = async (server) => /<meta name="?release:public"? content="?([^"\s>]+)/.exec(await (await fetch(`${server.baseUrl}/`, { headers: { accept: 'text/html' } })).text())?.[1];

/** Milliseconds from `since` until `read()` answers `id` (asked every POLL_MS); null when not within 30 s. */
async function until(read, id, since) {
  for (;;) {
    if ((await read()) === id) return Math.round(performance.now() - since);
    if (performance.now() - since > 30_000) return null;
    await sleep(POLL_MS);
  }
}

const servers = [];
const results = { at: new Date().toISOString(), machine: `${os.cpus().length} cores, Node ${process.version}`, rounds: ROUNDS, pollMs: POLL_MS, targetMs: TARGET_MS, steps: [] };
try {
  await onServer(`CREATE DATABASE ${database}`);
  const env = { DATABASE_URL: databaseUrl, RELEASES_DIR: releasesDir, LOG_LEVEL: 'warn' };
  // One after the other: the first migrates, seeds and makes the built remotes the first releases.
  for (const name of ['A', 'B']) {
    const server = await startServer(undefined, env);
    servers.push(Object.assign(server, { name }));
    log(`replica ${name} ready at ${server.baseUrl} (${Math.round(server.readyMs)} ms)`);
  }

  const ids = {};
  for (const remote of ['public', 'admin']) {
    const first = await remotesJson(servers[0], remote);
    fs.cpSync(path.join(root, 'remotes', remote, 'dist'), seconds[remote], { recursive: true });
    fs.writeFileSync(path.join(seconds[remote], 'measure-releases.txt'), `${randomBytes(8).toString('hex')}\n`);
    const { out } = await release(['publish', remote, seconds[remote]]);
    const second = /published \S+ release (\S+)/.exec(out)?.[1];
    if (!first || !second) throw new Error(`no ${remote} releases to switch between:\n${out}`);
    ids[remote] = { first, second };
  }

  const rows = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const remote of ['public', 'admin']) {
      for (const step of ['activate', 'rollback']) {
        const id = step === 'activate' ? ids[remote].second : ids[remote].first;
        const run = await release(step === 'activate' ? ['activate', remote, id] : ['rollback', remote]);
        const exited = performance.now();
        const load = loadAvg();
        const seen = await Promise.all(
          servers.map(async (server) => {
            const [json, page] = await Promise.all([until(() => remotesJson(server, remote), id, exited), remote === 'public' ? until(() => renderedWith(server), id, exited) : undefined]);
            return { replica: server.name, json, page };
          }),
        );
        for (const s of seen) rows.push({ round, step: `${step} ${remote}`, replica: s.replica, commandMs: Math.round(run.ms), remotesJsonMs: s.json, pageMs: s.page ?? null, load });
        log(`round ${round}: ${step} ${remote} (command ${Math.round(run.ms)} ms): ${seen.map((s) => `${s.replica} ${s.json} ms${s.page === undefined ? '' : ` / page ${s.page} ms`}`).join(', ')}`);
      }
    }
  }
  results.steps = rows;

  const summary = [];
  for (const step of [...new Set(rows.map((r) => r.step))]) {
    for (const replica of servers.map((s) => s.name)) {
      const mine = rows.filter((r) => r.step === step && r.replica === replica);
      const figures = (key) => mine.map((r) => r[key]).filter((v) => v !== null);
      const max = (key) => (mine.some((r) => r[key] === null) ? 'never' : Math.max(...figures(key)));
      summary.push({
        step,
        replica,
        'command ms (median)': median(figures('commandMs')),
        '/remotes.json ms (median)': median(figures('remotesJsonMs')),
        '/remotes.json ms (max)': max('remotesJsonMs'),
        ...(step.endsWith('public') ? { 'page ms (median)': median(figures('pageMs')), 'page ms (max)': max('pageMs') } : {}),
      });
    }
  }
  console.log(`\nTime from the release command's exit until each replica serves the release (${ROUNDS} rounds, asked every ${POLL_MS} ms; target ≤ ${TARGET_MS} ms)`);
  table(summary);
  const worst = Math.max(...rows.flatMap((r) => [r.remotesJsonMs ?? Infinity, r.pageMs ?? 0]));
  console.log(worst <= TARGET_MS ? `every step within ${worst} ms: within the target` : `the slowest step took ${worst === Infinity ? 'over 30 s' : `${worst} ms`}: over the target`);
  results.summary = summary;
} finally {
  for (const server of servers) await server.stop();
  await onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((err) => log(`could not drop ${database}: ${err.message}`));
  for (const dir of [releasesDir, cliDataDir, ...Object.values(seconds)]) fs.rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify(results));
