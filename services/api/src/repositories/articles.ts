import { DEFAULT_LOCALE, isLocale, type Locale } from '@vitrine/contracts';
import type { Queryable } from '../db';
import { localizedName } from './categories';
import type { ImageRow } from './images';
import { escapeLike } from './sql';

export interface ChipRow {
  id: number;
  unique_key: string;
  name: string;
  text_color: string;
  background_color: string;
  active: boolean;
}

export interface AuthorRow {
  id: number;
  unique_key: string;
  name: string;
  last_name: string;
  position: string;
  photo: string | null;
  biography: string | null;
}

export interface ArticleRow extends ArticleFields {
  id: number;
  /** Public reads: listed_at (when the article was first public in any language), the date pages show. */
  public_at: Date | null;
  listed_at: Date | null;
  /** Public reads: the language of the texts, every public language, the cover's alternative text. */
  lang?: Locale;
  languages?: Locale[] | null;
  image_alt?: string;
  /** Staff reads. */
  translations?: { locale: Exclude<Locale, 'pt-BR'>; state: 'draft' | 'scheduled' | 'published'; out_of_date: boolean }[];
  created_at: Date;
  updated_at: Date;
  author: AuthorRow | null;
  categories: ChipRow[];
  image: ImageRow | null;
  social_image: ImageRow | null;
  reads: number;
  /** Search results only. */
  headline?: string;
}

/**
 * Publicly visible: some version of it (the original or a translation) is published and its publish time has come
 * (listed_at, kept by the service: docs/decisions/content-languages.md). Which version a page shows is `shown`'s.
 */
export const VISIBLE = `a.listed_at <= now()`;
/** The original (pt-BR) itself is public. */
export const ORIGINAL_VISIBLE = `(a.status = 'published' AND a.public_at <= now())`;
/** A translation row `t` is public. */
export const TRANSLATION_VISIBLE = `(t.status = 'published' AND t.public_at <= now())`;
/** The original's text as a translation is measured against: a translation saved against another is out of date. */
export const ORIGINAL_HASH = `md5(a.title || chr(10) || a.excerpt || chr(10) || a.content)`;
/** The four translation languages in their fixed order (the fallback order when neither the visitor's nor the original is public). */
const TRANSLATION_ORDER = `ARRAY['en-US', 'es-ES', 'fr-FR', 'ht-HT']`;
/** Each language's text-search configuration: stemming as the language writes (Creole has none in PostgreSQL: simple). */
export const SEARCH_CONFIG: Record<Locale, string> = { 'pt-BR': 'portuguese', 'en-US': 'english', 'es-ES': 'spanish', 'fr-FR': 'french', 'ht-HT': 'simple' };

const AUTHOR_JSON = `(SELECT json_build_object('id', u.id, 'unique_key', u.unique_key, 'name', u.name, 'last_name', u.last_name,
  'position', u.position, 'photo', u.photo, 'biography', u.biography) FROM users u WHERE u.id = a.author_id)`;

/** The article's categories as chips, each named in `lang` (pt-BR fallback: repositories/categories.ts localizedName). */
function categoriesJson(activeOnly: boolean, lang: Locale): string {
  const name = localizedName(lang);
  return `COALESCE((SELECT json_agg(json_build_object('id', c.id, 'unique_key', c.unique_key, 'name', ${name}, 'text_color', c.text_color,
    'background_color', c.background_color, 'active', c.active) ORDER BY lower(${name}))
    FROM article_categories ac JOIN categories c ON c.id = ac.category_id WHERE ac.article_id = a.id${activeOnly ? ' AND c.active' : ''}), '[]'::json)`;
}

/**
 * The version a page in `lang` shows (alias `tr`; no row: the original): the translation in `lang` when it is public,
 * else the original when it is public, else the first public translation in the fixed order. `lang` is one of the
 * five codes, written into the statement (one statement text per language, made once).
 */
