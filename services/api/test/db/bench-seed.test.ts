import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { BENCH_TRANSLATIONS, BROAD_TERMS, RARE_EVERY, RARE_TERM, RARE_TERMS, benchArticle, explainingDb, seedBenchArticles, type QueryPlan } from '../../src/bench-seed';
import { createFsImageStorage } from '../../src/lib/image-storage';
import * as translations from '../../src/repositories/article-translations';
import * as articles from '../../src/repositories/articles';
import { seedDatabase } from '../../src/seed';
import { BACKENDS, createTestDb, TEST_SCRYPT_COST, testConfig } from '../helpers';

describe('benchArticle', () => {
  it('gives distinct titles, pt-BR sections and 1–3 categories', () => {
    const made = Array.from({ length: 3000 }, (_, i) => benchArticle(i));
    expect(new Set(made.map((a) => a.title.toLowerCase())).size).toBe(3000);
    for (const a of made.slice(0, 200)) {
      expect(a.categories.length).toBeGreaterThanOrEqual(1);
      expect(a.categories.length).toBeLessThanOrEqual(3);
      expect(new Set(a.categories).size).toBe(a.categories.length);
      expect(a.content).toMatch(/^<p>.*<h2>/);
    }
    expect(benchArticle(RARE_EVERY).content).toContain(RARE_TERM);
    expect(benchArticle(5).content).toBe(benchArticle(5).content);
  });

  it.each(BENCH_TRANSLATIONS)('gives the same article in %s: its structure, categories and rare words, in that language', (lang) => {
    const count = (html: string, tag: string) => html.split(`<${tag}>`).length - 1;
    const made = Array.from({ length: 3000 }, (_, i) => benchArticle(i, lang));
    expect(new Set(made.map((a) => a.title.toLowerCase())).size).toBe(3000);
    for (const [i, a] of made.slice(0, 200).entries()) {
      const original = benchArticle(i);
      expect(a.categories).toEqual(original.categories);
      for (const tag of ['h2', 'p', 'li']) expect(count(a.content, tag)).toBe(count(original.content, tag));
      expect(a.content.length / original.content.length).toBeGreaterThan(0.8);
      expect(a.content.length / original.content.length).toBeLessThan(1.25);
      expect(a.title).not.toBe(original.title);
    }
    expect(benchArticle(RARE_EVERY, lang).content).toContain(RARE_TERMS[lang]);
    expect(benchArticle(RARE_EVERY + 1, lang).content).not.toContain(RARE_TERMS[lang]);
  });
});

