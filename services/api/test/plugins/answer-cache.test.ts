import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import type { Db, Queryable } from '../../src/db';
import { DatabaseUnavailableError } from '../../src/errors';
import * as contentVersion from '../../src/repositories/content-version';
import { createArticle, createCategory, imageId } from '../content-helpers';
import { BACKENDS, renderedSite, setupApp, testConfig, type TestContext } from '../helpers';

const SHELL = '<!doctype html><html lang=pt-BR><head><title>Vitrine</title></head><body><div id=root></div></body></html>';
const PAGE = { accept: 'text/html' };

/** The app's view of the database: every statement counted; `down` makes it fail as a lost server does. */
function probe() {
  const state = { queries: 0, down: false };
  const check = () => {
    if (state.down) throw new DatabaseUnavailableError(new Error('connection refused (test)'));
    state.queries += 1;
  };
  const wrapQueryable = (inner: Queryable): Queryable => ({
    query: async (sql, params) => {
      check();
      return inner.query(sql, params);
    },
    exec: async (sql) => {
      check();
      return inner.exec(sql);
    },
  });
  const wrap = (db: Db): Db => ({
    ...wrapQueryable(db),
    kind: db.kind,
    transaction: (fn) => {
      check();
      return db.transaction((tx) => fn(wrapQueryable(tx)));
    },
    close: () => db.close(),
    ...(db.listen ? { listen: db.listen.bind(db) } : {}),
  });
  return { state, wrap };
}

function decoded(res: LightMyRequestResponse): string {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString();
  return raw.toString();
}

