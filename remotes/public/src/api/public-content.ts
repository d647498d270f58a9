import type {
  ArticleCard,
  AuthorProfile,
  Envelope,
  HomeSections,
  ListPage,
  PublicArticle,
  PublicArticlesInput,
  PublicCategory,
  PublicUser,
  SearchInput,
  SearchPage,
  SiteInfo,
} from '@vitrine/contracts';
import { pageLanguage } from './page-language';

/**
 * The part of an HTTP client the public reads need. The browser passes @vitrine/core's `http`; a
 * server render (next issue) can pass any client with this shape, so these reads and the route
 * loaders built on them run in Node as well.
 */
export interface PublicHttp {
  get<T = unknown>(url: string, config?: { params?: object }): Promise<{ data: T }>;
}

/**
 * The reads that name categories ask in the page's language (`?lang=`): the API answers category names (and the
 * categories' descriptions) in it, with the pt-BR fallback (docs/decisions/i18n.md, "Category names", "Translated
 * content"). On the server the renderer's client sets the page's own language over this one.
 */
function inPageLanguage(params: object = {}): { params: object } {
  return { params: { ...params, ...pageLanguage().params } };
}

export async function fetchHome(http: PublicHttp): Promise<HomeSections> {
  const { data } = await http.get<Envelope<HomeSections>>('/public/home', inPageLanguage());
  return data.data;
}

export async function fetchPublicArticles(http: PublicHttp, params: PublicArticlesInput = {}): Promise<ListPage<ArticleCard>> {
  const { data } = await http.get<Envelope<ListPage<ArticleCard>>>('/public/articles', inPageLanguage(params));
  return data.data;
}

export async function searchArticles(http: PublicHttp, params: SearchInput): Promise<SearchPage> {
  const { data } = await http.get<Envelope<SearchPage>>('/public/search', inPageLanguage(params));
  return data.data;
}

export async function fetchPublicArticle(http: PublicHttp, id: number, uniqueKey: string): Promise<PublicArticle> {
  const { data } = await http.get<Envelope<PublicArticle>>(`/public/article/${id}/${encodeURIComponent(uniqueKey)}`, inPageLanguage());
  return data.data;
}

/** The API path (after the API base) that counts a read of an article. */
export function readPath(id: number): string {
  return `/public/article/${id}/read`;
}

export async function fetchAuthorProfile(http: PublicHttp, id: number, uniqueKey: string): Promise<AuthorProfile> {
  const { data } = await http.get<Envelope<AuthorProfile>>(`/public/author/${id}/${encodeURIComponent(uniqueKey)}`, inPageLanguage());
  return data.data;
}

/** The active categories, named and described in the page's language (pt-BR where not translated). */
export async function fetchPublicCategories(http: PublicHttp): Promise<PublicCategory[]> {
  const { data } = await http.get<Envelope<PublicCategory[]>>('/public/categories', inPageLanguage());
  return data.data;
}

export async function recentUpdatedUsers(http: PublicHttp, count: number): Promise<PublicUser[]> {
  const { data } = await http.get<Envelope<PublicUser[]>>(`/user/user/recent-updated-users/${count}`);
  return data.data;
}

/** The site's public settings: the company's contact details (the opening hours in the page's language) and the WhatsApp button (lib/site.ts). */
export async function fetchSiteInfo(http: PublicHttp): Promise<SiteInfo> {
  const { data } = await http.get<Envelope<SiteInfo>>('/public/site', inPageLanguage());
  return data.data;
}
