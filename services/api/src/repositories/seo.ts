import type { Queryable } from '../db';

export interface SeoRow {
  id: number;
  unique_key: string;
  name: string;
  head_markup: string;
  body_markup: string;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface SeoFields {
  name: string;
  head_markup: string;
  body_markup: string;
  active: boolean;
}

export async function listAll(db: Queryable): Promise<SeoRow[]> {
  return db.query<SeoRow>('SELECT * FROM seo_entries ORDER BY id');
}

export async function listActive(db: Queryable): Promise<Pick<SeoRow, 'head_markup' | 'body_markup'>[]> {
  return db.query('SELECT head_markup, body_markup FROM seo_entries WHERE active ORDER BY id');
}

export async function findByIdAndKey(db: Queryable, id: number, key: string): Promise<SeoRow | undefined> {
  const rows = await db.query<SeoRow>('SELECT * FROM seo_entries WHERE id = $1 AND unique_key = $2', [id, key]);
  return rows[0];
}

export async function countAll(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM seo_entries');
  return rows[0]?.n ?? 0;
}

export async function insert(db: Queryable, uniqueKey: string, fields: SeoFields): Promise<SeoRow> {
  const rows = await db.query<SeoRow>(
    'INSERT INTO seo_entries (unique_key, name, head_markup, body_markup, active) VALUES ($1, $2, $3, $4, $5) RETURNING *',
    [uniqueKey, fields.name, fields.head_markup, fields.body_markup, fields.active],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into seo_entries returned no row');
  return row;
}

export async function update(db: Queryable, id: number, changes: Partial<SeoFields>): Promise<SeoRow | undefined> {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const column of ['name', 'head_markup', 'body_markup', 'active'] as const) {
    if (changes[column] === undefined) continue;
    params.push(changes[column]);
    sets.push(`${column} = $${params.length}`);
  }
  params.push(id);
  const rows = await db.query<SeoRow>(
    `UPDATE seo_entries SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $${params.length} RETURNING *`,
    params,
  );
  return rows[0];
}