export function shownTranslation(lang: Locale): string {
  if (!isLocale(lang)) throw new Error(`not a language: ${String(lang)}`);
  return `LEFT JOIN LATERAL (
      SELECT t.locale, t.title, t.excerpt, t.content, t.content_text, t.word_count, t.image_alt, t.seo_description
      FROM article_translations t
      WHERE t.article_id = a.id AND ${TRANSLATION_VISIBLE} AND (t.locale = '${lang}' OR NOT ${ORIGINAL_VISIBLE})
      ORDER BY t.locale = '${lang}' DESC, array_position(${TRANSLATION_ORDER}, t.locale)
      LIMIT 1) tr ON true`;
}

/** Every language the article is public in, the original's first, then the fixed order. */
export const PUBLIC_LANGUAGES = `ARRAY(SELECT v.l FROM (
    SELECT 'pt-BR' AS l, 0 AS o WHERE ${ORIGINAL_VISIBLE}
    UNION ALL SELECT t.locale, array_position(${TRANSLATION_ORDER}, t.locale) FROM article_translations t WHERE t.article_id = a.id AND ${TRANSLATION_VISIBLE}
  ) v ORDER BY v.o)`;

/** Staff reads: each translation's language, state and whether the original changed since it was saved. */
const TRANSLATIONS_JSON = `COALESCE((SELECT json_agg(json_build_object('locale', t.locale,
    'state', CASE WHEN t.status = 'draft' THEN 'draft' WHEN t.publish_at > now() THEN 'scheduled' ELSE 'published' END,
    'out_of_date', t.source_hash <> ${ORIGINAL_HASH}) ORDER BY array_position(${TRANSLATION_ORDER}, t.locale))
  FROM article_translations t WHERE t.article_id = a.id), '[]'::json)`;

/**
 * Everything but the search vector, with author, categories, images and total reads. `lang` given (public reads):
 * the texts of the version shown in that language, with `lang` and `languages`; else (staff) the original's with
 * the translations' summary.
 */
function selectArticle(options: { activeCategoriesOnly: boolean; withContent: boolean; extra?: string; lang?: Locale }): string {
  const lang = options.lang;
  const text = (column: string) => (lang ? `COALESCE(tr.${column}, a.${column}) AS ${column}` : `a.${column}`);
  const content = options.withContent ? `${text('content')}, ${text('content_text')}` : "'' AS content, '' AS content_text";
  const version = lang
    ? `COALESCE(tr.locale, 'pt-BR') AS lang, COALESCE(tr.image_alt, '') AS image_alt,
       COALESCE(NULLIF(tr.seo_description, ''), CASE WHEN tr.locale IS NULL THEN NULLIF(a.meta_description, '') END, tr.excerpt, a.excerpt) AS meta_description,
       ${options.withContent ? PUBLIC_LANGUAGES : 'NULL'} AS languages,`
    : `a.meta_description, ${TRANSLATIONS_JSON} AS translations,`;
  return `SELECT a.id, a.unique_key, ${text('title')}, ${text('excerpt')}, ${content},
    ${text('word_count')}, a.image_id, a.social_image_id, a.author_id, a.status, a.emphasis, a.publish_at, a.published_at,
    ${lang ? 'a.listed_at AS public_at' : 'a.public_at'}, a.listed_at, a.created_at, a.updated_at, ${version}
    ${AUTHOR_JSON} AS author,
    ${categoriesJson(options.activeCategoriesOnly, lang ?? DEFAULT_LOCALE)} AS categories,
    (SELECT to_jsonb(i) FROM images i WHERE i.id = a.image_id) AS image,
    (SELECT to_jsonb(i) FROM images i WHERE i.id = COALESCE(a.social_image_id, a.image_id)) AS social_image,
    (SELECT COALESCE(sum(r.reads), 0)::int FROM article_reads_daily r WHERE r.article_id = a.id) AS reads
    ${options.extra ?? ''}
  FROM articles a${lang ? ` ${shownTranslation(lang)}` : ''}`;
}

