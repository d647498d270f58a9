import { fetchPublicArticles } from '../../api/public-content';
import { defineLoader } from '../../lib/loader';
import { positiveInt } from '../../lib/paths';

export const BLOG_PAGE_SIZE = 12;

/** ?page=N and ?category=<slug> of the blog's URL. */
export function blogQuery(search: URLSearchParams): { page: number; category?: string } {
  const category = search.get('category') || undefined;
  return { page: positiveInt(search.get('page')), ...(category ? { category } : {}) };
}

/** One page of the blog, optionally in one category. */
export const blogLoader = defineLoader({
  id: 'blog',
  key: ({ search }) => {
    const { page, category } = blogQuery(search);
    return `${page}|${category ?? ''}`;
  },
  load: ({ search, http }) => fetchPublicArticles(http, { ...blogQuery(search), limit: BLOG_PAGE_SIZE }),
});
