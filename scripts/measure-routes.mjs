// JS weight of the main routes, measured in Chromium against a running production server: the
// public pages a visitor lands on (home, blog, a post, a profile, a search), sign-in and the
// signed-in dashboard.
//
//   BASE_URL=http://127.0.0.1:8080 ADMIN_EMAIL=... ADMIN_PASSWORD=... node scripts/measure-routes.mjs [--json out.json] [--public-only]
//
// For each route a fresh page with the HTTP cache disabled loads the route and waits until the
// network is idle; every JavaScript response is recorded (CDP Network events):
//   raw      the decoded body size (what the browser parses),
//   gzip     the size of the body the server sends for `Accept-Encoding: gzip` (the built .gz
//            beside each file, or what the server compresses; files under 1 KiB are sent as is),
//            measured by fetching the same URL again from Node without decoding,
//   br       the same for `Accept-Encoding: br`,
//   q11      `brotli -q 11` of the decoded bytes (zlib, here): what br could be at best,
//   wire     what Chromium actually transferred (CDP encodedDataLength, headers included; Chromium
//            asks for br, so this is the brotli figure).
// Then the largest files, and the bytes per npm package from the files' source maps
// (raw bytes attributed by mapping segment; gzip shares estimated with each file's ratio).
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const EMAIL = process.env.ADMIN_EMAIL ?? 'admin@vitrine.test';
const PASSWORD = process.env.ADMIN_PASSWORD;
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const KIB = 1024;

/** Bytes of the body the server sends for this Accept-Encoding (not decoded). */
function encodedBytes(url, encoding) {
  const get = url.startsWith('https:') ? https.get : http.get;
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let n = 0;
      res.on('data', (chunk) => (n += chunk.length));
      res.on('end', () => resolve({ bytes: n, encoding: res.headers['content-encoding'] ?? 'identity' }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function signIn(page) {
  if (!PASSWORD) throw new Error('set ADMIN_PASSWORD (and ADMIN_EMAIL) to measure the admin dashboard');
  await page.goto(`${BASE_URL}/login`);
  await page.locator('input[name="email"]').fill(EMAIL);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin/'), { timeout: 30_000 });
}

/** Loads `pathname` in a new page of `context` with the cache disabled; returns the JS files fetched. */
export async function measure(context, pathname, readyTestId, baseUrl = BASE_URL) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    const isJs = type === 'Script' || /javascript/.test(response.mimeType) || /\.m?js(\?|$)/.test(response.url);
    if (isJs && response.status === 200) requests.set(requestId, { url: response.url, encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? 'identity' });
  });
  const finished = new Map();
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => finished.set(requestId, encodedDataLength));

  await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'load' });
  if (readyTestId) await page.getByTestId(readyTestId).waitFor({ timeout: 30_000 });
  // A server-rendered page starts its code on the visitor's first intent (hosts/shell/src/start/): given one,
  // the page's whole first load is measured.
  await page.keyboard.press('Shift');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');

  const files = [];
  const seen = new Set();
  for (const [requestId, info] of requests) {
    // A prefetched file is fetched again when it runs (the cache is disabled): counted once.
    if (seen.has(info.url)) continue;
    seen.add(info.url);
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
    const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
    const gz = await encodedBytes(info.url, 'gzip');
    const br = await encodedBytes(info.url, 'br');
    const q11 = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length;
    files.push({
      url: info.url,
      path: new URL(info.url).pathname,
      raw: bytes.length,
      gzip: gz.bytes,
      gzipEncoding: gz.encoding,
      br: br.bytes,
      brEncoding: br.encoding,
      q11,
      wire: finished.get(requestId) ?? 0,
      wireEncoding: info.encoding,
    });
  }
  await page.close();
  return files;
}

// ---- attribution of bytes to npm packages through the source maps --------------------------

let decodeMappings;
try {
  ({ decode: decodeMappings } = await import('@jridgewell/sourcemap-codec'));
} catch {
  decodeMappings = undefined; // attribution is skipped without the decoder (a webpack dependency)
}