const STAFF = selectArticle({ activeCategoriesOnly: false, withContent: true });
/** Public reads name categories and show the version in the visitor's language: one statement text per language, made once. */
const perLanguage = (make: (lang: Locale) => string) => {
  const made = new Map<Locale, string>();
  return (lang: Locale = DEFAULT_LOCALE): string => {
    let sql = made.get(lang);
    if (sql === undefined) made.set(lang, (sql = make(lang)));
    return sql;
  };
};
const PUBLIC_FULL = perLanguage((lang) => selectArticle({ activeCategoriesOnly: true, withContent: true, lang }));
const PUBLIC_CARD = perLanguage((lang) => selectArticle({ activeCategoriesOnly: true, withContent: false, lang }));

/**
 * Lists pick their rows first, then build them. `pick` selects `id` (and whatever `order` needs,
 * read as `picked.<column>`) of exactly the rows to show, with its own ORDER BY, LIMIT and OFFSET;
 * it is materialized, so the card's sub-selects (author, categories, images, reads) run for those
 * rows only and never for the rows an OFFSET skips or a LIMIT drops (docs/performance.md, "Database
 * queries at 10 000 articles"). `order` restores the pick's order on the built rows.
 */
function pickThenBuild(select: string, pick: string, order: string, ctes = ''): string {
  return `WITH ${ctes}picked AS MATERIALIZED (${pick})
    ${select} JOIN picked ON picked.id = a.id ORDER BY ${order}`;
}

export async function findById(db: Queryable, id: number): Promise<ArticleRow | undefined> {
  return (await db.query<ArticleRow>(`${STAFF} WHERE a.id = $1`, [id]))[0];
}

export async function findByIdAndKey(db: Queryable, id: number, key: string): Promise<ArticleRow | undefined> {
  return (await db.query<ArticleRow>(`${STAFF} WHERE a.id = $1 AND a.unique_key = $2`, [id, key]))[0];
}

/** Locks the row for the rest of the transaction (concurrent saves of one article are serialized). */
export async function lockByIdAndKey(db: Queryable, id: number, key: string): Promise<{ id: number; status: string; published_at: Date | null; title: string; unique_key: string } | undefined> {
  const rows = await db.query<{ id: number; status: string; published_at: Date | null; title: string; unique_key: string }>(
    'SELECT id, status, published_at, title, unique_key FROM articles WHERE id = $1 AND unique_key = $2 FOR UPDATE',
    [id, key],
  );
  return rows[0];
}

export async function titleTaken(db: Queryable, title: string, exceptId = 0): Promise<boolean> {
  return (await db.query('SELECT 1 FROM articles WHERE lower(title) = lower($1) AND id <> $2', [title, exceptId])).length > 0;
}

export async function keysLike(db: Queryable, base: string, exceptId = 0): Promise<string[]> {
  const rows = await db.query<{ unique_key: string }>(
    "SELECT unique_key FROM articles WHERE (unique_key = $1 OR unique_key LIKE $2 ESCAPE '\\') AND id <> $3",
    [base, `${escapeLike(base)}-%`, exceptId],
  );
  return rows.map((r) => r.unique_key);
}

export interface ArticleFields {
  unique_key: string;
  title: string;
  excerpt: string;
  content: string;
  content_text: string;
  word_count: number;
  image_id: string | null;
  social_image_id: string | null;
  meta_description: string;
  author_id: number | null;
  status: 'draft' | 'published';
  emphasis: boolean;
  publish_at: Date | null;
  published_at: Date | null;
}

const COLUMNS = [
  'unique_key',
  'title',
  'excerpt',
  'content',
  'content_text',
  'word_count',
  'image_id',
  'social_image_id',
  'meta_description',
  'author_id',
  'status',
  'emphasis',
  'publish_at',
  'published_at',
] as const;

