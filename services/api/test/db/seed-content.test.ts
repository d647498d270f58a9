import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { createFsImageStorage } from '../../src/lib/image-storage';
import { ORIGINAL_HASH } from '../../src/repositories/articles';
import { seedDatabase } from '../../src/seed';
import { DEMO_TRANSLATIONS } from '../../src/seed-translations';
import { BACKENDS, createTestDb, TEST_SCRYPT_COST, testConfig } from '../helpers';

describe.each(BACKENDS)('demo content seed (%s)', (backend) => {
  it('seeds categories, authors with photos and 30+ articles with covers and reads', async () => {
    const { db, cleanup } = await createTestDb(backend);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-seed-'));
    const storage = createFsImageStorage(path.join(dataDir, 'uploads'));
    try {
      // How long it takes is the bench's business (npm run bench), not a test's: a busy machine would fail it.
      await seedDatabase(db, { demo: true, scryptCost: TEST_SCRYPT_COST, storage });
      const one = async (sql: string) => (await db.query<{ n: number }>(sql))[0]?.n;
      expect(await one('SELECT count(*)::int AS n FROM categories WHERE active')).toBe(6);
      expect(await one("SELECT count(*)::int AS n FROM articles WHERE status = 'published' AND public_at <= now()")).toBeGreaterThanOrEqual(29);
      expect(await one("SELECT count(*)::int AS n FROM articles WHERE status = 'draft'")).toBe(2);
      expect(await one("SELECT count(*)::int AS n FROM articles WHERE publish_at > now()")).toBe(1);
      expect(await one('SELECT count(*)::int AS n FROM articles WHERE emphasis')).toBe(6);
      expect(await one('SELECT count(*)::int AS n FROM categories c WHERE NOT EXISTS (SELECT 1 FROM article_categories ac WHERE ac.category_id = c.id)')).toBe(0);
      expect(await one('SELECT count(DISTINCT author_id)::int AS n FROM articles')).toBeGreaterThanOrEqual(4);
      expect(await one("SELECT count(*)::int AS n FROM users WHERE photo LIKE '/uploads/images/%'")).toBeGreaterThanOrEqual(4);
      // The audience: an inbox with unread messages and their contact leads, confirmed subscribers, one pending, one gone.
      expect(await one('SELECT count(*)::int AS n FROM messages WHERE read_at IS NULL')).toBe(2);
      expect(await one("SELECT count(*)::int AS n FROM leads WHERE module = 'contact'")).toBe(3);
      expect(await one("SELECT count(*)::int AS n FROM leads WHERE module = 'newsletter' AND newsletter_status = 'active' AND confirmed_at IS NOT NULL")).toBe(2);
      expect(await one("SELECT count(*)::int AS n FROM leads WHERE unsubscribe_reason IS NOT NULL")).toBe(1);
      expect(await one('SELECT count(DISTINCT product)::int AS n FROM faq_entries WHERE active')).toBe(3);
      const cover = (await db.query<{ id: string }>('SELECT image_id AS id FROM articles LIMIT 1'))[0]?.id ?? '';
      expect(fs.existsSync(path.join(dataDir, 'uploads', 'images', cover, '640.webp'))).toBe(true);
      // Translations: every language has at least five published ones (after their original, none in the future),
      // one is a draft, one out of date (its original changed since); each has its revision in its language.
      const published = await db.query<{ locale: string; n: number }>(
        "SELECT locale, count(*)::int AS n FROM article_translations WHERE status = 'published' AND public_at <= now() GROUP BY locale ORDER BY locale",
      );
      expect(published.map((r) => r.locale)).toEqual(['en-US', 'es-ES', 'fr-FR', 'ht-HT']);
      for (const { n } of published) expect(n).toBeGreaterThanOrEqual(5);
      expect(await one("SELECT count(*)::int AS n FROM article_translations WHERE status = 'draft' AND published_at IS NULL")).toBe(1);
      expect(await one(`SELECT count(*)::int AS n FROM article_translations t JOIN articles a ON a.id = t.article_id WHERE t.source_hash <> ${ORIGINAL_HASH}`)).toBe(1);
      expect(await one("SELECT count(*)::int AS n FROM article_translations t JOIN articles a ON a.id = t.article_id WHERE a.status <> 'published' OR a.public_at > now()")).toBe(0);
      expect(await one("SELECT count(*)::int AS n FROM article_translations t JOIN articles a ON a.id = t.article_id WHERE t.status = 'published' AND (t.published_at <= a.published_at OR t.published_at > now())")).toBe(0);
      expect(await one("SELECT count(*)::int AS n FROM article_translations t WHERE image_alt = '' OR seo_description = '' OR excerpt = ''")).toBe(0);
      expect(await one("SELECT count(*)::int AS n FROM article_translations t WHERE NOT EXISTS (SELECT 1 FROM article_revisions r WHERE r.article_id = t.article_id AND r.locale = t.locale AND r.title = t.title)")).toBe(0);
      // Four articles are in all five languages.
      expect(await one('SELECT count(*)::int AS n FROM (SELECT article_id FROM article_translations GROUP BY article_id HAVING count(*) = 4) x')).toBe(4);

      const app = await buildApp({ config: testConfig({ dataDir }), logger: false, db, storage });
      const home = (await app.inject({ method: 'GET', url: '/api/public/home' })).json().data;
      expect(home.emphasis).toHaveLength(4);
      expect(home.recent).toHaveLength(6);
      expect(home.popular).toHaveLength(6);
      expect(home.tendencies).toHaveLength(4);
      expect(home.tags).toHaveLength(6);
      expect(home.popular.map((a: { id: number }) => a.id)).not.toEqual(home.tendencies.map((a: { id: number }) => a.id));
      const search = (await app.inject({ method: 'GET', url: '/api/public/search?q=tecnologias' })).json().data;
      expect(search.total).toBeGreaterThan(0);

      // The public page in English: the translation where there is one, the original where there is none.
      const english = DEMO_TRANSLATIONS[0]?.texts['en-US']?.title ?? '';
      const [translated] = await db.query<{ id: number; unique_key: string; title: string }>(
        "SELECT a.id, a.unique_key, a.title FROM articles a JOIN article_translations t ON t.article_id = a.id AND t.locale = 'en-US' WHERE t.title = $1",
        [english],
      );
      const [untranslated] = await db.query<{ id: number; unique_key: string; title: string }>(
        `SELECT a.id, a.unique_key, a.title FROM articles a WHERE a.status = 'published' AND a.public_at <= now()
           AND NOT EXISTS (SELECT 1 FROM article_translations t WHERE t.article_id = a.id) ORDER BY a.id LIMIT 1`,
      );
      const page = async (a: { id: number; unique_key: string } | undefined, lang: string) =>
        (await app.inject({ method: 'GET', url: `/api/public/article/${a?.id}/${a?.unique_key}?lang=${lang}` })).json().data.article;
      const inEnglish = await page(translated, 'en-US');
      expect(inEnglish).toMatchObject({ title: english, lang: 'en-US', image_alt: expect.stringMatching(/^Abstract cover: a gradient from/) });
      expect(inEnglish.content).toMatch(/^<p>In recent years, artificial intelligence in customer service has stopped being/);
      expect(inEnglish.languages).toEqual(['pt-BR', 'en-US', 'es-ES', 'fr-FR', 'ht-HT']);
      expect(await page(untranslated, 'en-US')).toMatchObject({ title: untranslated?.title, lang: 'pt-BR' });
      // The Creole draft is not public: its article shows the original in Creole.
      const [drafted] = await db.query<{ id: number; unique_key: string; title: string }>(
        "SELECT a.id, a.unique_key, a.title FROM articles a JOIN article_translations t ON t.article_id = a.id WHERE t.locale = 'ht-HT' AND t.status = 'draft'",
      );
      expect(await page(drafted, 'ht-HT')).toMatchObject({ title: drafted?.title, lang: 'pt-BR' });
      // The home in English shows emphasised and recent articles in English.
      const homeEn = (await app.inject({ method: 'GET', url: '/api/public/home?lang=en-US' })).json().data;
      expect(homeEn.emphasis.filter((a: { lang: string }) => a.lang === 'en-US').length).toBeGreaterThanOrEqual(2);
      expect(homeEn.recent.filter((a: { lang: string }) => a.lang === 'en-US').length).toBeGreaterThanOrEqual(3);
      await app.close();
    } finally {
      await cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
