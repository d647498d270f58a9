import { DEFAULT_LOCALE, type CategoryDescriptions, type CategoryNames, type Locale } from '@vitrine/contracts';
import type { Queryable } from '../db';
import { escapeLike, localized } from './sql';

export interface CategoryRow {
  id: number;
  unique_key: string;
  /** pt-BR; in a public read (a `lang` given), the name in that language with the pt-BR fallback. */
  name: string;
  /** The other languages' names (categories.names, migration 017). */
  names: CategoryNames;
  /** pt-BR; in a public read (a `lang` given), the description in that language with the pt-BR fallback. */
  description: string;
  /** The other languages' descriptions (categories.descriptions, migration 019). */
  descriptions: CategoryDescriptions;
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
  /** The other languages' names; none given: {}. */
  names?: CategoryNames;
  description: string;
  /** The other languages' descriptions; none given: {}. */
  descriptions?: CategoryDescriptions;
  image_id: string | null;
  text_color: string;
  background_color: string;
  active: boolean;
}

/**
 * The SQL of a category's name in `lang` with the pt-BR fallback, for a row aliased `alias`: `name` itself for pt-BR,
 * else `COALESCE(NULLIF(<alias>.names->>'<lang>', ''), <alias>.name)`. `lang` is one of the five codes (checked: it is
 * written into the statement, so no parameter numbering changes), so every public query keeps one statement.
 */
export function localizedName(lang: Locale, alias = 'c'): string {
  return localized(lang, 'name', 'names', alias);
}

/** A category's description in `lang` with the pt-BR fallback (as localizedName, from `descriptions`). */
export function localizedDescription(lang: Locale, alias = 'c'): string {
  return localized(lang, 'description', 'descriptions', alias);
}

const COLUMNS = (lang: Locale) =>
  `c.id, c.unique_key, ${localizedName(lang)} AS name, c.names, ${localizedDescription(lang)} AS description, c.descriptions, c.image_id, c.text_color,
   c.background_color, c.active, c.created_at, c.updated_at`;

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

/**
 * Another category already shows `value` in `lang` (case-insensitive): its name there, or its pt-BR name when it has
 * none in that language (what a visitor would see side by side).
 */
export async function translationTaken(db: Queryable, lang: Locale, value: string, exceptId = 0): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM categories c WHERE lower(${localizedName(lang)}) = lower($1) AND c.id <> $2`, [value, exceptId])).length > 0;
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
    `INSERT INTO categories (unique_key, name, names, description, descriptions, image_id, text_color, background_color, active)
     VALUES ($1, $2, $3::jsonb, $4, $5::jsonb, $6, $7, $8, $9) RETURNING id`,
    [
      fields.unique_key,
      fields.name,
      JSON.stringify(fields.names ?? {}),
      fields.description,
      JSON.stringify(fields.descriptions ?? {}),
      fields.image_id,
      fields.text_color,
      fields.background_color,
      fields.active,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into categories returned no id');
  return id;
}

const UPDATABLE = ['unique_key', 'name', 'names', 'description', 'descriptions', 'image_id', 'text_color', 'background_color', 'active'] as const;
/** The translations, stored as jsonb. */
const JSONB: ReadonlySet<string> = new Set(['names', 'descriptions']);

export async function update(db: Queryable, id: number, changes: Partial<CategoryFields>): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const column of UPDATABLE) {
    if (changes[column] === undefined) continue;
    const json = JSONB.has(column);
    params.push(json ? JSON.stringify(changes[column]) : changes[column]);
    sets.push(json ? `${column} = $${params.length}::jsonb` : `${column} = $${params.length}`);
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
    where.push(
      `(c.name ILIKE $${params.length} OR c.description ILIKE $${params.length} OR c.unique_key ILIKE $${params.length} OR EXISTS (SELECT 1 FROM jsonb_each_text(c.names) t WHERE t.value ILIKE $${params.length})
        OR EXISTS (SELECT 1 FROM jsonb_each_text(c.descriptions) t WHERE t.value ILIKE $${params.length}))`,
    );
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

/**
 * Active categories with their count of publicly visible articles; `name` and `description` in `lang` (pt-BR
 * fallback), ordered by the name.
 */
export async function activeWithCounts(db: Queryable, lang: Locale = DEFAULT_LOCALE): Promise<(CategoryRow & { visible: number })[]> {
  return db.query(
    `SELECT ${COLUMNS(lang)}, 0 AS article_count,
       (SELECT count(*)::int FROM article_categories ac JOIN articles a ON a.id = ac.article_id
        WHERE ac.category_id = c.id AND a.status = 'published' AND a.public_at <= now()) AS visible
     FROM categories c WHERE c.active ORDER BY lower(${localizedName(lang)}), c.id`,
  );
}

/** `name` and `description` in `lang` (pt-BR fallback); pt-BR by default (the feeds are in the site's language). */
export async function findActiveByKey(db: Queryable, key: string, lang: Locale = DEFAULT_LOCALE): Promise<CategoryRow | undefined> {
  return (await db.query<CategoryRow>(`SELECT ${COLUMNS(lang)}, 0 AS article_count FROM categories c WHERE c.unique_key = $1 AND c.active`, [key]))[0];
}

/**
 * An active category named like the query (case-insensitive pt-BR name or any of its translations, or the query's slug
 * as key); its `name` and `description` in `lang` (pt-BR fallback).
 */
export async function findActiveByNameOrKey(db: Queryable, name: string, key: string, lang: Locale = DEFAULT_LOCALE): Promise<CategoryRow | undefined> {
  return (
    await db.query<CategoryRow>(
      `SELECT ${COLUMNS(lang)}, 0 AS article_count FROM categories c
       WHERE c.active AND (lower(c.name) = lower($1) OR c.unique_key = $2
         OR EXISTS (SELECT 1 FROM jsonb_each_text(c.names) t WHERE lower(t.value) = lower($1)))
       ORDER BY (lower(${localizedName(lang)}) = lower($1)) DESC, c.id LIMIT 1`,
      [name, key],
    )
  )[0];
}
