// Cacheable public answers against the limit: a bare Node http server sending the very same bytes.
//
//   BASE_URL=http://127.0.0.1:8080 node scripts/measure-answers.mjs
//   ANSWERS_DURATION=5 ANSWERS_CONNECTIONS=20 ANSWERS_PATHS=/,/rss.xml   (knobs)
//
// For each answer, as a plain client (no Accept-Encoding) and as a browser (`gzip, deflate, br`):
// fetch it once from Vitrine (raw bytes, no decoding), start a bare `http` server answering those bytes
// with the same Content-Type, Content-Encoding, Vary, ETag and Cache-Control, and load both with
// autocannon. Prints Vitrine's req/s, the bare server's and the ratio (the limit table's), plus a
// revalidation (If-None-Match with the ETag just answered) where the answer has an ETag.
import http from 'node:http';
import autocannon from 'autocannon';
import { capture } from './bench-lib.mjs';

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const DURATION = Number(process.env.ANSWERS_DURATION ?? 5);
const CONNECTIONS = Number(process.env.ANSWERS_CONNECTIONS ?? 20);
const PATHS = (process.env.ANSWERS_PATHS ?? '/,/api/public/home,/api/public/articles?page=1,/rss.xml,/sitemap.xml').split(',');
const BROWSER = 'gzip, deflate, br';
const COPIED = ['content-type', 'content-encoding', 'vary', 'etag', 'cache-control'];

/** A bare server answering every request with `answer` (what Vitrine sent, headers included). */
async function bareServer(answer) {
  const headers = { 'content-length': String(answer.body.length) };
  for (const name of COPIED) if (answer.headers[name] !== undefined) headers[name] = answer.headers[name];
  const server = http.createServer((_req, res) => {
    res.writeHead(answer.status, headers);
    res.end(answer.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function load(url, headers) {
  const result = await autocannon({ url, duration: DURATION, connections: CONNECTIONS, headers });
  return { rps: Math.round(result.requests.average), non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

function fmt(n) {
  return n.toLocaleString('en-US').replace(/,/g, ' ');
}

const rows = [];
for (const path of PATHS) {
  const accept = path === '/' || !/\.[a-z]+$|^\/api\//.test(path) ? { accept: 'text/html' } : {};
  for (const [client, encoding] of [
    ['plain', {}],
    ['browser', { 'accept-encoding': BROWSER }],
  ]) {
    const headers = { ...accept, ...encoding };
    const answer = await capture(BASE_URL + path, headers);
    const bare = await bareServer(answer);
    const vitrine = await load(BASE_URL + path, headers);
    const limit = await load(bare.url + path, headers);
    await bare.close();
    rows.push({ path, client, status: answer.status, bytes: answer.body.length, encoding: answer.headers['content-encoding'] ?? '–', vitrine, limit });
    if (client === 'browser' && answer.headers.etag) {
      const revalidate = { ...headers, 'if-none-match': answer.headers.etag };
      const notModified = await capture(BASE_URL + path, revalidate);
      const bare304 = await bareServer(notModified);
      const v = await load(BASE_URL + path, revalidate);
      const l = await load(bare304.url + path, revalidate);
      await bare304.close();
      rows.push({ path, client: 'revalidate', status: notModified.status, bytes: notModified.body.length, encoding: '–', vitrine: v, limit: l });
    }
  }
}

console.log(`\n${BASE_URL}: ${CONNECTIONS} connections, ${DURATION} s each; the limit is a bare Node http server sending the same bytes\n`);
console.log('| answer | client | status | bytes | encoding | Vitrine req/s | bare req/s | ratio |');
console.log('|---|---|---:|---:|---|---:|---:|---:|');
for (const r of rows) {
  const note = r.vitrine.errors || (r.vitrine.non2xx && r.status < 300) ? ` (${r.vitrine.non2xx} non-2xx, ${r.vitrine.errors} errors)` : '';
  console.log(
    `| \`${r.path}\` | ${r.client} | ${r.status} | ${fmt(r.bytes)} | ${r.encoding} | ${fmt(r.vitrine.rps)}${note} | ${fmt(r.limit.rps)} | ${(r.vitrine.rps / Math.max(1, r.limit.rps)).toFixed(2)} |`,
  );
}
