import { Type, type Static } from 'typebox';
import { LOCALE_CODES, TRANSLATED_LOCALES } from '../locale';
import { LIMITS } from '../validation';
import { CalendarDay, Id, Timestamp, Translations } from './common';

/**
 * Content (issue: articles, categories, authors, search, public blog).
 * Staff endpoints live under /article, /category and /upload (route names
 * list-of-articles, compose, list-of-categories); public reads under /public.
 */

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export const CONTENT_LIMITS = {
  title: 160,
  excerpt: 400,
  content: 200_000,
  metaDescription: 300,
  categoryName: 60,
  categoryDescription: 500,
  slug: 180,
  imageBytes: 8 * 1024 * 1024,
} as const;

/** A slug: the article's unique_key in public URLs post/{slug}/{id}. */
export const Slug = Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.slug, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' });
export const SlugParams = Type.Object({ id: Id, unique_key: Slug }, { additionalProperties: false });
const HexColor = Type.String({ pattern: '^#(?:[0-9a-fA-F]{3}){1,2}$' });

/** An uploaded image with its responsive WebP widths. */
export const ImageSchema = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    srcset: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    alt: Type.Optional(Type.String()),
  },
  { $id: 'Image' },
);
export const NullableImage = Type.Union([ImageSchema, Type.Null()]);

/**
 * A category's name in the other languages (docs/decisions/i18n.md, "Category names"): each optional, a blank or
 * missing one falls back to the pt-BR `name`. Only the four codes; pt-BR itself is refused (it is `name`).
 */
export const CategoryNamesSchema = Type.Object(
  {
    'en-US': Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.categoryName })),
    'es-ES': Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.categoryName })),
    'fr-FR': Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.categoryName })),
    'ht-HT': Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.categoryName })),
  },
  { additionalProperties: false },
);

/**
 * A category's description in the other languages (docs/decisions/i18n.md, "Translated content"): each optional, a
 * blank or missing one falls back to the pt-BR `description`.
 */
export const CategoryDescriptionsSchema = Translations(CONTENT_LIMITS.categoryDescription);

export const CategorySchema = Type.Object(
  {
    id: Id,
    unique_key: Slug,
    /** pt-BR, the default language's name. */
    name: Type.String(),
    /** The other languages' names (only those given). */
    names: CategoryNamesSchema,
    /** pt-BR. */
    description: Type.String(),
    /** The other languages' descriptions (only those given). */
    descriptions: CategoryDescriptionsSchema,
    image: NullableImage,
    text_color: Type.String(),
    background_color: Type.String(),
    active: Type.Boolean(),
    article_count: Type.Integer({ minimum: 0 }),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'Category' },
);

/** What an article card or page shows of a category. */
export const CategoryChipSchema = Type.Object({
  id: Id,
  unique_key: Slug,
  name: Type.String(),
  text_color: Type.String(),
  background_color: Type.String(),
});

/** GET /public/categories: a category as the blog's filter shows it, named and described in the request's language. */
export const PublicCategorySchema = Type.Object({
  id: Id,
  unique_key: Slug,
  name: Type.String(),
  text_color: Type.String(),
  background_color: Type.String(),
  /** In the request's language, else pt-BR. */
  description: Type.String(),
});

export const AuthorCardSchema = Type.Object({
  id: Id,
  unique_key: Type.String(),
  name: Type.String(),
  last_name: Type.String(),
  position: Type.String(),
  photo: Type.Union([Type.String(), Type.Null()]),
  biography: Type.Union([Type.String(), Type.Null()]),
});

/** A language content is written in: pt-BR (an article's original) or one of its translations' four. */
export const ContentLocale = Type.Enum([...LOCALE_CODES]);
/** A translation's language: one of the four besides pt-BR, the original's. */
export const TranslationLocale = Type.Enum([...TRANSLATED_LOCALES]);
/** A translation's (or an original's) state: draft, scheduled (published with a publish_at still to come) or published. */
export const CONTENT_STATES = ['draft', 'scheduled', 'published'] as const;

/** An article's translation in the staff list: its state, and whether the original changed since it was saved. */
export const TranslationSummarySchema = Type.Object({
  locale: TranslationLocale,
  state: Type.Enum([...CONTENT_STATES]),
  out_of_date: Type.Boolean(),
});

