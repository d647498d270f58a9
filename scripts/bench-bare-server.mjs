// The limit of the bench's limit table (scripts/bench-limits.mjs): a bare Node `http` server that
// sends the very bytes Vitrine sent, captured beforehand. Run as a child of the bench so that it
// has its own event loop, as Vitrine's server has:
//
//   node scripts/bench-bare-server.mjs answers.json      prints {"port": N} once listening
//
// answers.json: { "<path with query>": { "plain": Answer, "browser": Answer } }, Answer =
// { status, headers: { content-type, content-encoding?, etag?, vary?, cache-control? }, body: base64 }.
// A request whose Accept-Encoding names gzip or br gets the `browser` answer, any other the `plain`
// one; an If-None-Match equal to the answer's ETag gets a 304 with that ETag, as Vitrine answers it.
import fs from 'node:fs';
import http from 'node:http';

const answers = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const table = new Map();
for (const [url, variants] of Object.entries(answers)) {
  const ready = {};
  for (const [client, a] of Object.entries(variants)) {
    const body = Buffer.from(a.body, 'base64');
    const notModified = Object.fromEntries(['etag', 'cache-control', 'vary'].filter((h) => a.headers[h]).map((h) => [h, a.headers[h]]));
    ready[client] = { status: a.status, etag: a.headers.etag, headers: { ...a.headers, 'content-length': String(body.length) }, notModified, body };
  }
  table.set(url, ready);
}

const server = http.createServer((req, res) => {
  const variants = table.get(req.url);
  if (!variants) {
    res.writeHead(404).end();
    return;
  }
  const a = /\b(br|gzip)\b/.test(req.headers['accept-encoding'] ?? '') ? variants.browser : variants.plain;
  if (a.etag && req.headers['if-none-match'] === a.etag) {
    res.writeHead(304, a.notModified).end();
    return;
  }
  res.writeHead(a.status, a.headers).end(a.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
