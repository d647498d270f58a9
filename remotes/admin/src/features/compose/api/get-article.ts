import type { Article } from '@vitrine/contracts';
import { getArticle } from '../../../api/articles';
import { useQuery } from '../../../lib/use-query';

/** The article named in the URL, unless the page already holds it (e.g. just created). */
export function useArticle(ref: Pick<Article, 'id' | 'unique_key'> | undefined, enabled: boolean) {
  return useQuery(`article-${ref?.id ?? 'new'}`, () => getArticle(ref!), enabled && ref !== undefined);
}