export async function insert(db: Queryable, fields: ArticleFields & { created_at?: Date }): Promise<number> {
  const columns: string[] = [...COLUMNS];
  const params: unknown[] = COLUMNS.map((c) => fields[c]);
  if (fields.created_at) {
    columns.push('created_at', 'updated_at');
    params.push(fields.created_at, fields.created_at);
  }
  const rows = await db.query<{ id: number }>(
    `INSERT INTO articles (${columns.join(', ')}) VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    params,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert into articles returned no id');
  return id;
}

export async function update(db: Queryable, id: number, changes: Partial<ArticleFields>): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const column of COLUMNS) {
    if (changes[column] === undefined) continue;
    params.push(changes[column]);
    sets.push(`${column} = $${params.length}`);
  }
  params.push(id);
  await db.query(`UPDATE articles SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $${params.length}`, params);
}

export async function remove(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM articles WHERE id = $1', [id]);
}

export async function setCategories(db: Queryable, articleId: number, categoryIds: readonly number[]): Promise<void> {
  await db.query('DELETE FROM article_categories WHERE article_id = $1', [articleId]);
  await db.query('INSERT INTO article_categories (article_id, category_id) SELECT $1, unnest($2::int[])', [articleId, [...categoryIds]]);
}

/**
 * Rebuilds the search vector ('portuguese'): title (A); excerpt, category names
 * and author name (B); body text (C). `where` picks the articles.
 */
async function refreshSearchWhere(db: Queryable, where: string, params: unknown[]): Promise<void> {
  await db.query(
    `UPDATE articles a SET search =
       setweight(to_tsvector('portuguese', a.title), 'A') ||
       setweight(to_tsvector('portuguese', a.excerpt || ' ' ||
         COALESCE((SELECT string_agg(c.name, ' ') FROM article_categories ac JOIN categories c ON c.id = ac.category_id WHERE ac.article_id = a.id), '') || ' ' ||
         COALESCE((SELECT u.name || ' ' || u.last_name FROM users u WHERE u.id = a.author_id), '')), 'B') ||
       setweight(to_tsvector('portuguese', a.content_text), 'C')
     WHERE ${where}`,
    params,
  );
}

export const refreshSearch = (db: Queryable, articleId: number) => refreshSearchWhere(db, 'a.id = $1', [articleId]);
export const refreshSearchOfCategory = (db: Queryable, categoryId: number) =>
  refreshSearchWhere(db, 'a.id IN (SELECT article_id FROM article_categories WHERE category_id = $1)', [categoryId]);
export const refreshSearchOfAuthor = (db: Queryable, userId: number) => refreshSearchWhere(db, 'a.author_id = $1', [userId]);
/** The same vector for many articles in one statement (bulk loads such as the benchmark seeder). */
export const refreshSearchOfIds = (db: Queryable, ids: readonly number[]) => refreshSearchWhere(db, 'a.id = ANY($1::int[])', [[...ids]]);

export interface StaffListFilter {
  limit: number;
  page: number;
  search?: string | undefined;
  status?: 'draft' | 'published' | 'scheduled' | undefined;
  category_id?: number | undefined;
  author_id?: number | undefined;
  emphasis?: boolean | undefined;
}

export async function list(db: Queryable, filter: StaffListFilter): Promise<{ rows: ArticleRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const search = filter.search?.trim();
  if (search) {
    params.push(search, `%${escapeLike(search)}%`);
    where.push(`(a.search @@ websearch_to_tsquery('portuguese', $${params.length - 1}) OR a.title ILIKE $${params.length})`);
  }
  if (filter.status === 'scheduled') where.push(`a.status = 'published' AND a.publish_at > now()`);
  else if (filter.status) {
    params.push(filter.status);
    where.push(`a.status = $${params.length}`);
  }
  if (filter.category_id !== undefined) {
    params.push(filter.category_id);
    where.push(`EXISTS (SELECT 1 FROM article_categories ac WHERE ac.article_id = a.id AND ac.category_id = $${params.length})`);
  }
  if (filter.author_id !== undefined) {
    params.push(filter.author_id);
    where.push(`a.author_id = $${params.length}`);
  }
  if (filter.emphasis !== undefined) {
    params.push(filter.emphasis);
    where.push(`a.emphasis = $${params.length}`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM articles a ${clause}`, params))[0]?.n ?? 0;
  const rows = await db.query<ArticleRow>(
    pickThenBuild(
      STAFF,
      `SELECT a.id FROM articles a ${clause} ORDER BY a.updated_at DESC, a.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      'a.updated_at DESC, a.id DESC',
    ),
    [...params, filter.limit, (filter.page - 1) * filter.limit],
  );
  return { rows, total };
}

// ---- revisions

export interface RevisionRow {
  id: number;
  article_id: number;
  locale: Locale;
  kind: 'save' | 'autosave' | 'restore';
  title: string;
  excerpt: string;
  content: string;
  author_id: number | null;
  author_name: string | null;
  author_last_name: string | null;
  created_at: Date;
}

export async function addRevision(
  db: Queryable,
  revision: { article_id: number; kind: 'save' | 'restore'; title: string; excerpt: string; content: string; author_id: number | null; locale?: Locale },
): Promise<void> {
  await db.query('INSERT INTO article_revisions (article_id, kind, title, excerpt, content, author_id, locale) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    revision.article_id,
    revision.kind,
    revision.title,
    revision.excerpt,
    revision.content,
    revision.author_id,
    revision.locale ?? DEFAULT_LOCALE,
  ]);
}

/** The one autosave revision of an article, replaced by each autosave. */
export async function upsertAutosave(db: Queryable, revision: { article_id: number; title: string; excerpt: string; content: string; author_id: number }): Promise<void> {
  await db.query(
    `INSERT INTO article_revisions (article_id, kind, title, excerpt, content, author_id) VALUES ($1, 'autosave', $2, $3, $4, $5)
     ON CONFLICT (article_id, locale) WHERE kind = 'autosave'
     DO UPDATE SET title = EXCLUDED.title, excerpt = EXCLUDED.excerpt, content = EXCLUDED.content, author_id = EXCLUDED.author_id, created_at = now()`,
    [revision.article_id, revision.title, revision.excerpt, revision.content, revision.author_id],
  );
}

const SELECT_REVISION = `SELECT r.*, u.name AS author_name, u.last_name AS author_last_name FROM article_revisions r LEFT JOIN users u ON u.id = r.author_id`;

/** One language's revisions (the original's: pt-BR), newest first. */
export async function listRevisions(db: Queryable, articleId: number, locale: Locale = DEFAULT_LOCALE): Promise<RevisionRow[]> {
  return db.query<RevisionRow>(`${SELECT_REVISION} WHERE r.article_id = $1 AND r.locale = $2 ORDER BY r.created_at DESC, r.id DESC`, [articleId, locale]);
}

export async function findRevision(db: Queryable, articleId: number, revisionId: number): Promise<RevisionRow | undefined> {
  return (await db.query<RevisionRow>(`${SELECT_REVISION} WHERE r.article_id = $1 AND r.id = $2`, [articleId, revisionId]))[0];
}

// ---- public reads (only visible articles, only active categories)

export interface PublicFilter {
  limit: number;
  offset: number;
  categoryId?: number | undefined;
  authorId?: number | undefined;
  emphasis?: boolean | undefined;
  excludeIds?: number[] | undefined;
  /** The language of the categories' names (pt-BR fallback); pt-BR when not given. */
  lang?: Locale | undefined;
}

function publicWhere(filter: PublicFilter, params: unknown[]): string {
  const where = [VISIBLE];
  if (filter.categoryId !== undefined) {
    params.push(filter.categoryId);
    where.push(`EXISTS (SELECT 1 FROM article_categories ac WHERE ac.article_id = a.id AND ac.category_id = $${params.length})`);
  }
  if (filter.authorId !== undefined) {
    params.push(filter.authorId);
    where.push(`a.author_id = $${params.length}`);
  }
  if (filter.emphasis !== undefined) {
    params.push(filter.emphasis);
    where.push(`a.emphasis = $${params.length}`);
  }
  if (filter.excludeIds?.length) {
    params.push(filter.excludeIds);
    where.push(`a.id <> ALL($${params.length}::int[])`);
  }
  return where.join(' AND ');
}

export async function listPublic(db: Queryable, filter: PublicFilter): Promise<ArticleRow[]> {
  const params: unknown[] = [];
  const where = publicWhere(filter, params);
  return db.query<ArticleRow>(
    pickThenBuild(
      PUBLIC_CARD(filter.lang),
      `SELECT a.id FROM articles a WHERE ${where} ORDER BY a.listed_at DESC, a.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      'a.listed_at DESC, a.id DESC',
    ),
    [...params, filter.limit, filter.offset],
  );
}

