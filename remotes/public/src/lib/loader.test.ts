import { i18n } from '@vitrine/core';
import type { PublicHttp } from '../api/public-content';
import { blogLoader } from '../features/blog/loader';
import { categoriesLoader } from '../features/categories/loader';
import { homeLoader, teamLoader } from '../features/home/loader';
import { postLoader } from '../features/post/loader';
import { profileLoader } from '../features/profile/loader';
import { searchLoader } from '../features/search/loader';
import type { LoaderContext } from './loader';

/** A client that is not the app's (no axios, no window): what a server render would pass. */
function fakeHttp(answers: Record<string, unknown>): PublicHttp & { calls: { url: string; params?: object }[] } {
  const calls: { url: string; params?: object }[] = [];
  return {
    calls,
    async get<T>(url: string, config?: { params?: object }) {
      calls.push({ url, ...(config?.params ? { params: config.params } : {}) });
      if (!(url in answers)) throw Object.assign(new Error('not found'), { response: { status: 404 } });
      return { data: { data: answers[url] } as T };
    },
  };
}

const ctx = (http: PublicHttp, params: Record<string, string> = {}, search = ''): LoaderContext => ({ params, search: new URLSearchParams(search), http });

describe('public route loaders: plain functions of the route and an HTTP client', () => {
  it('blog: page and category from the query string, one key per page and category', async () => {
    const http = fakeHttp({ '/public/articles': { items: [], total: 0 } });
    expect(blogLoader.key(ctx(http, {}, '?page=2&category=design'))).toBe('2|design');
    expect(blogLoader.key(ctx(http, {}, '?page=abc'))).toBe('1|');
    await blogLoader.load(ctx(http, {}, '?page=2&category=design'));
    expect(http.calls).toEqual([{ url: '/public/articles', params: { page: 2, category: 'design', limit: 12, lang: 'pt-BR' } }]);
  });

  it('search: the trimmed term from the path and ?page; no term, nothing to ask', async () => {
    const http = fakeHttp({ '/public/search': { items: [], total: 0 } });
    expect(searchLoader.key(ctx(http, { search: '  ' }))).toBeNull();
    expect(searchLoader.key(ctx(http, { search: ' vendas ' }, '?page=3'))).toBe('vendas|3');
    await searchLoader.load(ctx(http, { search: ' vendas ' }, '?page=3'));
    expect(http.calls).toEqual([{ url: '/public/search', params: { q: 'vendas', page: 3, limit: 12, lang: 'pt-BR' } }]);
  });

  it('post and profile: keyed by a positive id (post by id only), nothing asked for a bad one', async () => {
    const http = fakeHttp({ '/public/article/7/novo-slug': { article: { id: 7 } }, '/public/author/3/ana': { id: 3 } });
    expect(postLoader.key(ctx(http, { id: 'x', uniqueKey: 'a' }))).toBeNull();
    expect(postLoader.key(ctx(http, { id: '7', uniqueKey: 'velho-slug' }))).toBe(postLoader.key(ctx(http, { id: '7', uniqueKey: 'novo-slug' })));
    expect(await postLoader.load(ctx(http, { id: '7', uniqueKey: 'novo-slug' }))).toEqual({ article: { id: 7 } });
    expect(profileLoader.key(ctx(http, { id: '3' }))).toBeNull();
    expect(await profileLoader.load(ctx(http, { id: '3', uniqueKey: 'ana' }))).toEqual({ id: 3 });
    await expect(postLoader.load(ctx(http, { id: '8', uniqueKey: 'x' }))).rejects.toMatchObject({ response: { status: 404 } });
  });

  it('home: the sections, the team (a failure only hides it) and the categories', async () => {
    const http = fakeHttp({ '/public/home': { recent: [] }, '/public/categories': [{ name: 'Design' }] });
    expect(await homeLoader.load(ctx(http))).toEqual({ recent: [] });
    expect(await teamLoader.load(ctx(http))).toEqual([]);
    expect(await categoriesLoader.load(ctx(http))).toEqual([{ name: 'Design' }]);
    expect(http.calls.map((c) => c.url)).toContain('/user/user/recent-updated-users/4');
  });

  it('asks every read that names categories in the page’s language (?lang=: the API names them in it)', async () => {
    await i18n.changeLanguage('en-US');
    try {
      const http = fakeHttp({
        '/public/home': { recent: [] },
        '/public/categories': [],
        '/public/articles': { items: [] },
        '/public/search': { items: [] },
        '/public/article/7/novo-slug': { article: { id: 7 } },
        '/public/author/3/ana': { id: 3 },
      });
      await homeLoader.load(ctx(http));
      await categoriesLoader.load(ctx(http));
      await blogLoader.load(ctx(http, {}, '?category=design'));
      await searchLoader.load(ctx(http, { search: 'vendas' }));
      await postLoader.load(ctx(http, { id: '7', uniqueKey: 'novo-slug' }));
      await profileLoader.load(ctx(http, { id: '3', uniqueKey: 'ana' }));
      const named = http.calls.filter((c) => c.url.startsWith('/public/'));
      expect(named.length).toBeGreaterThanOrEqual(5);
      for (const call of named) expect(call.params).toMatchObject({ lang: 'en-US' });
    } finally {
      await i18n.changeLanguage('pt-BR');
    }
  });
});