/** A card in lists (home sections, blog, search, related). */
export const ArticleCardSchema = Type.Object(
  {
    id: Id,
    unique_key: Slug,
    title: Type.String(),
    excerpt: Type.String(),
    image: NullableImage,
    categories: Type.Array(CategoryChipSchema),
    author: AuthorCardSchema,
    published_at: Type.Union([Timestamp, Type.Null()]),
    /** The company's calendar day of published_at (America/Sao_Paulo), 'YYYY-MM-DD': the date pages show. */
    published_on: Type.Union([CalendarDay, Type.Null()]),
    reading_minutes: Type.Integer({ minimum: 0 }),
    emphasis: Type.Boolean(),
    /** Search results only: the matching passage, matches wrapped in <mark>. */
    highlight: Type.Optional(Type.String()),
    /** Public reads: the language of the title and excerpt (the visitor's when translated, else the original's). */
    lang: Type.Optional(ContentLocale),
  },
  { $id: 'ArticleCard' },
);

/** The full article: public page and editor. */
export const ArticleSchema = Type.Object(
  {
    id: Id,
    unique_key: Slug,
    title: Type.String(),
    excerpt: Type.String(),
    content: Type.String(),
    image: NullableImage,
    categories: Type.Array(CategoryChipSchema),
    author: AuthorCardSchema,
    status: Type.Enum([...ARTICLE_STATUSES]),
    emphasis: Type.Boolean(),
    meta_description: Type.String(),
    social_image: NullableImage,
    publish_at: Type.Union([Timestamp, Type.Null()]),
    published_at: Type.Union([Timestamp, Type.Null()]),
    /** The company's calendar day of published_at (America/Sao_Paulo), 'YYYY-MM-DD': the date pages show. */
    published_on: Type.Union([CalendarDay, Type.Null()]),
    reading_minutes: Type.Integer({ minimum: 0 }),
    reads: Type.Integer({ minimum: 0 }),
    created_at: Timestamp,
    updated_at: Timestamp,
    /** Public reads: the language of the title, excerpt and body (the visitor's when translated, else the original's). */
    lang: Type.Optional(ContentLocale),
    /** Public reads: every language the article is public in (the original's pt-BR first), for hreflang. */
    languages: Type.Optional(Type.Array(ContentLocale)),
    /** Public reads: the cover's alternative text in `lang` ('' when none was written: the title beside it says it). */
    image_alt: Type.Optional(Type.String()),
    /** Staff reads: each translation's state and whether the original changed since it was saved. */
    translations: Type.Optional(Type.Array(TranslationSummarySchema)),
  },
  { $id: 'Article' },
);

const articleFields = {
  title: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.title }),
  content: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.content }),
  excerpt: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.excerpt })),
  image_id: Type.String({ minLength: 1, maxLength: 64 }),
  category_ids: Type.Array(Id, { minItems: 1, maxItems: 10, uniqueItems: true }),
  status: Type.Optional(Type.Enum([...ARTICLE_STATUSES])),
  emphasis: Type.Optional(Type.Boolean()),
  meta_description: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.metaDescription })),
  social_image_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  /** Scheduled publishing: published, but visible only from this time. */
  publish_at: Type.Optional(Type.Union([Timestamp, Type.Null()])),
};

/** POST /article/article */
export const ArticleCreateBody = Type.Object(articleFields, { additionalProperties: false });
/** PUT /article/article/{id}/{unique_key}: a save keeps a revision. */
export const ArticleUpdateBody = Type.Partial(Type.Object(articleFields), { additionalProperties: false, minProperties: 1 });
/** PUT /article/article-autosave/{id}/{unique_key}: drafts only; no validation beyond sizes. */
export const ArticleAutosaveBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.title })),
    content: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.content })),
    excerpt: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.excerpt })),
  },
  { additionalProperties: false, minProperties: 1 },
);
/** PUT /article/article-change-status/{id}/{unique_key} */
export const ArticleStatusBody = Type.Object({ status: Type.Enum([...ARTICLE_STATUSES]) }, { additionalProperties: false });

