import type { Queryable } from '../db';

export interface RoleRow {
  name: string;
  active_routes: string[];
}

export async function rolesOfUser(db: Queryable, userId: number): Promise<RoleRow[]> {
  return db.query<RoleRow>(
    `SELECT r.name, r.active_routes FROM roles r JOIN user_roles ur ON ur.role_name = r.name
     WHERE ur.user_id = $1 ORDER BY r.name`,
    [userId],
  );
}

export async function countRoles(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM roles');
  return rows[0]?.n ?? 0;
}

export async function insertIfMissing(db: Queryable, name: string, activeRoutes: readonly string[]): Promise<void> {
  await db.query('INSERT INTO roles (name, active_routes) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, [...activeRoutes]]);
}