export async function countPublic(db: Queryable, filter: Omit<PublicFilter, 'limit' | 'offset'>): Promise<number> {
  const params: unknown[] = [];
  const where = publicWhere({ ...filter, limit: 0, offset: 0 }, params);
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM articles a WHERE ${where}`, params))[0]?.n ?? 0;
}

export async function findPublic(db: Queryable, id: number, key: string, lang: Locale = DEFAULT_LOCALE): Promise<ArticleRow | undefined> {
  return (await db.query<ArticleRow>(`${PUBLIC_FULL(lang)} WHERE a.id = $1 AND a.unique_key = $2 AND ${VISIBLE}`, [id, key]))[0];
}

export async function isVisible(db: Queryable, id: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM articles a WHERE a.id = $1 AND ${VISIBLE}`, [id])).length > 0;
}

/** Most reads over the last `days` days (UTC), newest first on ties. */
export async function popular(db: Queryable, days: number, limit: number, lang: Locale = DEFAULT_LOCALE): Promise<ArticleRow[]> {
  return db.query<ArticleRow>(
    pickThenBuild(
      PUBLIC_CARD(lang),
      `SELECT a.id, counts.n FROM (
         SELECT article_id, sum(reads)::int AS n FROM article_reads_daily
         WHERE day > (now() AT TIME ZONE 'UTC')::date - $1::int GROUP BY article_id) counts
       JOIN articles a ON a.id = counts.article_id
       WHERE ${VISIBLE} ORDER BY counts.n DESC, a.listed_at DESC, a.id DESC LIMIT $2`,
      'picked.n DESC, a.listed_at DESC, a.id DESC',
    ),
    [days, limit],
  );
}

