import { LOCALE_CODES } from '@vitrine/contracts';
import { migrate } from '../../src/db/migrate';
import * as siteSettings from '../../src/repositories/site-settings';
import { seedDatabase } from '../../src/seed';
import { BACKENDS, createTestDb, TEST_SCRYPT_COST } from '../helpers';

/** The welcome mail's setting: off after an upgrade (migration 024), on in the demo, with texts in the five languages. */
describe.each(BACKENDS)('the welcome mail setting (%s)', (backend) => {
  it('an upgraded database gets it off, with starting texts, and mails nobody; a value already there is left alone', async () => {
    const { db, cleanup } = await createTestDb(backend);
    try {
      // A database as it was before migration 024, with confirmed subscribers.
      await db.exec("DELETE FROM site_settings WHERE key = 'welcome'; DELETE FROM schema_migrations WHERE name = '024-welcome-mail'");
      await db.query("INSERT INTO leads (unique_key, module, email, newsletter_status, confirmed_at) VALUES ('k1', 'newsletter', 'antiga@leitores.com.br', 'active', now())");
      expect(await migrate(db)).toEqual(['024-welcome-mail']);
      const { welcome } = await siteSettings.read(db, ['welcome']);
      expect(welcome.enabled).toBe(false);
      expect(Object.keys(welcome.texts).sort()).toEqual([...LOCALE_CODES].sort());
      expect((await db.query('SELECT 1 FROM outbox')).length).toBe(0);

      await siteSettings.save(db, 'welcome', { enabled: true, texts: { 'pt-BR': { subject: 'Oi', body: 'Olá' } } });
      await db.exec("DELETE FROM schema_migrations WHERE name = '024-welcome-mail'");
      await migrate(db);
      expect((await siteSettings.read(db, ['welcome'])).welcome).toEqual({ enabled: true, texts: { 'pt-BR': { subject: 'Oi', body: 'Olá' } } });
    } finally {
      await cleanup();
    }
  }, 60_000);

  it('the demo turns it on with the texts in the five languages', async () => {
    const { db, cleanup } = await createTestDb(backend);
    try {
      await seedDatabase(db, { demo: true, scryptCost: TEST_SCRYPT_COST });
      const { welcome } = await siteSettings.read(db, ['welcome']);
      expect(welcome.enabled).toBe(true);
      for (const locale of LOCALE_CODES) {
        expect(welcome.texts[locale]?.subject).toMatch(/\{site\}/);
        expect(welcome.texts[locale]?.body.length).toBeGreaterThan(200);
      }
    } finally {
      await cleanup();
    }
  }, 60_000);
});
