import { buildPath, PUBLIC_ROUTES, type ArticleCard, type AuthorCard } from '@vitrine/contracts';

export const postPath = (article: Pick<ArticleCard, 'id' | 'unique_key'>) =>
  buildPath(PUBLIC_ROUTES.post, { uniqueKey: article.unique_key, id: article.id });

export const profilePath = (author: Pick<AuthorCard, 'id' | 'unique_key'>) =>
  buildPath(PUBLIC_ROUTES.profile, { uniqueKey: author.unique_key, id: author.id });

export const searchPath = (term: string) => buildPath(PUBLIC_ROUTES['list-article-results'], { search: term.trim() });

export const categoryPath = (slug: string) => `${PUBLIC_ROUTES.blog}?category=${encodeURIComponent(slug)}`;

/** The FAQ of every product, or of one (its questions' links add `#<question slug>`). */
export const faqPath = (product?: string) => buildPath(PUBLIC_ROUTES.faq, { product });

export const fullName = (author: Pick<AuthorCard, 'name' | 'last_name'>) => `${author.name} ${author.last_name}`.trim();

/** A positive integer from a URL value, else `fallback`. */
export function positiveInt(value: string | null | undefined, fallback = 1): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** `tel:` wants digits (and a leading +), not the spaces and dashes people write. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
