import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { RARE_EVERY, RARE_TERM, benchArticle, explainingDb, seedBenchArticles, type QueryPlan } from '../../src/bench-seed';
import { createFsImageStorage } from '../../src/lib/image-storage';
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

      // The vector equals what the app's own save path computes.
      const sample = first + 17;
      const seeded = (await db.query<{ s: string }>('SELECT search::text AS s FROM articles WHERE id = $1', [sample]))[0]?.s;
      await db.query(`UPDATE articles SET search = ''::tsvector WHERE id = $1`, [sample]);
      await articles.refreshSearch(db, sample);
      expect((await db.query<{ s: string }>('SELECT search::text AS s FROM articles WHERE id = $1', [sample]))[0]?.s).toBe(seeded);

      const plans: QueryPlan[] = [];
      const xdb = explainingDb(db, (p) => plans.push(p));
      const app = await buildApp({ config: testConfig({ dataDir }), logger: false, db: xdb, storage });
      try {
        const rare = (await app.inject({ method: 'GET', url: `/api/public/search?q=${encodeURIComponent(RARE_TERM)}` })).json().data;
        expect(rare.total).toBe(2); // indexes 0 and 397 of 400
        expect(rare.items[0].highlight).toContain('<mark>');
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
