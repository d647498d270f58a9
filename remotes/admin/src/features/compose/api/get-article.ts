import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Article } from '@vitrine/contracts';
import { getArticle } from '../../../api/articles';
import { queryKeys } from '../../../lib/queries';

/** The article named in the URL, unless the page already holds it (e.g. just created). */
export function useArticle(ref: Pick<Article, 'id' | 'unique_key'> | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.articles.detail(ref?.id ?? 0),
    queryFn: () => getArticle(ref!),
    enabled: enabled && ref !== undefined,
  });
}

/** After a save, status change or restore: the cache holds the new article, and the lists and its revisions refetch. */
export function useArticleChanged() {
  const client = useQueryClient();
  return useCallback(
    (article: Article) => {
      client.setQueryData(queryKeys.articles.detail(article.id), article);
      void client.invalidateQueries({ queryKey: queryKeys.articles.lists });
      void client.invalidateQueries({ queryKey: queryKeys.articles.revisions(article.id) });
    },
    [client],
  );
}
