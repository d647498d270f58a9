import type { Queryable } from '../db';
import type { ImageVariant } from '../lib/image-pipeline';

export interface ImageRow {
  id: string;
  original_name: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  variants: ImageVariant[];
  created_by: number | null;
  created_at: Date;
}

export async function insert(db: Queryable, image: Omit<ImageRow, 'created_at'>): Promise<ImageRow> {
  const rows = await db.query<ImageRow>(
    `INSERT INTO images (id, original_name, mime, width, height, bytes, variants, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING *`,
    [image.id, image.original_name, image.mime, image.width, image.height, image.bytes, JSON.stringify(image.variants), image.created_by],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into images returned no row');
  return row;
}

export async function findById(db: Queryable, id: string): Promise<ImageRow | undefined> {
  const rows = await db.query<ImageRow>('SELECT * FROM images WHERE id = $1', [id]);
  return rows[0];
}

export async function findByIds(db: Queryable, ids: readonly string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db.query<ImageRow>('SELECT * FROM images WHERE id = ANY($1::text[])', [[...new Set(ids)]]);
}