describe.each(BACKENDS)('bench seed (%s)', (backend) => {
  it('adds published articles with categories, search vectors as the app builds them, and reads', async () => {
    const { db, cleanup } = await createTestDb(backend);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-seed-'));
    const storage = createFsImageStorage(path.join(dataDir, 'uploads'));
    try {
      await seedDatabase(db, { demo: true, scryptCost: TEST_SCRYPT_COST, storage });
      const one = async (sql: string) => (await db.query<{ n: number }>(sql))[0]?.n;
      const before = await one('SELECT count(*)::int AS n FROM articles');
      const version = await one('SELECT version::int AS n FROM content_version');
      const result = await seedBenchArticles(db, { count: 400, batch: 150 });
      expect(result.articles).toBe(400);
      expect(result.translations).toBe(800);
      expect(await one('SELECT count(*)::int AS n FROM articles')).toBe((before ?? 0) + 400);
      expect(await one('SELECT version::int AS n FROM content_version')).toBe((version ?? 0) + 1);
      const first = (before ?? 0) + 1;
      expect(await one(`SELECT count(*)::int AS n FROM articles WHERE id >= ${first} AND status = 'published' AND public_at <= now()`)).toBe(400);
      expect(await one(`SELECT count(*)::int AS n FROM articles WHERE id >= ${first} AND public_at < now() - interval '700 days'`)).toBeGreaterThan(0);
      expect(await one(`SELECT count(DISTINCT author_id)::int AS n FROM articles WHERE id >= ${first}`)).toBeGreaterThanOrEqual(3);
      expect(
        await one(`SELECT count(*)::int AS n FROM (SELECT a.id, count(ac.category_id) AS k FROM articles a LEFT JOIN article_categories ac ON ac.article_id = a.id
                   WHERE a.id >= ${first} GROUP BY a.id) x WHERE k BETWEEN 1 AND 3`),
      ).toBe(400);
      expect(result.reads).toBeGreaterThan(400);

      // A published translation of each in English and Spanish, a few minutes after the original, up to date with it;
      // the article is listed from its original's moment (listed_at, kept by the triggers).
      for (const lang of BENCH_TRANSLATIONS) {
        expect(
          await one(`SELECT count(*)::int AS n FROM article_translations t JOIN articles a ON a.id = t.article_id
                     WHERE a.id >= ${first} AND t.locale = '${lang}' AND t.status = 'published' AND t.public_at <= now()
                       AND t.public_at > a.public_at AND t.public_at < a.public_at + interval '1 hour'
                       AND t.source_hash = ${articles.ORIGINAL_HASH} AND t.author_id = a.author_id AND t.word_count > 100`),
        ).toBe(400);
      }
      expect(await one(`SELECT count(*)::int AS n FROM articles a WHERE a.id >= ${first} AND a.listed_at = a.public_at`)).toBe(400);

      // The vector equals what the app's own save path computes.
      const sample = first + 17;
      const seeded = (await db.query<{ s: string }>('SELECT search::text AS s FROM articles WHERE id = $1', [sample]))[0]?.s;
      await db.query(`UPDATE articles SET search = ''::tsvector WHERE id = $1`, [sample]);
      await articles.refreshSearch(db, sample);
      expect((await db.query<{ s: string }>('SELECT search::text AS s FROM articles WHERE id = $1', [sample]))[0]?.s).toBe(seeded);
      // The translations' too, each in its language's configuration.
      const vectors = async () => db.query<{ locale: string; s: string }>('SELECT locale, search::text AS s FROM article_translations WHERE article_id = $1 ORDER BY locale', [sample]);
      const seededVectors = await vectors();
      expect(seededVectors.map((v) => v.locale)).toEqual(['en-US', 'es-ES']);
      expect(seededVectors.every((v) => v.s.length > 100)).toBe(true);
      await db.query(`UPDATE article_translations SET search = ''::tsvector WHERE article_id = $1`, [sample]);
      await translations.refreshSearchOfArticle(db, sample);
      expect(await vectors()).toEqual(seededVectors);

      const plans: QueryPlan[] = [];
      const xdb = explainingDb(db, (p) => plans.push(p));
      const app = await buildApp({ config: testConfig({ dataDir }), logger: false, db: xdb, storage });
      try {
        const rare = (await app.inject({ method: 'GET', url: `/api/public/search?q=${encodeURIComponent(RARE_TERM)}` })).json().data;
        expect(rare.total).toBe(2); // indexes 0 and 397 of 400
        expect(rare.items[0].highlight).toContain('<mark>');
        // Searchable in each translation's language: the version in that language, with its own stemming.
        for (const lang of BENCH_TRANSLATIONS) {
          const search = async (q: string) =>
            (await app.inject({ method: 'GET', url: `/api/public/search?q=${encodeURIComponent(q)}&lang=${lang}` })).json().data;
          const found = await search(RARE_TERMS[lang]);
          expect(found.total).toBe(2);
          expect(found.items.map((i: { lang: string }) => i.lang)).toEqual([lang, lang]);
          expect(found.items[0].highlight).toContain('<mark>');
          expect(found.items.map((i: { title: string }) => i.title).sort()).toEqual([benchArticle(0, lang).title, benchArticle(RARE_EVERY, lang).title].sort());
          const broad = await search(BROAD_TERMS[lang]);
          expect(broad.topic.unique_key).toBe('tecnologia');
          expect(broad.total).toBeGreaterThan(100);
          expect(broad.items.every((i: { lang: string }) => i.lang === lang)).toBe(true);
        }
        xdb.capture = true;
        const home = (await app.inject({ method: 'GET', url: '/api/public/home' })).json().data;
        xdb.capture = false;
        expect(home.recent).toHaveLength(6);
        expect(home.popular).toHaveLength(6);
        expect(home.tendencies).toHaveLength(4);
        expect(plans.length).toBeGreaterThanOrEqual(5);
        expect(plans.every((p) => p.plan.some((line) => /Execution Time/.test(line)))).toBe(true);
        const page = (await app.inject({ method: 'GET', url: '/api/public/articles?page=30' })).json().data;
        expect(page.total).toBeGreaterThanOrEqual(400);
        expect(page.items).toHaveLength(12);
      } finally {
        await app.close();
      }
    } finally {
      await cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
