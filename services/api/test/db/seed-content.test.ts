import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { createFsImageStorage } from '../../src/lib/image-storage';
import { seedDatabase } from '../../src/seed';
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
      await app.close();
    } finally {
      await cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