/** POST /article/articles-list */
export const ArticlesListBody = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
    search: Type.Optional(Type.String({ maxLength: LIMITS.search })),
    status: Type.Optional(Type.Enum([...ARTICLE_STATUSES, 'scheduled'])),
    category_id: Type.Optional(Id),
    author_id: Type.Optional(Id),
    emphasis: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const RevisionSchema = Type.Object({
  id: Id,
  /** The language of the text: pt-BR for the original's revisions, else the translation's. */
  locale: Type.Optional(ContentLocale),
  kind: Type.Enum(['save', 'autosave', 'restore']),
  title: Type.String(),
  excerpt: Type.String(),
  content: Type.String(),
  author: Type.Object({ id: Id, name: Type.String(), last_name: Type.String() }),
  created_at: Timestamp,
});

const categoryFields = {
  name: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.categoryName }),
  /** Replaces every translation when given: a language left out or blank falls back to `name`. */
  names: Type.Optional(CategoryNamesSchema),
  description: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.categoryDescription }),
  /** Replaces every translation when given: a language left out or blank falls back to `description`. */
  descriptions: Type.Optional(CategoryDescriptionsSchema),
  image_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  text_color: HexColor,
  background_color: HexColor,
  active: Type.Optional(Type.Boolean()),
};
/** POST /category/category */
export const CategoryCreateBody = Type.Object(categoryFields, { additionalProperties: false });
/** PUT /category/category/{id}/{unique_key} */
export const CategoryUpdateBody = Type.Partial(Type.Object(categoryFields), { additionalProperties: false, minProperties: 1 });
/** PUT /category/category-change-status/{id}/{unique_key} */
export const CategoryStatusBody = Type.Object({ active: Type.Boolean() }, { additionalProperties: false });
/** POST /category/categories-list */
export const CategoriesListBody = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
    search: Type.Optional(Type.String({ maxLength: LIMITS.search })),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** GET /public/home */
export const HomeSectionsSchema = Type.Object({
  emphasis: Type.Array(ArticleCardSchema),
  recent: Type.Array(ArticleCardSchema),
  popular: Type.Array(ArticleCardSchema),
  tendencies: Type.Array(ArticleCardSchema),
  tags: Type.Array(Type.Object({ category: CategoryChipSchema, count: Type.Integer() })),
});

/** GET /public/articles?page&limit&category */
export const PublicArticlesQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 48, default: 12 })),
    category: Type.Optional(Slug),
    /** The page's language (category names); else the vt_lang cookie, else pt-BR. */
    lang: Type.Optional(Type.String({ maxLength: 35 })),
  },
  { additionalProperties: false },
);

/** GET /public/search?q&category&page&limit */
export const SearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: LIMITS.search }),
    category: Type.Optional(Slug),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 48, default: 12 })),
    /** The page's language (category names); else the vt_lang cookie, else pt-BR. */
    lang: Type.Optional(Type.String({ maxLength: 35 })),
  },
  { additionalProperties: false },
);

/** GET /public/article/{id}/{unique_key} */
export const PublicArticleSchema = Type.Object({ article: ArticleSchema, related: Type.Array(ArticleCardSchema) });

/** GET /public/author/{id}/{unique_key} */
export const AuthorProfileSchema = Type.Object({
  author: AuthorCardSchema,
  articles: Type.Array(ArticleCardSchema),
  others: Type.Array(AuthorCardSchema),
});

// ---- Additions made with the API (docs/api-content.md) ----

/**
 * The fixed required-field texts of the content forms: the API answers them in
 * errors[].message ({ isNotEmpty: 'Title is required' }) and the screens may use them as fallbacks.
 */
export const CONTENT_FIELD_MESSAGES = {
  title: 'Title is required',
  content: 'Content is required',
  image_id: 'Image is required',
  category_ids: 'Select at least one category',
  description: 'Description is required',
} as const;