/**
 * Tendencies: the biggest growth of reads over the last 7 days against the 7
 * before (ties: more reads in the last 7 days); only articles read this week.
 */
export async function tendencies(db: Queryable, limit: number, lang: Locale = DEFAULT_LOCALE): Promise<ArticleRow[]> {
  return db.query<ArticleRow>(
    pickThenBuild(
      PUBLIC_CARD(lang),
      `SELECT a.id, counts.recent - counts.previous AS growth, counts.recent FROM (
         SELECT r.article_id,
                sum(r.reads) FILTER (WHERE r.day > today.d - 7)::int AS recent,
                COALESCE(sum(r.reads) FILTER (WHERE r.day <= today.d - 7), 0)::int AS previous
         FROM article_reads_daily r, (SELECT (now() AT TIME ZONE 'UTC')::date AS d) today
         WHERE r.day > today.d - 14 GROUP BY r.article_id) counts
       JOIN articles a ON a.id = counts.article_id
       WHERE ${VISIBLE} AND counts.recent > 0
       ORDER BY counts.recent - counts.previous DESC, counts.recent DESC, a.listed_at DESC LIMIT $1`,
      'picked.growth DESC, picked.recent DESC, a.listed_at DESC',
    ),
    [limit],
  );
}

/** Visible articles sharing categories with this one: more shared categories first, then newest. */
export async function related(db: Queryable, articleId: number, limit: number, lang: Locale = DEFAULT_LOCALE): Promise<ArticleRow[]> {
  return db.query<ArticleRow>(
    pickThenBuild(
      PUBLIC_CARD(lang),
      `SELECT a.id, shared.n FROM (
         SELECT o.article_id, count(*)::int AS n FROM article_categories mine
         JOIN article_categories o ON o.category_id = mine.category_id AND o.article_id <> mine.article_id
         JOIN categories c ON c.id = mine.category_id AND c.active
         WHERE mine.article_id = $1 GROUP BY o.article_id) shared
       JOIN articles a ON a.id = shared.article_id
       WHERE ${VISIBLE} ORDER BY shared.n DESC, a.listed_at DESC, a.id DESC LIMIT $2`,
      'picked.n DESC, a.listed_at DESC, a.id DESC',
    ),
    [articleId, limit],
  );
}

