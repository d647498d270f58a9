import type { ArticlesListInput } from '@vitrine/contracts';
import { listArticles } from '../../../api/articles';
import { useQuery } from '../../../lib/use-query';

/** One page of articles for the list's search, filters and pagination. */
export function useArticles(input: ArticlesListInput) {
  return useQuery(JSON.stringify(input), () => listArticles(input));
}
