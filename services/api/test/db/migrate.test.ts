import { ACCESS_ROUTES } from '@vitrine/contracts';
import { migrate, readMigrations } from '../../src/db/migrate';
import { credentialsBox, DEFAULT_ADMIN_EMAIL, seedDatabase } from '../../src/seed';
import { isStrongPassword } from '@vitrine/contracts';
import { BACKENDS, createTestDb, TEST_SCRYPT_COST } from '../helpers';

describe.each(BACKENDS)('migrations and seed (%s)', (backend) => {
  it('applies every migration once, records it, and seeds an empty database once', async () => {
    const { db, cleanup } = await createTestDb(backend);
    try {
      expect(await migrate(db)).toEqual([]);
      const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(applied.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name));

      const first = await seedDatabase(db, { demo: true, scryptCost: TEST_SCRYPT_COST });
      expect(first.admin?.email).toBe(DEFAULT_ADMIN_EMAIL);
      expect(first.admin?.generated).toBe(true);
      expect(isStrongPassword(first.admin?.password ?? '')).toBe(true);
      expect(credentialsBox(DEFAULT_ADMIN_EMAIL, first.admin?.password ?? '')).toContain(first.admin?.password);

      const roles = await db.query<{ name: string; active_routes: string[] }>('SELECT name, active_routes FROM roles ORDER BY name');
      expect(Object.fromEntries(roles.map((r) => [r.name, r.active_routes]))).toEqual(
        Object.fromEntries(Object.entries(ACCESS_ROUTES).map(([k, v]) => [k, [...v]])),
      );
      const editor = await db.query<{ role_name: string }>(
        "SELECT ur.role_name FROM users u JOIN user_roles ur ON ur.user_id = u.id WHERE u.position = 'Editora de conteúdo'",
      );
      expect(editor.map((r) => r.role_name)).toEqual(['article_management']);
      expect((await db.query('SELECT 1 FROM seo_entries')).length).toBe(1);

      const second = await seedDatabase(db, { demo: true, scryptCost: TEST_SCRYPT_COST });
      expect(second.admin).toBeUndefined();
      expect((await db.query('SELECT 1 FROM users WHERE email = $1', [DEFAULT_ADMIN_EMAIL])).length).toBe(1);

      await expect(
        db.query(
          "INSERT INTO users (unique_key, name, last_name, email, password_hash, position, type, status) VALUES ('k2', 'a', 'b', $1, 'x', 'p', 'admin', 'active')",
          [DEFAULT_ADMIN_EMAIL.toUpperCase()],
        ),
      ).rejects.toThrow();
    } finally {
      await cleanup();
    }
  }, 60_000);

  it('concurrent migrations wait on the advisory lock and apply once', async () => {
    const { db, cleanup } = await createTestDb(backend);
    try {
      const results = await Promise.all([migrate(db), migrate(db)]);
      expect(results).toEqual([[], []]);
    } finally {
      await cleanup();
    }
  }, 60_000);
});
