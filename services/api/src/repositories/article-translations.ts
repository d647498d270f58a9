import type { Locale } from '@vitrine/contracts';
import type { Queryable } from '../db';
import { ORIGINAL_HASH, SEARCH_CONFIG } from './articles';
import { localizedName } from './categories';

/** One of the four languages an article is translated into (the original is pt-BR). */
export type TranslationLocale = Exclude<Locale, 'pt-BR'>;

export interface TranslationRow {
  article_id: number;
  locale: TranslationLocale;
  title: string;
  excerpt: string;
  content: string;
  content_text: string;
  word_count: number;
  image_alt: string;
  seo_description: string;
  status: 'draft' | 'published';
  publish_at: Date | null;
  published_at: Date | null;
  public_at: Date | null;
  author_id: number | null;
  author_name: string | null;
  author_last_name: string | null;
  created_at: Date;
  updated_at: Date;
  /** The original's title, excerpt or body changed since the translation was saved. */
  out_of_date: boolean;
}

const SELECT = `SELECT t.article_id, t.locale, t.title, t.excerpt, t.content, t.content_text, t.word_count, t.image_alt, t.seo_description,
    t.status, t.publish_at, t.published_at, t.public_at, t.author_id, u.name AS author_name, u.last_name AS author_last_name,
    t.created_at, t.updated_at, t.source_hash <> ${ORIGINAL_HASH} AS out_of_date
  FROM article_translations t JOIN articles a ON a.id = t.article_id LEFT JOIN users u ON u.id = t.author_id`;

/** An article's translations in the fixed order of the languages. */
export async function listFor(db: Queryable, articleId: number): Promise<TranslationRow[]> {
  return db.query<TranslationRow>(
    `${SELECT} WHERE t.article_id = $1 ORDER BY array_position(ARRAY['en-US', 'es-ES', 'fr-FR', 'ht-HT'], t.locale)`,
    [articleId],
  );
}

export async function find(db: Queryable, articleId: number, locale: TranslationLocale): Promise<TranslationRow | undefined> {
  return (await db.query<TranslationRow>(`${SELECT} WHERE t.article_id = $1 AND t.locale = $2`, [articleId, locale]))[0];
}

/** Locks the translation's row for the rest of the transaction (concurrent saves of one translation are serialized). */
export async function lock(db: Queryable, articleId: number, locale: TranslationLocale): Promise<{ status: string; published_at: Date | null } | undefined> {
  const rows = await db.query<{ status: string; published_at: Date | null }>(
    'SELECT status, published_at FROM article_translations WHERE article_id = $1 AND locale = $2 FOR UPDATE',
    [articleId, locale],
  );
  return rows[0];
}

export interface TranslationFields {
  title: string;
  excerpt: string;
  content: string;
  content_text: string;
  word_count: number;
  image_alt: string;
  seo_description: string;
  status: 'draft' | 'published';
  publish_at: Date | null;
  published_at: Date | null;
  author_id: number | null;
}

/**
 * Writes the translation whole (created or replaced), measured against the original as it is now (source_hash), and
 * rebuilds its search vector in the language's configuration.
 */
export async function save(db: Queryable, articleId: number, locale: TranslationLocale, fields: TranslationFields): Promise<void> {
  await db.query(
    `INSERT INTO article_translations (article_id, locale, title, excerpt, content, content_text, word_count, image_alt, seo_description,
       status, publish_at, published_at, author_id, source_hash)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, ${ORIGINAL_HASH} FROM articles a WHERE a.id = $1
     ON CONFLICT (article_id, locale) DO UPDATE SET title = EXCLUDED.title, excerpt = EXCLUDED.excerpt, content = EXCLUDED.content,
       content_text = EXCLUDED.content_text, word_count = EXCLUDED.word_count, image_alt = EXCLUDED.image_alt,
       seo_description = EXCLUDED.seo_description, status = EXCLUDED.status, publish_at = EXCLUDED.publish_at,
       published_at = EXCLUDED.published_at, author_id = EXCLUDED.author_id, source_hash = EXCLUDED.source_hash, updated_at = now()`,
    [
      articleId,
      locale,
      fields.title,
      fields.excerpt,
      fields.content,
      fields.content_text,
      fields.word_count,
      fields.image_alt,
      fields.seo_description,
      fields.status,
      fields.publish_at,
      fields.published_at,
      fields.author_id,
    ],
  );
  await refreshSearchWhere(db, 't.article_id = $1 AND t.locale = $2', [articleId, locale]);
}

export async function remove(db: Queryable, articleId: number, locale: TranslationLocale): Promise<boolean> {
  return (await db.query('DELETE FROM article_translations WHERE article_id = $1 AND locale = $2 RETURNING 1', [articleId, locale])).length > 0;
}

/**
 * A translation's search vector, as the original's but in its language: title (A); excerpt, category names in the
 * language and author name (B); body text (C); stemmed by the language's configuration (SEARCH_CONFIG).
 */
async function refreshSearchWhere(db: Queryable, where: string, params: unknown[]): Promise<void> {
  const config = `(CASE t.locale ${Object.entries(SEARCH_CONFIG)
    .map(([code, name]) => `WHEN '${code}' THEN '${name}'::regconfig`)
    .join(' ')} END)`;
  const names = (['en-US', 'es-ES', 'fr-FR', 'ht-HT'] as const)
    .map((lang) => `WHEN '${lang}' THEN ${localizedName(lang)}`)
    .join(' ');
  await db.query(
    `UPDATE article_translations t SET search =
       setweight(to_tsvector(${config}, t.title), 'A') ||
       setweight(to_tsvector(${config}, t.excerpt || ' ' ||
         COALESCE((SELECT string_agg(CASE t.locale ${names} END, ' ') FROM article_categories ac JOIN categories c ON c.id = ac.category_id WHERE ac.article_id = t.article_id), '') || ' ' ||
         COALESCE((SELECT u.name || ' ' || u.last_name FROM users u JOIN articles a ON a.author_id = u.id WHERE a.id = t.article_id), '')), 'B') ||
       setweight(to_tsvector(${config}, t.content_text), 'C')
     WHERE ${where}`,
    params,
  );
}

/** The vectors of an article's translations (its categories or author changed). */
export const refreshSearchOfArticle = (db: Queryable, articleId: number) => refreshSearchWhere(db, 't.article_id = $1', [articleId]);
export const refreshSearchOfCategory = (db: Queryable, categoryId: number) =>
  refreshSearchWhere(db, 't.article_id IN (SELECT article_id FROM article_categories WHERE category_id = $1)', [categoryId]);
export const refreshSearchOfAuthor = (db: Queryable, userId: number) =>
  refreshSearchWhere(db, 't.article_id IN (SELECT id FROM articles WHERE author_id = $1)', [userId]);
/** Every translation of these articles in one statement (bulk loads such as the benchmark seeder). */
export const refreshSearchOfIds = (db: Queryable, ids: readonly number[]) => refreshSearchWhere(db, 't.article_id = ANY($1::int[])', [[...ids]]);
