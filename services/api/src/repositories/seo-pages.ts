import type { Locale } from '@vitrine/contracts';
import type { Queryable } from '../db';
import { PUBLIC_LANGUAGES, VISIBLE } from './articles';

/**
 * Read-only queries of the sitemap (findable-without-js). Visibility is the
 * content work's own rule (`VISIBLE`: published and its public time has come),
 * so drafts and scheduled articles never show up here.
 */

/** The most articles the sitemap lists, newest first (up to five versions each, in the files of its index). */
export const SITEMAP_MAX_ARTICLES = 100_000;

export interface SitemapArticle {
  id: number;
  unique_key: string;
  updated_at: Date;
  /** The languages it is published in (the original's first). */
  languages: Locale[];
}

export interface SitemapAuthor {
  id: number;
  unique_key: string;
  /** The newest change among their visible articles. */
  lastmod: Date;
}

export interface SitemapCategory {
  unique_key: string;
  /** The category's own change or its newest visible article's, whichever is later; null when it has none. */
  lastmod: Date | null;
}

export async function visibleArticles(db: Queryable, limit: number): Promise<SitemapArticle[]> {
  return db.query<SitemapArticle>(
    `SELECT a.id, a.unique_key, a.updated_at, ${PUBLIC_LANGUAGES} AS languages FROM articles a WHERE ${VISIBLE} ORDER BY a.listed_at DESC, a.id DESC LIMIT $1`,
    [limit],
  );
}

/** Active users with at least one visible article: their public profiles (the same rule as the profile read). */
export async function authorsWithArticles(db: Queryable, limit: number): Promise<SitemapAuthor[]> {
  return db.query<SitemapAuthor>(
    `SELECT u.id, u.unique_key, max(a.updated_at) AS lastmod
     FROM users u JOIN articles a ON a.author_id = u.id
     WHERE u.status = 'active' AND ${VISIBLE}
     GROUP BY u.id, u.unique_key ORDER BY max(a.listed_at) DESC, u.id LIMIT $1`,
    [limit],
  );
}

/** Every active category (its blog page), newest change first. */
export async function activeCategories(db: Queryable, limit: number): Promise<SitemapCategory[]> {
  return db.query<SitemapCategory>(
    `SELECT c.unique_key,
       GREATEST(c.updated_at, (SELECT max(a.updated_at) FROM article_categories ac JOIN articles a ON a.id = ac.article_id
                               WHERE ac.category_id = c.id AND ${VISIBLE})) AS lastmod
     FROM categories c WHERE c.active ORDER BY lower(c.name), c.id LIMIT $1`,
    [limit],
  );
}

/** The newest change of anything public (home and blog lastmod); null on an empty site. */
export async function lastContentChange(db: Queryable): Promise<Date | null> {
  const rows = await db.query<{ lastmod: Date | null }>(`SELECT max(a.updated_at) AS lastmod FROM articles a WHERE ${VISIBLE}`);
  return rows[0]?.lastmod ?? null;
}
