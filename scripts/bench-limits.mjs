// The limit table of `npm run bench`: how close Vitrine comes to the hardware on the public
// answers. For each answer, the exact status, headers and bytes Vitrine sends are captured once as a
// plain client and once with a browser's Accept-Encoding; a bare Node `http` server
// (scripts/bench-bare-server.mjs, a child process) then sends the very same bytes with the same
// Content-Type / Content-Encoding / ETag, and autocannon loads both, one after the other, row by row:
// answer | client | Vitrine req/s | bare req/s | ratio, with the peak RSS of both servers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { BROWSER_ACCEPT, BROWSER_ENCODING, CHROMIUM, cannon, loadAvg, root, settledCapture, sleep, table, watchRss } from './bench-lib.mjs';
import { CHROMIUM_ARGS, measure, samplePaths } from './measure-routes.mjs';

const KEPT_HEADERS = ['content-type', 'content-encoding', 'etag', 'vary', 'cache-control'];
const PAGE = { accept: BROWSER_ACCEPT };
const ANY = { accept: '*/*' };

/** The answers of the table: pages as a browser navigation asks for them, the rest as curl or fetch do. */
async function answers(baseUrl) {
  const { post, profile } = await samplePaths(baseUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  let js;
  try {
    const context = await browser.newContext({ locale: 'pt-BR' });
    js = (await measure(context, '/', 'home-page', baseUrl)).map((f) => f.path);
    await context.close();
  } finally {
    await browser.close();
  }
  return [
    { name: 'home /', path: '/', accept: PAGE },
    { name: 'blog /blog', path: '/blog', accept: PAGE },
    { name: 'blog /blog?page=200', path: '/blog?page=200', accept: PAGE },
    { name: 'post', path: post, accept: PAGE },
    { name: 'profile', path: profile, accept: PAGE },
    { name: 'search page', path: '/list-article-results/tecnologia', accept: PAGE },
    { name: '/api/public/home', path: '/api/public/home', accept: ANY },
    { name: '/api/public/articles?page=1', path: '/api/public/articles?page=1', accept: ANY },
    { name: '/rss.xml', path: '/rss.xml', accept: ANY },
    { name: '/sitemap.xml', path: '/sitemap.xml', accept: ANY },
    { name: `first-load JS of / (${js.length} files)`, paths: js, accept: ANY },
    { name: 'revalidation of / (304)', path: '/', accept: PAGE, revalidate: true },
  ];
}

const CLIENTS = [
  { name: 'plain', headers: {} },
  { name: 'browser', headers: { 'accept-encoding': BROWSER_ENCODING } },
];

function startBare(file) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/bench-bare-server.mjs'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.on('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.stdout.on('data', (c) => {
      out += c;
      const line = /\{.*\}/.exec(out);
      if (!line) return;
      const rss = watchRss(() => child.pid);
      resolve({
        baseUrl: `http://127.0.0.1:${JSON.parse(line[0]).port}`,
        rss,
        async stop() {
          rss.stop();
          child.removeAllListeners('exit');
          child.kill('SIGTERM');
          await sleep(100);
        },
      });
    });
  });
}

/**
 * Runs the table against a running Vitrine server (`server` from bench-lib's startServer). Returns
 * the rows and the peak RSS of each server over the whole table.
 */
export async function limitTable(server, label, { duration, connections }) {
  const list = await answers(server.baseUrl);
  // Capture first: every answer for both clients, before any load.
  const fixture = {};
  for (const a of list) {
    for (const url of a.paths ?? [a.path]) {
      for (const client of CLIENTS) {
        const got = await settledCapture(server.baseUrl + url, { ...a.accept, ...client.headers });
        // A page past the end (blog page 200 of a small blog) is a 404 page: measured as it is.
        if (got.status >= 500 || (a.paths && got.status !== 200)) throw new Error(`${a.name}: ${url} answered ${got.status} to the ${client.name} client`);
        const headers = Object.fromEntries(KEPT_HEADERS.filter((h) => got.headers[h] !== undefined).map((h) => [h, got.headers[h]]));
        fixture[url] ??= {};
        fixture[url][client.name] = { status: got.status, headers, body: got.body.toString('base64'), bytes: got.body.length };
      }
    }
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-bare-')), 'answers.json');
  fs.writeFileSync(file, JSON.stringify(fixture));
  const bare = await startBare(file);
  const rows = [];
  try {
    for (const a of list) {
      for (const client of CLIENTS) {
        const urls = a.paths ?? [a.path];
        const sent = urls.map((u) => fixture[u][client.name]);
        const etag = sent[0].headers.etag;
        if (a.revalidate && !etag) {
          rows.push({ db: label, answer: a.name, client: client.name, bytes: '-', encoding: '-', vitrine: 'no ETag', bare: '-', ratio: '-' });
          continue;
        }
        const headers = { ...a.accept, ...client.headers, ...(a.revalidate ? { 'if-none-match': etag } : {}) };
        if (a.revalidate) {
          const check = await settledCapture(server.baseUrl + a.path, headers);
          if (check.status !== 304) throw new Error(`${a.name}: If-None-Match ${etag} answered ${check.status}, not 304`);
        }
        const load = { path: a.path, paths: a.paths, headers, connections, duration };
        const v = await cannon(server.baseUrl, { ...load, rss: server.rss });
        const b = await cannon(bare.baseUrl, { ...load, rss: bare.rss });
        const expected = a.revalidate ? '3xx' : `${String(sent[0].status)[0]}xx`;
        const unexpected = (r) => ['2xx', '3xx', '4xx', '5xx'].reduce((n, k) => n + (k === expected ? 0 : r[k]), 0) + r.errors;
        const encodings = [...new Set(sent.map((s) => s.headers['content-encoding'] ?? 'identity'))].join('+');
        rows.push({
          db: label,
          answer: a.name,
          client: client.name,
          status: a.revalidate ? 304 : sent[0].status,
          bytes: a.revalidate ? 0 : sent.reduce((n, s) => n + s.bytes, 0),
          encoding: a.revalidate ? '-' : encodings,
          vitrine: v.reqPerSec,
          bare: b.reqPerSec,
          ratio: b.reqPerSec ? +(v.reqPerSec / b.reqPerSec).toFixed(3) : '-',
          vitrineP99: v.p99,
          bareP99: b.p99,
          // Answers other than the expected status (or errors) on either side: should be 0.
          unexpected: unexpected(v) + unexpected(b),
          vitrinePeakMiB: v.rssPeakMiB,
          barePeakMiB: b.rssPeakMiB,
          load1: loadAvg(),
        });
      }
    }
  } finally {
    await bare.stop();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
  return { rows, vitrinePeakMiB: server.rss.peakMiB(), barePeakMiB: bare.rss.peakMiB() };
}

export function printLimitTable({ rows, vitrinePeakMiB, barePeakMiB }, { duration, connections }) {
  console.log(`\nlimit table (${rows[0]?.db}): ${connections} connections, ${duration} s per server and row; ratio = Vitrine / bare req/s`);
  table(rows);
  console.log(`peak RSS over the table: Vitrine ${vitrinePeakMiB} MiB, bare server ${barePeakMiB} MiB`);
}
