import { searchArticles } from '../../api/public-content';
import { defineLoader } from '../../lib/loader';
import { positiveInt } from '../../lib/paths';

export const SEARCH_PAGE_SIZE = 12;

/** The term (the path's last segment, trimmed) and ?page=N of a search URL. */
export function searchQuery(params: Readonly<Record<string, string | undefined>>, search: URLSearchParams): { term: string; page: number } {
  return { term: (params.search ?? '').trim(), page: positiveInt(search.get('page')) };
}

/** One page of results for the term; nothing is asked without a term (the page shows its prompt). */
export const searchLoader = defineLoader({
  id: 'search',
  key: ({ params, search }) => {
    const { term, page } = searchQuery(params, search);
    return term ? `${term}|${page}` : null;
  },
  load: ({ params, search, http }) => {
    const { term, page } = searchQuery(params, search);
    return searchArticles(http, { q: term, page, limit: SEARCH_PAGE_SIZE });
  },
});
