import type { LightMyRequestResponse } from 'fastify';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { BACKENDS, renderedSite, setupApp, testConfig, type TestContext } from '../helpers';

const SHELL = '<!doctype html><html lang=pt-BR><head><title>Vitrine</title></head><body><div id=root></div></body></html>';
const PAGE = { accept: 'text/html' };
const ENCODINGS = ['', 'gzip', 'gzip, deflate, br'];

/**
 * The clock past the second an answer is replayed without the full path (answer-cache.ts's REPLAY_MS): only Date is
 * faked, moved 1.1 s on; the database, its timers and the sockets keep real time. Back to the real clock after each test.
 */
function pastReplayWindow(): void {
  const now = Date.now();
  jest.useFakeTimers({ doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  jest.setSystemTime(now + 1100);
}
afterEach(() => jest.useRealTimers());

/** An answer as the client sees it, less what belongs to the exchange. */
function shape(res: LightMyRequestResponse) {
  const { date: _date, connection: _connection, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.rawPayload.toString('base64') };
}

describe.each(BACKENDS)('answer replay (%s)', (backend) => {
  let ctx: TestContext;
  let site: ReturnType<typeof renderedSite> | undefined;
  let image: string;
  let category: { id: number };

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const hits = () => ctx.app.answerReplay.stats().hits;
  const publish = (title: string) => createArticle(ctx, { image_id: image, category_ids: [category.id] }, { title, status: 'published' });

  beforeAll(async () => {
    site = renderedSite('vitrine-replay-shell-', SHELL);
    ctx = await setupApp(backend, { site: site.site });
    image = await imageId(ctx);
    category = await createCategory(ctx, { name: 'Replay' });
    await publish('Primeiro artigo repetido');
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    site?.remove();
  });

  it('repeats a public answer with the very status, headers and bytes of the full path, per encoding', async () => {
    for (const [url, accept] of [
      ['/api/public/home', {}],
      ['/rss.xml', {}],
      ['/', PAGE],
      ['/post/nao-existe', PAGE],
    ] as const) {
      for (const encoding of ENCODINGS) {
        const headers: Record<string, string> = { ...accept, ...(encoding ? { 'accept-encoding': encoding } : {}) };
        const full = await get(url, headers);
        const before = hits();
        const replayed = await get(url, headers);
        expect({ url, encoding, replayed: hits() - before }).toEqual({ url, encoding, replayed: 1 });
        expect(shape(replayed)).toEqual(shape(full));
      }
    }
    // The security headers the full path adds are in the replayed answer too.
    const page = await get('/', PAGE);
    expect(page.headers['content-security-policy']).toMatch(/script-src/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a write ends the replay at once: the next request takes the full path and sees it', async () => {
    await get('/rss.xml');
    const before = hits();
    expect((await get('/rss.xml')).body).not.toContain('Escrito agora mesmo');
    expect(hits()).toBe(before + 1);
    await publish('Escrito agora mesmo');
    const after = await get('/rss.xml');
    expect(after.body).toContain('Escrito agora mesmo');
    expect(hits()).toBe(before + 1);
  });

  it('answers a matching If-None-Match with 304 and no body, HEAD with the headers alone', async () => {
    const full = await get('/api/public/home', { 'accept-encoding': 'br' });
    const etag = String(full.headers.etag);
    const before = hits();
    const notModified = await get('/api/public/home', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.headers['cache-control']).toBe(full.headers['cache-control']);
    expect(notModified.headers.vary).toBe(full.headers.vary);
    // Only what updates the stored answer (RFC 9110 §15.4.5): its security headers stay those stored with the 200.
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(notModified.headers['x-content-type-options']).toBeUndefined();
    expect(notModified.headers['content-security-policy']).toBeUndefined();
    const stale = await get('/api/public/home', { 'accept-encoding': 'br', 'if-none-match': 'W/"other"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(full.rawPayload)).toBe(true);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/api/public/home', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(full.rawPayload.length));
    expect(hits()).toBe(before + 3);
  });

  it('a revalidation by the full path renews the replay of the answer it names (a run of 304s stays replayed)', async () => {
    const full = await get('/rss.xml');
    const etag = String(full.headers.etag);
    pastReplayWindow();
    const before = hits();
    // Past the replay's second: the full path answers and looks at the key again…
    expect((await get('/rss.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    expect(hits()).toBe(before);
    // …so the next ones, 304 or 200, are replayed.
    expect((await get('/rss.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/rss.xml')).rawPayload.equals(full.rawPayload)).toBe(true);
    expect(hits()).toBe(before + 2);
  });

  it('repeats an answer for a URL that adds a parameter the answer does not depend on, as the full path answers it', async () => {
    for (const [url, accept, extra, own] of [
      ['/', PAGE, '/?utm_source=mail&n=1', '/?lang=en-US'],
      ['/blog?page=1', PAGE, '/blog?n=2&page=1', '/blog?page=2'],
      ['/rss.xml', {}, '/rss.xml?n=4', undefined],
    ] as const) {
      const headers = { ...accept, 'accept-encoding': 'gzip' };
      await get(url, headers);
      let before = hits();
      const replayed = await get(extra, headers);
      expect({ extra, replayed: hits() - before }).toEqual({ extra, replayed: 1 });
      // What the full path answers for that URL: the same status, headers and bytes.
      ctx.app.answerReplay.clear();
      before = hits();
      const full = await get(extra, headers);
      expect(hits()).toBe(before);
      expect(shape(replayed)).toEqual(shape(full));
      // A parameter the answer depends on (the page, the language) is never left out.
      if (own) {
        await get(url, headers);
        before = hits();
        const other = await get(own, headers);
        expect({ own, replayed: hits() - before }).toEqual({ own, replayed: 0 });
        expect(other.rawPayload.equals(replayed.rawPayload)).toBe(false);
      }
    }
  });

  it("keys a JSON read by its query as sent (the API refuses a parameter it does not know: that answer is the full path's)", async () => {
    await get('/api/public/articles?page=1');
    const before = hits();
    const refused = await get('/api/public/articles?page=1&n=3');
    expect(hits()).toBe(before);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('keys what the answer depends on: the language cookie, Accept and the query string', async () => {
    const pt = await get('/', PAGE);
    const en = await get('/', { ...PAGE, cookie: 'vt_lang=en-US; other=1' });
    expect(pt.body).toContain('lang="pt-BR"');
    expect(en.body).toContain('lang="en-US"');
    expect((await get('/', { ...PAGE, cookie: 'vt_lang=en-US; other=2' })).body).toContain('lang="en-US"');
    expect((await get('/', PAGE)).body).toContain('lang="pt-BR"');
  });

  it('over HTTP, a repeat is answered by the first onRequest hook: same status, headers and bytes', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const fetchRaw = async (url: string, headers: Record<string, string>) => {
      const res = await fetch(`${address}${url}`, { headers });
      const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = Object.fromEntries(res.headers);
      return { status: res.status, headers: rest, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
    };
    for (const [url, headers] of [
      ['/api/public/home', { 'accept-encoding': 'br' }],
      ['/', { ...PAGE, 'accept-encoding': 'gzip' }],
    ] as const) {
      const full = await fetchRaw(url, headers);
      const before = hits();
      const replayed = await fetchRaw(url, headers);
      expect(hits()).toBe(before + 1);
      expect(replayed).toEqual(full);
    }
  });

  it('never repeats a rate-limited answer (search counts every request)', async () => {
    await get('/api/public/search?q=artigo');
    const before = hits();
    await get('/api/public/search?q=artigo');
    await get('/api/public/search?q=artigo');
    expect(hits()).toBe(before);
  });
});

describe('answer replay: an answer rebuilt for its age (same version)', () => {
  let ctx: TestContext;
  const get = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/rss.xml', headers });
  const hits = () => ctx.app.answerReplay.stats().hits;

  beforeAll(async () => {
    // Every answer is "old" at once: each full-path 200 sends it and rebuilds it behind.
    ctx = await setupApp('pglite', { config: testConfig({ answerCacheMaxAgeS: 0 }) });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps revalidations replayed (the ETag names the version), and takes a 200 the full path once', async () => {
    const full = await get();
    const etag = String(full.headers.etag);
    pastReplayWindow();
    // Another client's 200 takes the full path: sent, and rebuilt behind it (a new entry, same version and ETag).
    await get({ 'accept-encoding': 'gzip' });
    await ctx.app.answerCache.idle();
    // The first client's record now names an answer that is no longer the key's: its 200 goes the full path…
    let before = hits();
    expect((await get()).statusCode).toBe(200);
    expect(hits()).toBe(before);
    await ctx.app.answerCache.idle();
    // …and a revalidation after the full path renewed the key is replayed as 304.
    await get({ 'if-none-match': etag });
    before = hits();
    const revalidated = await get({ 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(hits()).toBe(before + 1);
  });
});

describe('answer replay: a request like any other', () => {
  let ctx: TestContext;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    ctx = await setupApp('pglite', {
      logger: { level: 'info', stream, redact: { paths: ['req.headers.cookie', '*.token'], censor: '[redacted]' } },
      // Behind a proxy on this machine: the client is the address it forwards.
      config: { ...testConfig(), trustProxy: ['127.0.0.1'] },
    });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it("gets Fastify's request id, the client's address through TRUST_PROXY and one access line, timed when it went out", async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    ctx.app.answerReplay.clear();
    const forwarded = { 'x-forwarded-for': '203.0.113.7' };
    await fetch(`${address}/api/public/home`, { headers: forwarded });
    const before = ctx.app.answerReplay.stats().hits;
    lines.length = 0;
    expect((await fetch(`${address}/api/public/home`, { headers: forwarded })).status).toBe(200);
    expect(ctx.app.answerReplay.stats().hits).toBe(before + 1);
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/public/home', host: address.replace('http://', ''), remoteAddress: '203.0.113.7' },
      res: { statusCode: 200 },
    });
    expect(typeof completed[0]?.responseTime).toBe('number');
  });

  it('writes the access line without the redaction, which every other line keeps', async () => {
    lines.length = 0;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/home', headers: { cookie: 'vt_session=secret' } });
    expect(res.statusCode).toBe(200);
    ctx.app.log.info({ link: { token: 'abc' } }, 'a line with a secret');
    const completed = lines.find((l) => l.msg === 'request completed');
    expect(completed).toMatchObject({ reqId: expect.any(String), req: { method: 'GET', url: '/api/public/home' } });
    // The serializers give no header: nothing the redaction would have hidden is on the line.
    expect(JSON.stringify(completed)).not.toContain('secret');
    expect(lines.find((l) => l.msg === 'a line with a secret')).toMatchObject({ link: { token: '[redacted]' } });
  });
});