/** Success messages of the content calls (article/category created, updated, deleted). */
export const CONTENT_SUCCESS_MESSAGES = {
  ARTICLE_CREATED: 'Article created successfully',
  ARTICLE_UPDATED: 'Article updated successfully',
  ARTICLE_DELETED: 'Article deleted successfully',
  ARTICLE_AUTOSAVED: 'Draft saved',
  ARTICLE_RESTORED: 'Revision restored',
  TRANSLATION_SAVED: 'Translation saved',
  TRANSLATION_DELETED: 'Translation deleted',
  CATEGORY_CREATED: 'Category created successfully',
  CATEGORY_UPDATED: 'Category updated successfully',
  CATEGORY_DELETED: 'Category deleted successfully',
  STATUS_CHANGED: 'Status changed successfully',
  IMAGE_UPLOADED: 'Image uploaded successfully',
} as const;

// ---- Article translations (docs/decisions/content-languages.md) ----

export const TRANSLATION_LIMITS = { imageAlt: 300 } as const;

/** /article/article-translation/{id}/{unique_key}/{locale} */
export const TranslationParams = Type.Object({ id: Id, unique_key: Slug, locale: TranslationLocale }, { additionalProperties: false });

/** One translation of an article, as the editor reads it. */
export const ArticleTranslationSchema = Type.Object(
  {
    locale: TranslationLocale,
    title: Type.String(),
    excerpt: Type.String(),
    content: Type.String(),
    /** The cover's alternative text in this language ('' when the title serves). */
    image_alt: Type.String(),
    /** The search engines' description in this language ('' when the excerpt serves). */
    seo_description: Type.String(),
    status: Type.Enum([...ARTICLE_STATUSES]),
    state: Type.Enum([...CONTENT_STATES]),
    publish_at: Type.Union([Timestamp, Type.Null()]),
    published_at: Type.Union([Timestamp, Type.Null()]),
    reading_minutes: Type.Integer({ minimum: 0 }),
    /** The original's title, excerpt or body changed since this translation was last saved. */
    out_of_date: Type.Boolean(),
    /** Who saved it last (null once their account is gone). */
    author: Type.Union([Type.Object({ id: Id, name: Type.String(), last_name: Type.String() }), Type.Null()]),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'ArticleTranslation' },
);

/**
 * PUT /article/article-translation/{id}/{unique_key}/{locale}: writes the translation whole (a save keeps a revision).
 * `status`: draft or published; a `publish_at` to come schedules it (published from then). Left out, a new
 * translation is a draft (scheduled with a publish_at) and an existing one keeps its status. Unpublishing is
 * `status: draft`. The original and the other translations never change.
 */
export const ArticleTranslationBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.title }),
    excerpt: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.excerpt })),
    content: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.content }),
    image_alt: Type.Optional(Type.String({ maxLength: TRANSLATION_LIMITS.imageAlt })),
    seo_description: Type.Optional(Type.String({ maxLength: CONTENT_LIMITS.metaDescription })),
    status: Type.Optional(Type.Enum([...ARTICLE_STATUSES])),
    publish_at: Type.Optional(Type.Union([Timestamp, Type.Null()])),
  },
  { additionalProperties: false },
);

/** GET /article/article-revisions/{id}/{unique_key}?locale=: a translation's revisions (the original's without it). */
export const RevisionsQuery = Type.Object({ locale: Type.Optional(ContentLocale) }, { additionalProperties: false });

/** POST /article/article-revisions/{id}/{unique_key}/{revision_id}/restore */
export const RevisionRestoreParams = Type.Object({ id: Id, unique_key: Slug, revision_id: Id }, { additionalProperties: false });

/** POST /public/article/{id}/read: whether this read was counted (false for a reload within 30 min or a bot). */
export const ReadResultSchema = Type.Object({ counted: Type.Boolean() });

/** GET /public/search: a list page plus the category the query names (topic search), if any. */
export const SearchPageSchema = Type.Object({
  items: Type.Array(ArticleCardSchema),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  topic: Type.Union([CategoryChipSchema, Type.Null()]),
  /**
   * True when more articles matched than a search ranks (the newest 1000): the items are the best of those,
   * and `total` is a lower bound of the matches (what can be paged through). Absent or false: exact.
   */
  partial: Type.Optional(Type.Boolean()),
});

/** GET /public/author/{id}/{unique_key}: the author's user id and unique_key (users' keys are not slugs). */
export const AuthorParams = Type.Object({ id: Id, unique_key: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }, { additionalProperties: false });

export type ReadResult = Static<typeof ReadResultSchema>;
export type SearchPage = Static<typeof SearchPageSchema>;
