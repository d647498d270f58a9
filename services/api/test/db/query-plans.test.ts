import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/db';
import { buildApp } from '../../src/app';
import { seedBenchArticles } from '../../src/bench-seed';
import { createFsImageStorage } from '../../src/lib/image-storage';
import * as articles from '../../src/repositories/articles';
import * as users from '../../src/repositories/users';
import { seedDatabase } from '../../src/seed';
import { BACKENDS, BUILD_APP_MS, createTestDb, TEST_SCRYPT_COST, testConfig } from '../helpers';

// The shapes of the plans of deep list pages and broad search (docs/performance.md, "Database queries
// at 10 000 articles"): asserted on EXPLAIN (ANALYZE, FORMAT JSON) row counts and node types, never on times.

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Output?: string[];
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function explain(db: Db, sql: string, params: readonly unknown[]): Promise<PlanNode[]> {
  const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, FORMAT JSON) ${sql}`, params);
  const raw = row?.['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return nodes(doc[0]!.Plan);
}

/** A Db that records the statements sent through it. */
function recording(db: Db): Db & { sent: { sql: string; params: readonly unknown[] }[] } {
  const sent: { sql: string; params: readonly unknown[] }[] = [];
  return {
    ...db,
    sent,
    query: (sql, params = []) => {
      sent.push({ sql, params });
      return db.query(sql, params);
    },
  };
}

/** Rows a node produced over all its loops (EXPLAIN's Actual Rows is per loop). */
const produced = (n: PlanNode) => n['Actual Rows'] * n['Actual Loops'];
/** Nodes run once per built row: the card's sub-selects (author, categories, images, reads). */
const subPlans = (plan: PlanNode[]) => plan.filter((n) => n['Parent Relationship'] === 'SubPlan' || n['Parent Relationship'] === 'InitPlan');
const computing = (plan: PlanNode[], fn: string) => plan.filter((n) => n.Output?.some((o) => o.includes(`${fn}(`)) && !/Sort|Limit|Scan/.test(n['Node Type']));

const ARTICLES = 1500;

describe.each(BACKENDS)('query plans at 1500 articles (%s)', (backend) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let dataDir: string;
  let techId: number;

  beforeAll(async () => {
    ({ db, cleanup } = await createTestDb(backend));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-plans-'));
    await seedDatabase(db, { demo: true, scryptCost: TEST_SCRYPT_COST, storage: createFsImageStorage(path.join(dataDir, 'uploads')) });
    await seedBenchArticles(db, { count: ARTICLES }); // ends with VACUUM ANALYZE
    techId = (await db.query<{ id: number }>("SELECT id FROM categories WHERE unique_key = 'tecnologia'"))[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a deep blog page builds cards for its 12 rows only, through the public index', async () => {
    const rdb = recording(db);
    const app = await buildApp({ config: testConfig({ dataDir }), logger: false, db: rdb, storage: createFsImageStorage(path.join(dataDir, 'uploads')) });
    try {
      const deep = (await app.inject({ method: 'GET', url: '/api/public/articles?page=100' })).json().data;
      expect(deep.items).toHaveLength(12);
      expect(deep.total).toBeGreaterThan(ARTICLES);
    } finally {
      await app.close();
    }
    const list = rdb.sent.find((q) => q.sql.includes('picked'));
    expect(list).toBeDefined();
    const plan = await explain(db, list!.sql, list!.params);
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'articles')).toEqual([]);
    expect(plan.some((n) => n['Index Name'] === 'articles_listed_idx')).toBe(true);
    const cards = subPlans(plan);
    expect(cards.length).toBeGreaterThanOrEqual(5); // author, categories, two images, reads
    for (const n of cards) expect(n['Actual Loops']).toBeLessThanOrEqual(12);
    expect(plan.some((n) => n['Relation Name'] === 'article_reads_daily')).toBe(true);

    // The count is a scan of an index, not of the table.
    const count = rdb.sent.find((q) => /^SELECT count\(\*\)/.test(q.sql));
    const countPlan = await explain(db, count!.sql, count!.params);
    expect(countPlan.filter((n) => n['Relation Name'] === 'articles').map((n) => n['Node Type'])).toEqual(['Index Only Scan']);
  }, BUILD_APP_MS);

  it('a deep page of a category and of an author cost their 12 cards, like page 1', async () => {
    const author = (await db.query<{ author_id: number }>('SELECT author_id FROM articles GROUP BY author_id ORDER BY count(*) DESC LIMIT 1'))[0]!.author_id;
    for (const filter of [{ categoryId: techId }, { authorId: author }]) {
      const rdb = recording(db);
      const rows = await articles.listPublic(rdb, { limit: 12, offset: 240, ...filter });
      expect(rows).toHaveLength(12);
      const plan = await explain(db, rdb.sent[0]!.sql, rdb.sent[0]!.params);
      for (const n of subPlans(plan)) expect(n['Actual Loops']).toBeLessThanOrEqual(12);
      expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'articles')).toEqual([]);
    }
  });

  it('a broad search ranks a bounded set found through the GIN index and highlights only the page', async () => {
    const rdb = recording(db);
    const candidates = 100;
    const result = await articles.search(rdb, { q: 'tecnologia', topicId: techId, limit: 12, offset: 0, headlineOptions: 'MaxFragments=1', candidates });
    expect(result.rows).toHaveLength(12);
    expect(result).toMatchObject({ total: candidates, partial: true });
    expect(rdb.sent).toHaveLength(1);
    const plan = await explain(db, rdb.sent[0]!.sql, rdb.sent[0]!.params);
    expect(plan.some((n) => n['Node Type'] === 'Bitmap Index Scan' && n['Index Name'] === 'articles_search_idx')).toBe(true);
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'articles')).toEqual([]);
    // Hundreds match (a third of the articles), yet ranks are computed for the candidates only...
    const matches = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM articles WHERE search @@ websearch_to_tsquery('portuguese', 'tecnologia')"))[0]!.n;
    expect(matches).toBeGreaterThan(4 * candidates);
    const ranking = computing(plan, 'ts_rank_cd');
    expect(ranking.length).toBeGreaterThan(0);
    for (const n of ranking) expect(produced(n)).toBeLessThanOrEqual(candidates);
    // ...and passages and cards for the 12 shown.
    const headlines = computing(plan, 'ts_headline');
    expect(headlines.length).toBeGreaterThan(0);
    for (const n of headlines) expect(produced(n)).toBeLessThanOrEqual(12);
    for (const n of subPlans(plan)) expect(n['Actual Loops']).toBeLessThanOrEqual(12);
  });

  it('the public author list probes each active user’s published articles through the public author index', async () => {
    const rdb = recording(db);
    const authors = await users.recentAuthors(rdb, 50);
    const writers = (await db.query<{ n: number }>(`SELECT count(DISTINCT author_id)::int AS n FROM articles a WHERE ${articles.VISIBLE}`))[0]!.n;
    expect(authors).toHaveLength(Math.min(50, writers));
    const plan = await explain(db, rdb.sent[0]!.sql, rdb.sent[0]!.params);
    // One probe per active user (a handful), never a pass over the articles.
    const active = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE status = 'active'"))[0]!.n;
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'articles')).toEqual([]);
    const probes = plan.filter((n) => n['Relation Name'] === 'articles');
    expect(probes.map((n) => n['Index Name'])).toEqual(['articles_author_idx']);
    for (const n of probes) {
      expect(n['Actual Loops']).toBeLessThanOrEqual(active);
      expect(produced(n)).toBeLessThanOrEqual(active);
    }
  });

  it('a selective search is exact, and the public answer says whether it is partial', async () => {
    const rdb = recording(db);
    const app = await buildApp({ config: testConfig({ dataDir }), logger: false, db: rdb, storage: createFsImageStorage(path.join(dataDir, 'uploads')) });
    try {
      const rare = (await app.inject({ method: 'GET', url: `/api/public/search?q=${encodeURIComponent('criptografia quântica')}` })).json().data;
      expect(rare).toMatchObject({ total: 4, partial: false }); // indexes 0, 397, 794 and 1191
      const broad = (await app.inject({ method: 'GET', url: '/api/public/search?q=tecnologia' })).json().data;
      expect(broad.partial).toBe(false); // fewer than 1000 match here
      expect(broad.total).toBeGreaterThan(400);
      const past = (await app.inject({ method: 'GET', url: '/api/public/search?q=tecnologia&page=999' })).json().data;
      expect(past).toMatchObject({ items: [], total: broad.total, partial: false });
    } finally {
      await app.close();
    }
    const exact = await articles.search(db, { q: 'tecnologia', topicId: techId, limit: 12, offset: 0, headlineOptions: 'MaxFragments=1', candidates: 5000 });
    const bounded = await articles.search(db, { q: 'tecnologia', topicId: techId, limit: 12, offset: 0, headlineOptions: 'MaxFragments=1', candidates: 100 });
    expect(exact.partial).toBe(false);
    expect(bounded.total).toBe(100);
    expect(exact.total).toBeGreaterThan(bounded.total);
  }, BUILD_APP_MS);
});
