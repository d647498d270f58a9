/**
 * Field sizes of the content contract (CONTENT_LIMITS in shared/contracts'
 * schemas/content.ts, which the package index exports as types only so that
 * pages do not bundle typebox). The API rejects longer values.
 */
export const CONTENT_LIMITS = {
  title: 160,
  excerpt: 400,
  metaDescription: 300,
  /** A translation's cover alternative text (TRANSLATION_LIMITS.imageAlt). */
  imageAlt: 300,
  categoryName: 60,
  categoryDescription: 500,
} as const;