/** The dist folder that serves a URL path in the embedded server. */
function distFileFor(urlPath) {
  if (urlPath.startsWith('/remotes/public/')) return path.join(root, 'remotes/public/dist', urlPath.slice('/remotes/public/'.length));
  if (urlPath.startsWith('/remotes/admin/')) return path.join(root, 'remotes/admin/dist', urlPath.slice('/remotes/admin/'.length));
  return path.join(root, 'hosts/shell/dist', urlPath.slice(1));
}

function packageOf(source) {
  const s = source.replace(/^webpack:\/\/[^/]*\//, '');
  const nm = s.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = s.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const ws = /(?:^|\/)(shared|hosts|remotes|services)\/([^/]+)\//.exec(s);
  if (ws) return `(workspace) ${ws[1]}/${ws[2]}`;
  if (/webpack\/runtime|^webpack\//.test(s)) return '(webpack runtime)';
  return '(other)';
}

/** Raw bytes of one built file per package, from its .map (segments measured in UTF-16 columns). */
function attribute(file) {
  const dist = distFileFor(file.path);
  if (!decodeMappings || !fs.existsSync(`${dist}.map`) || !fs.existsSync(dist)) return null;
  const map = JSON.parse(fs.readFileSync(`${dist}.map`, 'utf8'));
  const code = fs.readFileSync(dist, 'utf8');
  const lines = code.split('\n');
  const decoded = decodeMappings(map.mappings);
  const out = new Map();
  const add = (key, n) => out.set(key, (out.get(key) ?? 0) + n);
  lines.forEach((line, i) => {
    const segments = decoded[i] ?? [];
    if (segments.length === 0) return add('(unmapped)', Buffer.byteLength(line) + 1);
    if (segments[0][0] > 0) add('(unmapped)', Buffer.byteLength(line.slice(0, segments[0][0])));
    segments.forEach((seg, j) => {
      const end = j + 1 < segments.length ? segments[j + 1][0] : line.length;
      const text = line.slice(seg[0], end);
      add(seg.length > 1 ? packageOf(map.sources[seg[1]] ?? '') : '(unmapped)', Buffer.byteLength(text));
    });
    add('(unmapped)', 1);
  });
  return out;
}

// ---- report ---------------------------------------------------------------------------------

const fmt = (n) => `${(n / KIB).toFixed(1)} KiB`;
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

function totals(files) {
  return files.reduce(
    (t, f) => ({ count: t.count + 1, raw: t.raw + f.raw, gzip: t.gzip + f.gzip, br: t.br + f.br, q11: t.q11 + f.q11, wire: t.wire + f.wire }),
    { count: 0, raw: 0, gzip: 0, br: 0, q11: 0, wire: 0 },
  );
}

/** A post and its author's profile: paths of the newest published article (the public list's first card). */
export async function samplePaths(baseUrl) {
  const res = await fetch(`${baseUrl}/api/public/articles?page=1&limit=1`);
  const article = (await res.json()).data.items[0];
  if (!article) throw new Error('no published article to measure');
  return {
    article,
    post: `/post/${article.unique_key}/${article.id}`,
    profile: `/profile/${article.author.unique_key}/${article.author.id}`,
  };
}

/** The public pages a visitor lands on: home, blog, a post, a profile and a search results page (routes.ts patterns). */
export async function publicRoutes(baseUrl) {
  const { post, profile } = await samplePaths(baseUrl);
  return [
    { name: '/ (public home)', path: '/', ready: 'home-page' },
    { name: '/blog', path: '/blog' },
    { name: '/post/{key}/{id}', path: post },
    { name: '/profile/{key}/{id}', path: profile },
    { name: '/list-article-results/{term}', path: '/list-article-results/tecnologia' },
  ];
}

async function main() {
  const publicOnly = process.argv.includes('--public-only');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  const results = {};
  try {
    const anon = await browser.newContext({ locale: 'pt-BR' });
    for (const route of await publicRoutes(BASE_URL)) results[route.name] = await measure(anon, route.path, route.ready);
    if (!publicOnly) results['/login'] = await measure(anon, '/login', null);
    await anon.close();

    if (!publicOnly) {
      const signedIn = await browser.newContext({ locale: 'pt-BR' });
      const loginPage = await signedIn.newPage();
      await signIn(loginPage);
      await loginPage.close();
      results['/admin/dashboard (signed in)'] = await measure(signedIn, '/admin/dashboard', 'dashboard-page');
      await signedIn.close();
    }
  } finally {
    await browser.close();
  }

  console.log(`\nJS per route — ${BASE_URL} — ${new Date().toISOString()}`);
  console.log('raw = decoded bytes; gzip / br = bytes the server sends for Accept-Encoding: gzip / br; q11 = brotli -q 11 of the raw bytes;');
  console.log('wire = what Chromium transferred (br, headers included)\n');
  console.log(`${pad('route', 32)}${lpad('JS files', 9)}${lpad('raw', 13)}${lpad('gzip', 13)}${lpad('br', 13)}${lpad('q11', 13)}${lpad('wire (br)', 13)}`);
  for (const [route, files] of Object.entries(results)) {
    const t = totals(files);
    console.log(`${pad(route, 32)}${lpad(t.count, 9)}${lpad(fmt(t.raw), 13)}${lpad(fmt(t.gzip), 13)}${lpad(fmt(t.br), 13)}${lpad(fmt(t.q11), 13)}${lpad(fmt(t.wire), 13)}`);
  }

  const all = new Map();
  for (const files of Object.values(results)) for (const f of files) all.set(f.path, f);
  const largest = [...all.values()].sort((a, b) => b.gzip - a.gzip).slice(0, 12);
  console.log('\nLargest JS files (any route), by gzip:');
  for (const f of largest) {
    const sent = [f.gzipEncoding === 'gzip' ? '' : `gzip request sent ${f.gzipEncoding}`, f.brEncoding === 'br' ? '' : `br request sent ${f.brEncoding}`].filter(Boolean).join(', ');
    console.log(`  ${lpad(fmt(f.gzip), 11)} gzip ${lpad(fmt(f.br), 11)} br ${lpad(fmt(f.raw), 11)} raw  ${f.path}${sent ? ` (${sent})` : ''}`);
  }

  const packages = {};
  for (const [route, files] of Object.entries(results)) {
    const perPackage = new Map();
    let attributed = false;
    for (const f of files) {
      const parts = attribute(f);
      if (!parts) continue;
      attributed = true;
      const ratio = f.raw ? f.gzip / f.raw : 1;
      for (const [pkg, raw] of parts) {
        const cur = perPackage.get(pkg) ?? { raw: 0, gzip: 0 };
        cur.raw += raw;
        cur.gzip += raw * ratio;
        perPackage.set(pkg, cur);
      }
    }
    if (!attributed) continue;
    const top = [...perPackage.entries()].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, 10);
    packages[route] = Object.fromEntries(top.map(([k, v]) => [k, { raw: Math.round(v.raw), gzipEstimate: Math.round(v.gzip) }]));
    if (publicOnly && route !== '/ (public home)') continue;
    console.log(`\nWhat ${route} is made of (source maps; gzip share estimated per file):`);
    for (const [pkg, v] of top) console.log(`  ${lpad(fmt(v.gzip), 11)} gzip~ ${lpad(fmt(v.raw), 11)} raw  ${pkg}`);
  }

  const jsonAt = process.argv.indexOf('--json');
  if (jsonAt > 0 && process.argv[jsonAt + 1]) {
    const summary = Object.fromEntries(Object.entries(results).map(([route, files]) => [route, { ...totals(files), files }]));
    fs.writeFileSync(process.argv[jsonAt + 1], JSON.stringify({ baseUrl: BASE_URL, at: new Date().toISOString(), routes: summary, packages }, null, 2));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