export interface SearchFilter {
  q: string;
  limit: number;
  offset: number;
  categoryId?: number | undefined;
  /** A category whose name the query names: its articles match too. */
  topicId?: number | undefined;
  headlineOptions: string;
  /** At most this many matches are ranked: the newest ones (see search()). */
  candidates: number;
  /** The language of the categories' names (pt-BR fallback). */
  lang?: Locale | undefined;
}

/** A text-search configuration chosen by a language code in SQL (`expr` is pt-BR or a translation's locale). */
function configOf(expr: string): string {
  return `(CASE ${expr} ${Object.entries(SEARCH_CONFIG)
    .map(([code, config]) => `WHEN '${code}' THEN '${config}'::regconfig`)
    .join(' ')} END)`;
}

/**
 * The visible matches (`m.id`, `m.listed_at`) in the search's language, each article searched in the version a page
 * in that language shows: its translation in the language (with that language's stemming) when it is public, else its
 * original (Portuguese stemming). The words go through the GIN indexes (articles_search_idx,
 * article_translations_search_idx), the topic's articles through article_categories_category_idx, as a UNION (an `OR`
 * would force a sequential scan of every article). No vector, no text is read here.
 */
function searchMatches(filter: SearchFilter, params: unknown[]): string {
  params.push(filter.q);
  const lang = filter.lang ?? DEFAULT_LOCALE;
  const branches = [
    `SELECT a.id, a.listed_at FROM articles a WHERE a.search @@ websearch_to_tsquery('portuguese', $1) AND ${ORIGINAL_VISIBLE}${
      lang === DEFAULT_LOCALE ? '' : ` AND NOT EXISTS (SELECT 1 FROM article_translations t WHERE t.article_id = a.id AND t.locale = '${lang}' AND ${TRANSLATION_VISIBLE})`
    }`,
  ];
  if (lang !== DEFAULT_LOCALE) {
    branches.push(
      `SELECT a.id, a.listed_at FROM article_translations t JOIN articles a ON a.id = t.article_id
       WHERE t.search @@ websearch_to_tsquery('${SEARCH_CONFIG[lang]}', $1) AND t.locale = '${lang}' AND ${TRANSLATION_VISIBLE} AND ${VISIBLE}`,
    );
  }
  if (filter.topicId !== undefined) {
    params.push(filter.topicId);
    branches.push(`SELECT a.id, a.listed_at FROM article_categories t JOIN articles a ON a.id = t.article_id WHERE t.category_id = $${params.length} AND ${VISIBLE}`);
  }
  let where = '';
  if (filter.categoryId !== undefined) {
    params.push(filter.categoryId);
    where = ` WHERE EXISTS (SELECT 1 FROM article_categories ac WHERE ac.article_id = m.id AND ac.category_id = $${params.length})`;
  }
  return `SELECT m.id, m.listed_at FROM (${branches.join(' UNION ')}) m${where}`;
}

/**
 * Full-text search ranked by ts_rank_cd (title A > excerpt/categories/author B > body C), with highlighted passages,
 * each in the language of the version matched.
 *
 * Bounded, in one statement: the newest `candidates` + 1 matches are taken (ids and dates only), the newest
 * `candidates` of them are ranked (reading their vectors), and only the page's rows get a card and a ts_headline.
 * When more matched, the answer is `partial` and `total` is `candidates`: a lower bound of the matches, and
 * exactly what can be paged through. A selective search (at most `candidates` matches) is exact.
 */
