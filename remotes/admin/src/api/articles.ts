import type {
  Article,
  ArticleAutosaveInput,
  ArticleCreateInput,
  ArticleStatus,
  ArticlesListInput,
  ArticleUpdateInput,
  Envelope,
  ListPage,
  Revision,
} from '@vitrine/contracts';
import { http } from '@vitrine/core';

type Ref = Pick<Article, 'id' | 'unique_key'>;
const path = (base: string, a: Ref) => `${base}/${a.id}/${encodeURIComponent(a.unique_key)}`;

export async function listArticles(input: ArticlesListInput): Promise<ListPage<Article>> {
  const { data } = await http.post<Envelope<ListPage<Article>>>('/article/articles-list', input);
  return data.data;
}

export async function getArticle(ref: Ref): Promise<Article> {
  const { data } = await http.get<Envelope<Article>>(path('/article/article', ref));
  return data.data;
}

export async function createArticle(input: ArticleCreateInput): Promise<Article> {
  const { data } = await http.post<Envelope<Article>>('/article/article', input);
  return data.data;
}

export async function updateArticle(ref: Ref, input: ArticleUpdateInput): Promise<Article> {
  const { data } = await http.put<Envelope<Article>>(path('/article/article', ref), input);
  return data.data;
}

export async function autosaveArticle(ref: Ref, input: ArticleAutosaveInput): Promise<Article> {
  const { data } = await http.put<Envelope<Article>>(path('/article/article-autosave', ref), input);
  return data.data;
}

export async function changeArticleStatus(ref: Ref, status: ArticleStatus): Promise<Article> {
  const { data } = await http.put<Envelope<Article>>(path('/article/article-change-status', ref), { status });
  return data.data;
}

export async function deleteArticle(ref: Ref): Promise<void> {
  await http.delete(path('/article/article', ref));
}

export async function listRevisions(ref: Ref): Promise<Revision[]> {
  const { data } = await http.get<Envelope<Revision[]>>(path('/article/article-revisions', ref));
  return data.data;
}

export async function restoreRevision(ref: Ref, revisionId: number): Promise<Article> {
  const { data } = await http.post<Envelope<Article>>(`${path('/article/article-revisions', ref)}/${revisionId}/restore`);
  return data.data;
}
