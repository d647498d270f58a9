import dayjs, { type Dayjs } from 'dayjs';
import type { ArticleStatus, ArticleTranslation, ArticleTranslationInput } from '@vitrine/contracts';

/** What a translation's form holds. */
export interface TranslationValues {
  title: string;
  excerpt: string;
  content: string;
  image_alt: string;
  seo_description: string;
  publish_at: Dayjs | null;
}

export const EMPTY_TRANSLATION: TranslationValues = {
  title: '',
  excerpt: '',
  content: '',
  image_alt: '',
  seo_description: '',
  publish_at: null,
};

/** The fields a 400 answer may name. */
export const TRANSLATION_FIELDS = ['title', 'excerpt', 'content', 'image_alt', 'seo_description', 'publish_at'] as const;
export type TranslationField = (typeof TRANSLATION_FIELDS)[number];

export function translationValuesOf(translation: ArticleTranslation): TranslationValues {
  return {
    title: translation.title,
    excerpt: translation.excerpt,
    content: translation.content,
    image_alt: translation.image_alt,
    seo_description: translation.seo_description,
    publish_at: translation.publish_at ? dayjs(translation.publish_at) : null,
  };
}

/** The PUT's body: the whole translation (a save replaces it), with the status it is to have. */
export function translationBodyOf(values: TranslationValues, status: ArticleStatus): ArticleTranslationInput {
  return {
    title: values.title.trim(),
    excerpt: values.excerpt.trim(),
    content: values.content,
    image_alt: values.image_alt.trim(),
    seo_description: values.seo_description.trim(),
    status,
    publish_at: values.publish_at ? values.publish_at.toISOString() : null,
  };
}

/** A comparable fingerprint, to tell unsaved changes. */
export function translationFingerprint(values: TranslationValues): string {
  return JSON.stringify([values.title, values.excerpt, values.content, values.image_alt, values.seo_description, values.publish_at?.toISOString() ?? null]);
}
