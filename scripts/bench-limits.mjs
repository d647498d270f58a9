// The limit table of `npm run bench`: how close Vitrine comes to the hardware on the public
// answers. For each answer, the exact status, headers and bytes Vitrine sends are captured once as a
// plain client and once with a browser's Accept-Encoding; a bare Node `http` server
// (scripts/bench-bare-server.mjs, a child process) then sends the very same bytes with the same
// Content-Type / Content-Encoding / ETag, and autocannon loads both, one after the other, row by row:
// answer | client | Vitrine req/s | bare req/s | ratio, with the peak RSS of both servers. The pages are asked in
// pt-BR and in en-US (?lang=: the articles' English translations), search in pt-BR, en-US and es-ES.
//
// Then search as a miss of the answer cache (searchMisses): the broad and the selective search of each language,
// every request a spelling of its words not asked before (upper / lower case: the same search for the database,
// another key for the cache), at 1 connection and at the table's: req/s, p50, p99 of the whole search, database
// included.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { BROWSER_ACCEPT, BROWSER_ENCODING, CHROMIUM, cannon, loadAvg, ownAddress, root, SEARCHES, searchPath, settledCapture, sleep, spelling, table, watchRss } from './bench-lib.mjs';
import { CHROMIUM_ARGS, measure, samplePaths } from './measure-routes.mjs';

const KEPT_HEADERS = ['content-type', 'content-encoding', 'etag', 'vary', 'cache-control'];
const PAGE = { accept: BROWSER_ACCEPT };
const ANY = { accept: '*/*' };

const EN = 'lang=en-US';
const withLang = (p, lang) => `${p}${p.includes('?') ? '&' : '?'}${lang}`;

/**
 * The answers of the table: pages as a browser navigation asks for them, the rest as curl or fetch do. Search
 * requests each carry a client address of their own (`each`), past the per-address search limit.
 */
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
    { name: 'search page', path: `/list-article-results/${encodeURIComponent(SEARCHES['pt-BR'].broad)}`, accept: PAGE },
    { name: 'home /?lang=en-US', path: withLang('/', EN), accept: PAGE },
    { name: 'blog /blog?lang=en-US', path: withLang('/blog', EN), accept: PAGE },
    { name: 'blog /blog?page=200&lang=en-US', path: withLang('/blog?page=200', EN), accept: PAGE },
    { name: 'post ?lang=en-US', path: withLang(post, EN), accept: PAGE },
    { name: 'profile ?lang=en-US', path: withLang(profile, EN), accept: PAGE },
    { name: 'search page ?lang=en-US', path: withLang(`/list-article-results/${encodeURIComponent(SEARCHES['en-US'].broad)}`, EN), accept: PAGE },
    ...Object.entries(SEARCHES).flatMap(([lang, terms]) =>
      Object.entries(terms).map(([kind, q]) => ({ name: `search ${kind} ${lang}`, path: searchPath(q, lang), accept: ANY, each: ownAddress })),
    ),
    { name: '/api/public/home', path: '/api/public/home', accept: ANY },
    { name: '/api/public/articles?page=1', path: '/api/public/articles?page=1', accept: ANY },
    { name: '/rss.xml', path: '/rss.xml', accept: ANY },
    { name: '/sitemap.xml', path: '/sitemap.xml', accept: ANY },
    { name: '/sitemaps/1.xml', path: '/sitemaps/1.xml', accept: ANY },
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
        const load = { path: a.path, paths: a.paths, headers, connections, duration, each: a.each };
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

/** Spellings already asked, per search term, over every run against this process's servers: each is asked once. */
const asked = new Map();

/**
 * Search as a miss of the answer cache: for each language's broad and selective search, `amount` requests at 1
 * connection and `amount` × 4 at `connections`, each a spelling of the words not asked before (spelling 0, the
 * words as written, is what the table above asked: skipped), with a client address of its own.
 */
export async function searchMisses(server, label, { connections, amount = 100 }) {
  const rows = [];
  for (const [lang, terms] of Object.entries(SEARCHES)) {
    for (const [kind, q] of Object.entries(terms)) {
      const first = await settledCapture(server.baseUrl + searchPath(spelling(q, 0), lang));
      if (first.status !== 200) throw new Error(`search ${kind} ${lang}: ${searchPath(q, lang)} answered ${first.status}`);
      const { total, partial } = JSON.parse(first.body.toString()).data;
      for (const [c, count] of [
        [1, amount],
        [connections, amount * 4],
      ]) {
        const from = asked.get(q) ?? 1;
        if (from + count > spelling.count(q)) throw new Error(`search ${kind} ${lang}: ${q} has ${spelling.count(q)} spellings, ${from + count} needed`);
        asked.set(q, from + count);
        const each = (n) => ({ path: searchPath(spelling(q, from + n - 1), lang), headers: ownAddress(from + n).headers });
        const r = await cannon(server.baseUrl, { path: searchPath(q, lang), each, connections: c, amount: count, rss: server.rss });
        rows.push({
          db: label,
          search: `${kind} ${lang}`,
          matches: partial ? `>${total}` : total,
          connections: c,
          requests: count,
          reqPerSec: r.reqPerSec,
          p50: r.p50,
          p99: r.p99,
          '2xx': r['2xx'],
          // 503 SERVER_BUSY (the bounded queue of heavy reads), 429, errors: should be 0 at these connections on PostgreSQL.
          other: r['3xx'] + r['4xx'] + r['5xx'] + r.errors,
          load1: loadAvg(),
        });
      }
    }
  }
  return rows;
}

export function printLimitTable({ rows, vitrinePeakMiB, barePeakMiB, misses }, { duration, connections }) {
  console.log(`\nlimit table (${rows[0]?.db}): ${connections} connections, ${duration} s per server and row; ratio = Vitrine / bare req/s`);
  table(rows);
  console.log(`peak RSS over the table: Vitrine ${vitrinePeakMiB} MiB, bare server ${barePeakMiB} MiB`);
  if (misses) {
    console.log(`\nsearch as a miss of the answer cache (${misses[0]?.db}): every request a spelling not asked before; latency in ms`);
    table(misses);
  }
}
