import type { Article, ArticleCard, ArticleTranslation, AuthorCard, Category, CategoryChip, ContentState, Image, PublicCategory, Revision } from '@vitrine/contracts';
import { WORDS_PER_MINUTE } from '@vitrine/utils';
import { DEFAULT_IMAGE_WIDTH } from '../lib/image-pipeline';
import type { ImageStorage } from '../lib/image-storage';
import { siteDay } from '../lib/site-day';
import type { TranslationRow } from '../repositories/article-translations';
import type { ArticleRow, AuthorRow, ChipRow, RevisionRow } from '../repositories/articles';
import type { CategoryRow } from '../repositories/categories';
import type { ImageRow } from '../repositories/images';

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

/** Rounded minutes at 200 words per minute; 0 reads as 'menos de 1 min'. */
export function readingMinutes(words: number): number {
  return Math.round(words / WORDS_PER_MINUTE);
}

/** The address of the largest variant up to 1280 px, and every variant as srcset. */
export function toImage(row: ImageRow | null, storage: ImageStorage): Image | null {
  if (!row) return null;
  const variants = [...row.variants].sort((a, b) => a.width - b.width);
  const fitting = variants.filter((v) => v.width <= DEFAULT_IMAGE_WIDTH);
  const main = fitting[fitting.length - 1] ?? variants[0];
  return {
    id: row.id,
    url: main ? storage.url(row.id, main.width) : '',
    srcset: variants.map((v) => `${storage.url(row.id, v.width)} ${v.width}w`).join(', '),
    width: row.width,
    height: row.height,
  };
}

export function toChip(row: ChipRow | CategoryRow): CategoryChip {
  return { id: row.id, unique_key: row.unique_key, name: row.name, text_color: row.text_color, background_color: row.background_color };
}

/** A category in the blog's filter: its chip and its description (both in the row's language, see activeWithCounts). */
export function toPublicCategory(row: CategoryRow): PublicCategory {
  return { ...toChip(row), description: row.description };
}

export function toCategory(row: CategoryRow, image: ImageRow | null, storage: ImageStorage): Category {
  return {
    ...toChip(row),
    names: row.names ?? {},
    description: row.description,
    descriptions: row.descriptions ?? {},
    image: toImage(image, storage),
    active: row.active,
    article_count: row.article_count,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const NO_AUTHOR: AuthorCard = { id: 1, unique_key: 'removed', name: 'Vitrine', last_name: '', position: '', photo: null, biography: null };

export function toAuthor(row: AuthorRow | null): AuthorCard {
  if (!row) return NO_AUTHOR;
  return {
    id: row.id,
    unique_key: row.unique_key,
    name: row.name,
    last_name: row.last_name,
    position: row.position,
    photo: row.photo,
    biography: row.biography,
  };
}

export function toArticle(row: ArticleRow, storage: ImageStorage): Article {
  return {
    id: row.id,
    unique_key: row.unique_key,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    image: toImage(row.image, storage),
    categories: row.categories.map(toChip),
    author: toAuthor(row.author),
    status: row.status,
    emphasis: row.emphasis,
    meta_description: row.meta_description || row.excerpt,
    social_image: toImage(row.social_image, storage),
    publish_at: isoOrNull(row.publish_at),
    // Public reads: when the article was first public in any language (the date lists order by).
    published_at: isoOrNull(row.lang !== undefined ? row.public_at : row.published_at),
    published_on: siteDay(row.lang !== undefined ? row.public_at : row.published_at),
    reading_minutes: readingMinutes(row.word_count),
    reads: row.reads,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    ...(row.lang !== undefined ? { lang: row.lang, languages: row.languages ?? [], image_alt: row.image_alt ?? '' } : {}),
    ...(row.translations !== undefined ? { translations: row.translations } : {}),
  };
}

/** Draft, scheduled (published with a publish_at still to come) or published. */
export function contentState(status: 'draft' | 'published', publishAt: Date | string | null, now = Date.now()): ContentState {
  if (status === 'draft') return 'draft';
  return publishAt !== null && new Date(publishAt).getTime() > now ? 'scheduled' : 'published';
}

export function toTranslation(row: TranslationRow): ArticleTranslation {
  return {
    locale: row.locale,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    image_alt: row.image_alt,
    seo_description: row.seo_description,
    status: row.status,
    state: contentState(row.status, row.publish_at),
    publish_at: isoOrNull(row.publish_at),
    published_at: isoOrNull(row.published_at),
    reading_minutes: readingMinutes(row.word_count),
    out_of_date: row.out_of_date,
    author: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? '', last_name: row.author_last_name ?? '' },
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** A card; its date is the public one (publish_at when scheduled, else published_at). */
export function toCard(row: ArticleRow, storage: ImageStorage, highlight?: string): ArticleCard {
  return {
    id: row.id,
    unique_key: row.unique_key,
    title: row.title,
    excerpt: row.excerpt,
    image: toImage(row.image, storage),
    categories: row.categories.map(toChip),
    author: toAuthor(row.author),
    published_at: isoOrNull(row.public_at),
    published_on: siteDay(row.public_at),
    reading_minutes: readingMinutes(row.word_count),
    emphasis: row.emphasis,
    ...(highlight !== undefined ? { highlight } : {}),
    ...(row.lang !== undefined ? { lang: row.lang } : {}),
  };
}

export function toRevision(row: RevisionRow): Revision {
  return {
    id: row.id,
    locale: row.locale,
    kind: row.kind,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    author: { id: row.author_id ?? 1, name: row.author_name ?? '', last_name: row.author_last_name ?? '' },
    created_at: iso(row.created_at),
  };
}
