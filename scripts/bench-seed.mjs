// Bulk benchmark content (articles and their English and Spanish translations), and EXPLAIN (ANALYZE) of the
// public endpoints' queries, in pt-BR and in the translations' languages.
// Run with tsx (it imports the API's TypeScript sources); the server must not hold the database
// when it is PGlite (one process per data dir):
//
//   DATA_DIR=/tmp/x node --import tsx scripts/bench-seed.mjs --count 10000
//   DATABASE_URL='postgres://…?options=-c search_path=s' node --import tsx scripts/bench-seed.mjs --count 10000
//   ... --explain [--plans plans.txt]        only the query plans (no seeding unless --count is given too)
//
// The database must be migrated and hold the demo seed (categories, authors, covers): start the
// server on it once first, as scripts/bench.mjs does. Prints one JSON line with the results.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../services/api/src/app.ts';
import { BENCH_TRANSLATIONS, BROAD_TERMS, RARE_TERMS, explainingDb, seedBenchArticles } from '../services/api/src/bench-seed.ts';
import { loadConfig } from '../services/api/src/config.ts';
import { createDb } from '../services/api/src/db/index.ts';
import { createFsImageStorage } from '../services/api/src/lib/image-storage.ts';

const { values } = parseArgs({ options: { count: { type: 'string' }, explain: { type: 'boolean' }, plans: { type: 'string' } } });
const dataDir = process.env.DATA_DIR;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl && !dataDir) throw new Error('set DATA_DIR (PGlite) or DATABASE_URL');
// No statement timeout: the bulk statements (the search vectors of 2 000 articles at a time) are not requests,
// and on a busy machine they outlast the server's 10 s bound.
const db = await createDb({ databaseUrl, dataDir: dataDir ?? os.tmpdir(), dbTimeouts: { connectMs: 5000, statementMs: 0, queryMs: 0, idleInTransactionMs: 0 } });
const out = { db: db.kind };
try {
  if (values.count) out.seed = await seedBenchArticles(db, { count: Number(values.count) });
  if (values.explain) out.explain = await explain(db);
} finally {
  await db.close();
}
console.log(JSON.stringify(out));

/** Each endpoint once through the real app; every SELECT it sends is EXPLAIN ANALYZEd first. */
async function explain(base) {
  const plans = [];
  const xdb = explainingDb(base, (p) => plans.at(-1)?.queries.push(p));
  const config = { ...loadConfig({ ...process.env, LOG_LEVEL: 'silent' }), seedDemo: false };
  const app = await buildApp({ config, logger: false, db: xdb, storage: createFsImageStorage(path.join(dataDir ?? os.tmpdir(), 'uploads')) });
  try {
    const [last] = await base.query(
      `SELECT a.id, a.unique_key, a.author_id, u.unique_key AS author_key FROM articles a JOIN users u ON u.id = a.author_id
       WHERE a.status = 'published' AND a.public_at <= now() ORDER BY a.public_at DESC LIMIT 1`,
    );
    const reads = [
      '/api/public/home',
      '/api/public/articles?page=1',
      '/api/public/articles?page=200',
      `/api/public/article/${last.id}/${last.unique_key}`,
      `/api/public/author/${last.author_id}/${last.author_key}`,
    ];
    const search = (lang) => [
      `/api/public/search?q=${encodeURIComponent(BROAD_TERMS[lang])}${lang === 'pt-BR' ? '' : `&lang=${lang}`}`,
      `/api/public/search?q=${encodeURIComponent(RARE_TERMS[lang])}${lang === 'pt-BR' ? '' : `&lang=${lang}`}`,
    ];
    // The reads in pt-BR and in English (the version shown is the translation), search in each seeded language.
    const urls = [...reads, ...search('pt-BR'), ...reads.map((u) => `${u}${u.includes('?') ? '&' : '?'}lang=en-US`), ...BENCH_TRANSLATIONS.flatMap(search)];
    const summary = [];
    for (const url of urls) {
      plans.push({ url, queries: [] });
      xdb.capture = true;
      const res = await app.inject({ method: 'GET', url });
      xdb.capture = false;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      for (const q of plans.at(-1).queries) {
        const text = q.plan.join('\n');
        summary.push({
          url,
          query: q.sql.replace(/\s+/g, ' ').slice(0, 90),
          ms: Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? NaN),
          seqScans: [...new Set([...text.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))].join(' '),
        });
      }
    }
    if (values.plans) {
      const body = plans.map((p) => `#### ${p.url}\n\n${p.queries.map((q) => `${q.sql.trim()}\n-- params ${JSON.stringify(q.params)}\n${q.plan.join('\n')}\n`).join('\n')}`).join('\n');
      fs.writeFileSync(values.plans, body);
    }
    return summary;
  } finally {
    await app.close();
  }
}