describe.each(BACKENDS)('answer cache (%s)', (backend) => {
  let ctx: TestContext;
  let site: ReturnType<typeof renderedSite> | undefined;
  const db = probe();
  let image: string;
  let category: { id: number; unique_key: string };

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const publish = (title: string) => createArticle(ctx, { image_id: image, category_ids: [category.id] }, { title, status: 'published' });

  beforeAll(async () => {
    site = renderedSite('vitrine-cache-shell-', SHELL);
    ctx = await setupApp(backend, {
      site: site.site,
      wrapDb: db.wrap,
      config: testConfig({ answerCacheBytes: 256 * 1024 }),
    });
    image = await imageId(ctx);
    category = await createCategory(ctx, { name: 'Cache' });
    for (let i = 0; i < 3; i += 1) await publish(`Artigo em cache ${i} ${'texto '.repeat(20)}`);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    site?.remove();
  });

  afterEach(() => {
    db.state.down = false;
  });

  /** Statements the app sends while `fn` runs. */
  async function queriesDuring(fn: () => Promise<unknown>): Promise<number> {
    const before = db.state.queries;
    await fn();
    return db.state.queries - before;
  }

  it('a hit makes no database query: JSON, feed and page', async () => {
    for (const url of ['/api/public/home', '/api/public/articles?page=1', '/rss.xml', '/sitemap.xml', '/robots.txt', '/api/seo/public-seo']) {
      expect((await get(url)).statusCode).toBe(200);
      expect({ url, queries: await queriesDuring(() => get(url)) }).toEqual({ url, queries: 0 });
    }
    expect((await get('/', PAGE)).statusCode).toBe(200);
    expect(await queriesDuring(() => get('/', PAGE))).toBe(0);
    // The miss did run queries (the probe counts what the app sends).
    await publish('Muda a versão');
    expect(await queriesDuring(() => get('/rss.xml'))).toBeGreaterThan(0);
  });

  it('answers If-None-Match with 304 from memory (no query), and 200 with a new ETag after a write', async () => {
    const first = await get('/api/public/articles?page=1');
    const etag = String(first.headers.etag);
    let res: LightMyRequestResponse | undefined;
    expect(await queriesDuring(async () => (res = await get('/api/public/articles?page=1', { 'if-none-match': etag })))).toBe(0);
    expect(res?.statusCode).toBe(304);
    expect(res?.headers.etag).toBe(etag);
    // Evicted or never built here: the tag names the version and the key, so it still needs no query.
    ctx.app.answerCache.clear();
    expect(await queriesDuring(async () => (res = await get('/api/public/articles?page=1', { 'if-none-match': etag })))).toBe(0);
    expect(res?.statusCode).toBe(304);
    const fresh = await publish('Novo depois do ETag');
    const after = await get('/api/public/articles?page=1', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data.items.map((a: { id: number }) => a.id)).toContain(fresh.id);
  });

  it('unknown query parameters share one entry (page, feed); known ones are keyed in a normal order', async () => {
    const builds = () => ctx.app.answerCache.stats().builds;
    await get('/', PAGE);
    await get('/rss.xml');
    const before = builds();
    for (let i = 0; i < 20; i += 1) {
      expect((await get(`/?anything=${i}`, PAGE)).statusCode).toBe(200);
      expect((await get(`/rss.xml?utm_source=${i}`)).statusCode).toBe(200);
    }
    expect(builds()).toBe(before);
    await get(`/api/public/articles?category=${category.unique_key}&page=1`);
    const again = builds();
    await get(`/api/public/articles?page=1&category=${category.unique_key}`);
    expect(builds()).toBe(again);
  });

  it('keys pages by language: ?lang=, else the vt_lang cookie, else pt-BR', async () => {
    const builds = () => ctx.app.answerCache.stats().builds;
    await get('/', PAGE);
    const before = builds();
    await get('/?lang=xx-XX', PAGE);
    expect(builds()).toBe(before);
    // The English page, and the English home and site answers it is built from (category names and the opening hours follow the language).
    await get('/?lang=en-US', PAGE);
    expect(builds()).toBe(before + 3);
    await get('/', { ...PAGE, cookie: 'theme=dark; vt_lang=en-US' });
    await get('/?lang=EN-us', PAGE);
    expect(builds()).toBe(before + 3);
    const english = await get('/?lang=en-US', PAGE);
    expect(english.headers.etag).not.toBe((await get('/', PAGE)).headers.etag);
  });

  it('runs one build for 200 concurrent requests after a change (single flight; everyone gets the new answer)', async () => {
    await get('/api/public/home');
    const fresh = await publish('Para duzentos ao mesmo tempo');
    const before = ctx.app.answerCache.stats().builds;
    const answers = await Promise.all(Array.from({ length: 200 }, () => get('/api/public/home')));
    expect(ctx.app.answerCache.stats().builds - before).toBe(1);
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]?.json().data.recent.map((a: { id: number }) => a.id)).toContain(fresh.id);
  });

  it('stays under its byte bound with a unique key per request', async () => {
    for (let page = 1; page <= 60; page += 1) {
      await get(`/api/public/articles?page=${page}&limit=${(page % 40) + 1}`);
      await get(`/api/public/search?q=${encodeURIComponent(`cache ${page}`)}`);
      expect(ctx.app.answerCache.stats().bytes).toBeLessThanOrEqual(256 * 1024);
    }
    expect(ctx.app.answerCache.stats().entries).toBeGreaterThan(10);
  });

  it.each([
    ['a page', '/', PAGE, 'text/html; charset=utf-8'],
    ['a feed', '/rss.xml', {}, 'application/rss+xml; charset=utf-8'],
    ['a JSON read', '/api/public/home', {}, 'application/json; charset=utf-8'],
  ])('serves %s as identity, gzip and br with Vary and Content-Encoding', async (_what, url, headers, type) => {
    const plain = await get(url, headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-type']).toBe(type);
    for (const [accept, encoding] of [
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get(url, { ...headers, 'accept-encoding': accept });
      expect({ accept, encoding: res.headers['content-encoding'] }).toEqual({ accept, encoding });
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(decoded(res)).toBe(plain.body);
      if (encoding) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body));
    }
  });

  it('database down: a hit still answers from memory; a miss is 503 (JSON) or the plain shell (page)', async () => {
    const home = await get('/api/public/home');
    await get('/', PAGE);
    db.state.down = true;
    const hit = await get('/api/public/home', { 'accept-encoding': 'br' });
    expect(hit.statusCode).toBe(200);
    expect(decoded(hit)).toBe(home.body);
    expect((await get('/', PAGE)).statusCode).toBe(200);
    const miss = await get('/api/public/articles?page=7&limit=3');
    expect(miss.statusCode).toBe(503);
    expect(miss.json().code).toBe('DATABASE_UNAVAILABLE');
    const page = await get('/blog?page=2', PAGE);
    expect(page.body).toBe(SHELL);
    db.state.down = false;
    expect((await get('/api/public/articles?page=7&limit=3')).statusCode).toBe(200);
  });

  it('a write by someone else (not this process\'s API) reaches the cache through the notification within a second', async () => {
    const title = (await get('/api/public/articles?page=1')).json().data.items[0].title as string;
    await ctx.db.transaction(async (tx) => {
      await tx.query("UPDATE articles SET title = 'Mudado por outro processo' WHERE title = $1", [title]);
      await contentVersion.bump(tx);
    });
    const written = Date.now();
    while ((await get('/api/public/articles?page=1')).json().data.items[0].title !== 'Mudado por outro processo') {
      expect(Date.now() - written).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('compresses a copy when a client first asks for its encoding (fast), and at the best setting once asked again', async () => {
    await publish('Nova versão para comprimir');
    const before = ctx.app.answerCache.stats().bytes;
    const plain = await get('/rss.xml');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Nobody asked for a compressed copy: none is made.
    await ctx.app.answerCache.idle();
    const identityOnly = ctx.app.answerCache.stats().bytes - before;
    for (const encoding of ['br', 'gzip'] as const) {
      ctx.app.answerReplay.clear();
      const first = await get('/rss.xml', { 'accept-encoding': encoding });
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(decoded(first)).toBe(plain.body);
      // Asked again by the full path (the replay repeats the copy it was given): the best copy is made behind it.
      ctx.app.answerReplay.clear();
      const again = await get('/rss.xml', { 'accept-encoding': encoding });
      expect(again.rawPayload).toEqual(first.rawPayload);
      await ctx.app.answerCache.idle();
      ctx.app.answerReplay.clear();
      const best = await get('/rss.xml', { 'accept-encoding': encoding });
      expect(decoded(best)).toBe(plain.body);
      expect(best.rawPayload.length).toBeLessThanOrEqual(first.rawPayload.length);
      expect(best.headers.etag).toBe(first.headers.etag);
    }
    // The copies count in the cache's bound.
    expect(ctx.app.answerCache.stats().bytes - before).toBeGreaterThan(identityOnly);
  });

  it('404 for an unknown slug is the usual error envelope, built again each time (not cached)', async () => {
    const res = await get('/api/public/article/999999/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect(await queriesDuring(() => get('/api/public/article/999999/nao-existe'))).toBeGreaterThan(0);
  });
});
