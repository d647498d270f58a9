import type {
  Article,
  ArticleAutosaveInput,
  ArticleCreateInput,
  ArticleStatus,
  ArticleTranslation,
  ArticleTranslationInput,
  ArticlesListInput,
  ArticleUpdateInput,
  Envelope,
  ListPage,
  Locale,
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

/** One language's revisions: the original's (pt-BR, the default) or a translation's. */
export async function listRevisions(ref: Ref, locale?: Locale): Promise<Revision[]> {
  const { data } = await http.get<Envelope<Revision[]>>(path('/article/article-revisions', ref), {
    ...(locale && locale !== 'pt-BR' && { params: { locale } }),
  });
  return data.data;
}

export async function restoreRevision(ref: Ref, revisionId: number): Promise<Article> {
  const { data } = await http.post<Envelope<Article>>(`${path('/article/article-revisions', ref)}/${revisionId}/restore`);
  return data.data;
}

/** One of the four languages besides the original's (pt-BR). */
export type TranslationLocale = Exclude<Locale, 'pt-BR'>;

/** The article's translations that exist (en-US, es-ES, fr-FR, ht-HT, in that order), each with its own state. */
export async function listTranslations(ref: Ref): Promise<ArticleTranslation[]> {
  const { data } = await http.get<Envelope<ArticleTranslation[]>>(path('/article/article-translations', ref));
  return data.data;
}

/** Writes one language's translation whole (created or replaced, with a revision); the original never changes. */
export async function saveTranslation(ref: Ref, locale: TranslationLocale, input: ArticleTranslationInput): Promise<ArticleTranslation> {
  const { data } = await http.put<Envelope<ArticleTranslation>>(`${path('/article/article-translation', ref)}/${locale}`, input);
  return data.data;
}

/** Deletes one language's translation (the original and the other languages stay). */
export async function deleteTranslation(ref: Ref, locale: TranslationLocale): Promise<void> {
  await http.delete(`${path('/article/article-translation', ref)}/${locale}`);
}
