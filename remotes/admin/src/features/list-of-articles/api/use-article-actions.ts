import { useQueryClient } from '@tanstack/react-query';
import type { Article } from '@vitrine/contracts';
import { useTranslation } from '@vitrine/core';
import { changeArticleStatus, deleteArticle } from '../../../api/articles';
import { queryKeys } from '../../../lib/queries';
import { useFeedback } from '../../../lib/use-feedback';

/** Publish, unpublish and delete from the list: each confirmed first, then every cached article read refetches. */
export function useArticleActions() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.articles.all });
  const { t } = useTranslation('admin');
  const { confirm, fail, success } = useFeedback();

  const run = async (title: string, text: string, request: () => Promise<unknown>, done: string, danger = false) => {
    if (!(await confirm({ title, content: text, danger }))) return;
    try {
      await request();
      success(done);
      refresh();
    } catch (error) {
      fail(error);
    }
  };

  return {
    publish: (article: Article) =>
      run(
        t('articles.confirmTitles.publish'),
        t('articles.confirm.publish', { title: article.title }),
        () => changeArticleStatus(article, 'published'),
        t('articles.done.published'),
      ),
    unpublish: (article: Article) =>
      run(
        t('articles.confirmTitles.unpublish'),
        t('articles.confirm.unpublish', { title: article.title }),
        () => changeArticleStatus(article, 'draft'),
        t('articles.done.unpublished'),
      ),
    remove: (article: Article) =>
      run(
        t('articles.confirmTitles.delete'),
        t('articles.confirm.delete', { title: article.title }),
        () => deleteArticle(article),
        t('articles.success.deleted'),
        true,
      ),
  };
}