export async function search(db: Queryable, filter: SearchFilter): Promise<{ rows: ArticleRow[]; total: number; partial: boolean }> {
  const params: unknown[] = [];
  const lang = filter.lang ?? DEFAULT_LOCALE;
  const matches = searchMatches(filter, params);
  params.push(filter.candidates, filter.limit, filter.offset, filter.headlineOptions);
  const [candidates, limit, offset, headline] = [params.length - 3, params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
  const shownConfig = configOf(`COALESCE(tr.locale, 'pt-BR')`);
  const select = selectArticle({
    activeCategoriesOnly: true,
    withContent: false,
    lang,
    extra: `, ts_headline(${shownConfig}, COALESCE(tr.content_text, a.content_text), websearch_to_tsquery(${shownConfig}, $1), ${headline}) AS headline,
      (SELECT count(*)::int FROM found) AS matched`,
  });
  // The rank of the version matched: the translation in the search's language when it is public, else the original.
  const rank =
    lang === DEFAULT_LOCALE
      ? `ts_rank_cd(r.search, websearch_to_tsquery('portuguese', $1))`
      : `COALESCE(ts_rank_cd(t.search, websearch_to_tsquery('${SEARCH_CONFIG[lang]}', $1)), ts_rank_cd(r.search, websearch_to_tsquery('portuguese', $1)))`;
  const translation = lang === DEFAULT_LOCALE ? '' : ` LEFT JOIN article_translations t ON t.article_id = c.id AND t.locale = '${lang}' AND ${TRANSLATION_VISIBLE}`;
  const rows = await db.query<ArticleRow & { matched: number }>(
    pickThenBuild(
      select,
      `SELECT c.id, c.listed_at, ${rank} AS rank
       FROM (SELECT id, listed_at FROM found ORDER BY listed_at DESC, id DESC LIMIT ${candidates}) c JOIN articles r ON r.id = c.id${translation}
       ORDER BY rank DESC, c.listed_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`,
      'picked.rank DESC, a.listed_at DESC, a.id DESC',
      `found AS MATERIALIZED (${matches} ORDER BY m.listed_at DESC, m.id DESC LIMIT ${candidates}::int + 1), `,
    ),
    params,
  );
  // A page past the last one has no row to carry the count: count alone then (never on a normal page).
  const matched = rows[0]?.matched ?? (filter.offset === 0 ? 0 : await countMatches(db, filter));
  for (const row of rows) delete (row as Partial<typeof row>).matched;
  return { rows, total: Math.min(matched, filter.candidates), partial: matched > filter.candidates };
}

/** How many match, up to `candidates` + 1: for a page past the last one, which has no row to carry the count. */
async function countMatches(db: Queryable, filter: SearchFilter): Promise<number> {
  const params: unknown[] = [];
  const matches = searchMatches(filter, params);
  params.push(filter.candidates + 1);
  return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${matches} LIMIT $${params.length}) found`, params))[0]?.n ?? 0;
}

// ---- authors

/** Authors with at least one visible article (other than `exceptId`), the most recently published first. */
export async function publicAuthors(db: Queryable, exceptId: number, limit: number): Promise<AuthorRow[]> {
  return db.query<AuthorRow>(
    `SELECT u.id, u.unique_key, u.name, u.last_name, u.position, u.photo, u.biography
     FROM users u JOIN (SELECT a.author_id, max(a.listed_at) AS last FROM articles a WHERE ${VISIBLE} GROUP BY a.author_id) w ON w.author_id = u.id
     WHERE u.id <> $1 AND u.status = 'active' ORDER BY w.last DESC, u.id LIMIT $2`,
    [exceptId, limit],
  );
}

export async function findPublicAuthor(db: Queryable, id: number, key: string): Promise<AuthorRow | undefined> {
  const rows = await db.query<AuthorRow>(
    `SELECT u.id, u.unique_key, u.name, u.last_name, u.position, u.photo, u.biography FROM users u
     WHERE u.id = $1 AND u.unique_key = $2 AND u.status = 'active'
       AND (EXISTS (SELECT 1 FROM articles a WHERE a.author_id = u.id AND ${VISIBLE})
            OR EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_name = 'article_management'))`,
    [id, key],
  );
  return rows[0];
}
