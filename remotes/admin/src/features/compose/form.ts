import dayjs, { type Dayjs } from 'dayjs';
import type { Article, ArticleCreateInput, Image } from '@vitrine/contracts';

/** What the compose form holds. */
export interface ComposeValues {
  title: string;
  content: string;
  excerpt: string;
  category_ids: number[];
  image: Image | null;
  emphasis: boolean;
  meta_description: string;
  publish_at: Dayjs | null;
}

export const EMPTY_VALUES: ComposeValues = {
  title: '',
  content: '',
  excerpt: '',
  category_ids: [],
  image: null,
  emphasis: false,
  meta_description: '',
  publish_at: null,
};

export function valuesOf(article: Article): ComposeValues {
  return {
    title: article.title,
    content: article.content,
    excerpt: article.excerpt,
    category_ids: article.categories.map((c) => c.id),
    image: article.image,
    emphasis: article.emphasis,
    meta_description: article.meta_description,
    publish_at: article.publish_at ? dayjs(article.publish_at) : null,
  };
}

/** The request body of a save (create or update); the form has validated the required fields. */
export function bodyOf(values: ComposeValues): ArticleCreateInput {
  return {
    title: values.title.trim(),
    content: values.content,
    excerpt: values.excerpt.trim(),
    image_id: values.image?.id ?? '',
    category_ids: values.category_ids,
    emphasis: values.emphasis,
    meta_description: values.meta_description.trim(),
    publish_at: values.publish_at ? values.publish_at.toISOString() : null,
  };
}

/** A comparable fingerprint, to tell unsaved changes. */
export function fingerprint(values: ComposeValues): string {
  return JSON.stringify([
    values.title,
    values.content,
    values.excerpt,
    values.category_ids,
    values.image?.id ?? null,
    values.emphasis,
    values.meta_description,
    values.publish_at?.toISOString() ?? null,
  ]);
}
