import type { Queryable } from '../db';
import { escapeLike } from './sql';

export interface CategoryRow {
  id: number;
  unique_key: string;
  name: string;
  description: string;
  image_id: string | null;
  text_color: string;
  background_color: string;
  active: boolean;
  created_at: Date;
  updated_at: Date;
  article_count: number;
}

export interface CategoryFields {
  unique_key: string;
  name: string;
  description: string;
  image_id: string | null;
  text_color: string;
  background_color: string;
  active: boolean;
}

const SELECT = `
  SELECT c.*, (SELECT count(*)::int FROM article_categories ac WHERE ac.category_id = c.id) AS article_count
  FROM categories c`;

export async function findById(db: Queryable, id: number): Promise<CategoryRow | undefined> {
  return (await db.query<CategoryRow>(`${SELECT} WHERE c.id = $1`, [id]))[0];
}

export async function findByIdAndKey(db: Queryable, id: number, key: string): Promise<CategoryRow | undefined> {
  return (await db.query<CategoryRow>(`${SELECT} WHERE c.id = $1 AND c.unique_key = $2`, [id, key]))[0];
}

export async function nameTaken(db: Queryable, name: string, exceptId = 0): Promise<boolean> {
  return (await db.query('SELECT 1 FROM categories WHERE lower(name) = lower($1) AND id <> $2', [name, exceptId])).length > 0;
}

export async function keysLike(db: Queryable, base: string): Promise<string[]> {
  const rows = await db.query<{ unique_key: string }>(
    "SELECT unique_key FROM categories WHERE unique_key = $1 OR unique_key LIKE $2 ESCAPE '\\'",
    [base, `${escapeLike(base)}-%`],
  );
  return rows.map((r) => r.unique_key);
}

export async function existingIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>('SELECT id FROM categories WHERE id = ANY($1::int[])', [[...ids]]);
  return rows.map((r) => r.id);
}

export async function insert(db: Queryable, fields: CategoryFields): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO categories (unique_key, name, description, image_id, text_color, background_color, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [fields.unique_key, fields.name, fields.description, fields.image_id, fields.text_color, fields.background_color, fields.active],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into categories returned no id');
  return id;
}

const UPDATABLE = ['unique_key', 'name', 'description', 'image_id', 'text_color', 'background_color', 'active'] as const;

export async function update(db: Queryable, id: number, changes: Partial<CategoryFields>): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const column of UPDATABLE) {
    if (changes[column] === undefined) continue;
    params.push(changes[column]);
    sets.push(`${column} = $${params.length}`);
  }
  params.push(id);
  await db.query(`UPDATE categories SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $${params.length}`, params);
}

export async function remove(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM categories WHERE id = $1', [id]);
}

/** Articles that would be left without any category if this one went away. */
export async function articlesOnlyIn(db: Queryable, id: number): Promise<{ id: number; title: string }[]> {
  return db.query(
    `SELECT a.id, a.title FROM articles a JOIN article_categories ac ON ac.article_id = a.id AND ac.category_id = $1
     WHERE NOT EXISTS (SELECT 1 FROM article_categories o WHERE o.article_id = a.id AND o.category_id <> $1)
     ORDER BY a.id LIMIT 5`,
    [id],
  );
}

export async function articleIdsIn(db: Queryable, id: number): Promise<number[]> {
  return (await db.query<{ article_id: number }>('SELECT article_id FROM article_categories WHERE category_id = $1', [id])).map((r) => r.article_id);
}

export interface CategoryListFilter {
  limit: number;
  page: number;
  search?: string | undefined;
  active?: boolean | undefined;
}

export async function list(db: Queryable, filter: CategoryListFilter): Promise<{ rows: CategoryRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const search = filter.search?.trim();
  if (search) {
    params.push(`%${escapeLike(search)}%`);
    where.push(`(c.name ILIKE $${params.length} OR c.description ILIKE $${params.length} OR c.unique_key ILIKE $${params.length})`);
  }
  if (filter.active !== undefined) {
    params.push(filter.active);
    where.push(`c.active = $${params.length}`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM categories c ${clause}`, params))[0]?.n ?? 0;
  const rows = await db.query<CategoryRow>(
    `${SELECT} ${clause} ORDER BY lower(c.name), c.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, filter.limit, (filter.page - 1) * filter.limit],
  );
  return { rows, total };
}

/** Active categories with their count of publicly visible articles. */
export async function activeWithCounts(db: Queryable): Promise<(CategoryRow & { visible: number })[]> {
  return db.query(
    `SELECT c.*, 0 AS article_count,
       (SELECT count(*)::int FROM article_categories ac JOIN articles a ON a.id = ac.article_id
        WHERE ac.category_id = c.id AND a.status = 'published' AND a.public_at <= now()) AS visible
     FROM categories c WHERE c.active ORDER BY lower(c.name), c.id`,
  );
}

export async function findActiveByKey(db: Queryable, key: string): Promise<CategoryRow | undefined> {
  return (await db.query<CategoryRow>(`${SELECT} WHERE c.unique_key = $1 AND c.active`, [key]))[0];
}

/** An active category named like the query (case-insensitive name, or the query's slug as key). */
export async function findActiveByNameOrKey(db: Queryable, name: string, key: string): Promise<CategoryRow | undefined> {
  return (await db.query<CategoryRow>(`${SELECT} WHERE c.active AND (lower(c.name) = lower($1) OR c.unique_key = $2) LIMIT 1`, [name, key]))[0];
}
