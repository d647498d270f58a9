import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Db } from '../../src/db';
import { testConfig } from '../helpers';

function write(dir: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
}

/** The static site needs no database: a stub that is never queried. */
const noDb: Db = {
  kind: 'pglite',
  query: () => Promise.reject(new Error('unused')),
  exec: () => Promise.reject(new Error('unused')),
  transaction: () => Promise.reject(new Error('unused')),
  close: () => Promise.resolve(),
};

describe('static site plugin', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-site-'));
  const shellDir = path.join(root, 'shell');
  const publicDir = path.join(root, 'public');
  const uploadsDir = path.join(root, 'uploads');
  let app: FastifyInstance;

  beforeAll(async () => {
    write(shellDir, { 'index.html': '<!doctype html><title>shell</title>', 'main.js': 'console.log(1)', '123.abcdef12.js': 'chunk' });
    write(publicDir, { 'mf-manifest.json': '{"name":"public_remote"}', 'remoteEntry.js': 'entry', '45.0123456789ab.js': 'chunk', 'index.html': '<p>remote</p>' });
    write(uploadsDir, { 'photo.png': 'png' });
    app = await buildApp({
      config: testConfig({ adminRemoteUrl: 'https://cdn.example/admin/mf-manifest.json' }),
      db: noDb,
      logger: false,
      site: { shellDir, remotes: { public_remote: publicDir, admin_remote: path.join(root, 'missing') }, uploadsDir },
    });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves /remotes.json generated at run time, no-cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      apiBaseUrl: '/api',
      remotes: { public_remote: '/remotes/public/mf-manifest.json', admin_remote: 'https://cdn.example/admin/mf-manifest.json' },
    });
  });

  it('sends the build pre-compressed files as they are: br, gzip or identity as the client accepts', async () => {
    const code = `export const text = ${JSON.stringify('vitrine '.repeat(400))};`;
    // The build's copies: the server must send these exact bytes (at a quality no per-request compression uses), not
    // compress the original itself.
    const br = zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = zlib.gzipSync(code, { level: 9 });
    write(shellDir, { 'big.1234abcd.js': code });
    fs.writeFileSync(path.join(shellDir, 'big.1234abcd.js.br'), br);
    fs.writeFileSync(path.join(shellDir, 'big.1234abcd.js.gz'), gz);
    write(publicDir, { '88.1234abcdef.js': code });
    fs.writeFileSync(path.join(publicDir, '88.1234abcdef.js.br'), br);

    const asBr = await app.inject({ method: 'GET', url: '/big.1234abcd.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(asBr.headers['content-encoding']).toBe('br');
    expect(asBr.headers.vary).toMatch(/accept-encoding/i);
    expect(asBr.rawPayload.equals(br)).toBe(true);
    expect(asBr.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const asGzip = await app.inject({ method: 'GET', url: '/big.1234abcd.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asGzip.headers['content-encoding']).toBe('gzip');
    expect(asGzip.rawPayload.equals(gz)).toBe(true);

    // The shell's entry keeps its name across deploys: revalidated (ETag), never cached blind.
    const main = await app.inject({ method: 'GET', url: '/main.js' });
    expect(main.headers['cache-control']).toBe('no-cache');
    expect(main.headers.etag).toBeDefined();

    const plain = await app.inject({ method: 'GET', url: '/big.1234abcd.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(code);

    // An entry file's compressed copy is revalidated like the entry itself.
    fs.writeFileSync(path.join(publicDir, 'remoteEntry.js.br'), zlib.brotliCompressSync('entry'));
    const entry = await app.inject({ method: 'GET', url: '/remotes/public/remoteEntry.js', headers: { 'accept-encoding': 'br' } });
    expect(entry.headers['content-encoding']).toBe('br');
    expect(entry.headers['cache-control']).toBe('no-cache');
    fs.rmSync(path.join(publicDir, 'remoteEntry.js.br'));

    const remote = await app.inject({ method: 'GET', url: '/remotes/public/88.1234abcdef.js', headers: { 'accept-encoding': 'br' } });
    expect(remote.headers['content-encoding']).toBe('br');
    expect(remote.rawPayload.equals(br)).toBe(true);
  });

  it('never sends a compressed copy that no longer holds the file beside it (a redeploy left an old one)', async () => {
    const before = 'export const v = "build one"; '.repeat(60);
    const after = 'export const v = "build two"; '.repeat(60);
    write(publicDir, { 'remoteEntry.js': before });
    fs.writeFileSync(path.join(publicDir, 'remoteEntry.js.br'), zlib.brotliCompressSync(before));
    fs.writeFileSync(path.join(publicDir, 'remoteEntry.js.gz'), zlib.gzipSync(before));
    const get = (encoding: string) => app.inject({ method: 'GET', url: '/remotes/public/remoteEntry.js', headers: { 'accept-encoding': encoding } });
    const decoded = (res: Awaited<ReturnType<typeof get>>) =>
      res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.rawPayload).toString() : res.payload;
    expect((await get('br')).headers['content-encoding']).toBe('br');

    // The new plain file is copied over, the old .br and .gz stay: the new file, whatever the client accepts (the stale copies are never sent).
    write(publicDir, { 'remoteEntry.js': after });
    for (const encoding of ['gzip, deflate, br', 'br', 'gzip', '*']) {
      const res = await get(encoding);
      expect(decoded(res)).toBe(after);
    }
    // A fresh .gz beside the stale .br: gzip for whoever accepts it.
    fs.writeFileSync(path.join(publicDir, 'remoteEntry.js.gz'), zlib.gzipSync(after));
    const gz = await get('gzip, deflate, br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(after);
    // The new .br arrives: brotli again.
    fs.writeFileSync(path.join(publicDir, 'remoteEntry.js.br'), zlib.brotliCompressSync(after));
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br)).toBe(after);
    for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(publicDir, `remoteEntry.js${suffix}`));
    write(publicDir, { 'remoteEntry.js': 'entry' });
  });

  it('a static file never reaches the page renderer, even asked with Accept */*', async () => {
    const seen: string[] = [];
    const site = await buildApp({ config: testConfig(), db: noDb, logger: false, site: { shellDir, uploadsDir } });
    site.renderSitePage = async (request) => {
      seen.push(request.url);
      return false;
    };
    await site.inject({ method: 'GET', url: '/main.js', headers: { accept: '*/*' } });
    await site.inject({ method: 'GET', url: '/blog', headers: { accept: '*/*' } });
    await site.close();
    expect(seen).toEqual(['/blog']);
  });

  it('serves files deployed after start (a redeployed shell or remote is live at once)', async () => {
    write(shellDir, { '999.fedcba98.js': 'new shell chunk' });
    write(publicDir, { '77.fedcba9876.js': 'new remote chunk' });
    const shell = await app.inject({ method: 'GET', url: '/999.fedcba98.js' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toBe('new shell chunk');
    const remote = await app.inject({ method: 'GET', url: '/remotes/public/77.fedcba9876.js' });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toBe('new remote chunk');
  });

  it('repeats a file sent whole from memory (answer replay), and a rewritten entry file at once', async () => {
    const get = () => app.inject({ method: 'GET', url: '/remotes/public/remoteEntry.js', headers: { accept: '*/*' } });
    const first = await get();
    const before = app.answerReplay.stats().hits;
    const again = await get();
    expect(app.answerReplay.stats().hits).toBe(before + 1);
    const { date: _a, ...firstHeaders } = first.headers;
    const { date: _b, ...againHeaders } = again.headers;
    expect(againHeaders).toEqual(firstHeaders);
    expect(again.body).toBe('entry');
    // Redeployed under the same name: the next request gets the new file, and a 304 only for the new ETag.
    write(publicDir, { 'remoteEntry.js': 'entry, deployed again' });
    const redeployed = await get();
    expect(redeployed.body).toBe('entry, deployed again');
    expect(app.answerReplay.stats().hits).toBe(before + 1);
    const revalidated = await app.inject({ method: 'GET', url: '/remotes/public/remoteEntry.js', headers: { accept: '*/*', 'if-none-match': String(redeployed.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(app.answerReplay.stats().hits).toBe(before + 2);
    write(publicDir, { 'remoteEntry.js': 'entry' });
    // A file too small for the build's .br/.gz copies is sent as it is, never compressed per request.
    for (let i = 0; i < 2; i += 1) {
      const tiny = await app.inject({ method: 'GET', url: '/123.abcdef12.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(tiny.headers['content-encoding']).toBeUndefined();
      expect(tiny.body).toBe('chunk');
    }
    // A range is the full path's (no replay of part of a file).
    const part = await app.inject({ method: 'GET', url: '/main.js', headers: { range: 'bytes=0-6' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('console');
  });

  it('serves the shell with SPA fallback for browser navigations', async () => {
    for (const url of ['/', '/blog', '/admin/users', '/post/abc/1?x=1']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>shell</title>');
    }
    const chunk = await app.inject({ method: 'GET', url: '/123.abcdef12.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not fall back for /api, /remotes, /uploads or non-HTML requests', async () => {
    for (const url of ['/api/unknown', '/remotes/public/nope.js', '/uploads/nope.png']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const json = await app.inject({ method: 'GET', url: '/missing.js', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
  });

  it('serves a remote: entry files no-cache with CORS, hashed chunks immutable', async () => {
    const manifest = await app.inject({ method: 'GET', url: '/remotes/public/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const entry = await app.inject({ method: 'GET', url: '/remotes/public/remoteEntry.js' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await app.inject({ method: 'GET', url: '/remotes/public/45.0123456789ab.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 404 for a remote whose dist folder is missing', async () => {
    const res = await app.inject({ method: 'GET', url: '/remotes/admin/mf-manifest.json' });
    expect(res.statusCode).toBe(404);
  });

  it('serves uploads', async () => {
    const res = await app.inject({ method: 'GET', url: '/uploads/photo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('png');
  });

  it('compresses large static responses when asked', async () => {
    write(shellDir, { 'big.txt': 'vitrine '.repeat(2000) });
    const other = await buildApp({ config: testConfig(), db: noDb, logger: false, site: { shellDir } });
    const res = await other.inject({ method: 'GET', url: '/big.txt', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    // Compressed on the way out, so not the file's bytes: never repeated as if it were.
    const again = await other.inject({ method: 'GET', url: '/big.txt', headers: { 'accept-encoding': 'gzip' } });
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(again.rawPayload).toString()).toBe('vitrine '.repeat(2000));
    expect(other.answerReplay.stats().hits).toBe(0);
    await other.close();
  });
});
