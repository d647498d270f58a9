import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Article, ArticleTranslation } from '@vitrine/contracts';
import { listTranslations, type TranslationLocale } from '../../../api/articles';
import { queryKeys } from '../../../lib/queries';

/** The article's translations (the editor's language tabs), once the article exists. */
export function useTranslations(article: Pick<Article, 'id' | 'unique_key'> | undefined) {
  return useQuery({
    queryKey: queryKeys.articles.translations(article?.id ?? 0),
    queryFn: () => listTranslations(article!),
    enabled: article !== undefined,
  });
}

/**
 * After a translation's save, state change or deletion: the cache holds it (or no longer does), and the article
 * lists (their language tags), the article and that language's revisions refetch.
 */
export function useTranslationChanged() {
  const client = useQueryClient();
  return useCallback(
    (articleId: number, locale: TranslationLocale, translation: ArticleTranslation | null) => {
      client.setQueryData<ArticleTranslation[]>(queryKeys.articles.translations(articleId), (list = []) => {
        const others = list.filter((item) => item.locale !== locale);
        return translation ? [...others, translation] : others;
      });
      void client.invalidateQueries({ queryKey: queryKeys.articles.lists });
      void client.invalidateQueries({ queryKey: queryKeys.articles.detail(articleId) });
      void client.invalidateQueries({ queryKey: queryKeys.articles.revisions(articleId, locale) });
    },
    [client],
  );
}

/** After the original's text changed (a save, an autosave, a restore): whether each translation is out of date may have changed. */
export function useOriginalChanged() {
  const client = useQueryClient();
  return useCallback((articleId: number) => void client.invalidateQueries({ queryKey: queryKeys.articles.translations(articleId) }), [client]);
}
