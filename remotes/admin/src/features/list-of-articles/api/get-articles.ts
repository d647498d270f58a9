import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ArticlesListInput } from '@vitrine/contracts';
import { listArticles } from '../../../api/articles';
import { queryKeys } from '../../../lib/queries';

/** One page of articles for the list's search, filters and pagination; the last page stays shown while the next loads. */
export function useArticles(input: ArticlesListInput) {
  return useQuery({ queryKey: queryKeys.articles.list(input), queryFn: () => listArticles(input), placeholderData: keepPreviousData });
}
