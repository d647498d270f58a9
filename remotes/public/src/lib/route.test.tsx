import { screen } from '@testing-library/react';
import { identityOf, type HeadContext, type RouteData, type SiteInfo } from '@vitrine/contracts';
import { i18n } from '@vitrine/core';
import type { PublicHttp } from '../api/public-content';
import { PostPage } from '../features/post/post-page';
import { postRoute } from '../features/post/route';
import { searchRoute } from '../features/search/route';
import { blogRoute } from '../features/blog/route';
import { BlogPage } from '../features/blog/blog-page';
import { ContactPage } from '../features/contact/contact-page';
import { contactRoute } from '../features/contact/route';
import { homeRoute } from '../features/home/route';
import { unsubscribeRoute } from '../features/newsletter/route';
import { UnsubscribePage } from '../features/newsletter/unsubscribe-page';
import { article, card, site, tech } from '../testing/fixtures';
import { mockHttp, renderPage } from '../testing/render';
import { serverRoute } from './route';

/** What the server passes the loaders: an in-process client, never the browser's axios. */
function serverHttp(answers: Record<string, unknown>): PublicHttp & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    async get<T>(url: string) {
      urls.push(url);
      if (!(url in answers)) throw Object.assign(new Error('not found'), { response: { status: 404 } });
      return { data: { data: answers[url] } as T };
    },
  };
}

const params = { uniqueKey: 'design-que-vende', id: '42' };
const ctx = (http: PublicHttp, p: Record<string, string> = params, search = '') => ({ params: p, search: new URLSearchParams(search), http });
const head = (p: Record<string, string> = params, search = ''): HeadContext => ({
  t: (key, options) => i18n.t(key, options),
  lang: 'pt-BR',
  origin: 'https://www.example.com',
  params: p,
  search: new URLSearchParams(search),
});

/** A route's component rendered from its loaded data, as hydration and router navigations do. */
function renderRoute(route: ReturnType<typeof serverRoute>, data: RouteData, path: string, url: string) {
  const Page = () => <route.Component data={data} />;
  return renderPage(Page, path, url);
}

describe('a public route: loaders, page and head from one definition', () => {
  beforeEach(() => i18n.changeLanguage('pt-BR'));

  it('loads on the server, then the page renders from that data without a request (hydration)', async () => {
    const http = serverHttp({ '/public/article/42/design-que-vende': { article: article(), related: [card({ title: 'Outro artigo' })] }, '/public/site': site });
    const route = serverRoute(postRoute, PostPage);
    const data = await route.load(ctx(http));
    expect(data.status).toBe(200);
    // The page's own loader, and the site's settings every public page loads (lib/site.ts).
    expect(http.urls).toEqual(['/public/article/42/design-que-vende', '/public/site']);
    // The site's name and logo are also where the shell's header, footer and head read them (IDENTITY_ENTRY).
    expect(Object.keys(data.entries)).toEqual(['post:post|42', 'site:site', 'identity']);
    expect(identityOf(data)).toEqual(site.identity);

    const browser = mockHttp(() => ({ status: 204 }));
    try {
      renderRoute(route, JSON.parse(JSON.stringify(data)) as RouteData, '/post/:uniqueKey?/:id?', '/post/design-que-vende/42');
      // The very first render has the article (what the server's HTML shows), not a loading state.
      expect(screen.getByRole('heading', { level: 1, name: 'Design que vende' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Outro artigo' })).toBeInTheDocument();
      expect(browser.calls.filter((c) => c.method === 'GET')).toEqual([]);
    } finally {
      browser.restore();
    }
  });

  it('an unknown article is a 404 whose page shows its not-found, and whose head is not indexed', async () => {
    const route = serverRoute(postRoute, PostPage);
    const data = await route.load(ctx(serverHttp({}), { uniqueKey: 'nada', id: '9' }));
    expect(data.status).toBe(404);
    const browser = mockHttp(() => ({ status: 204 }));
    try {
      renderRoute(route, data, '/post/:uniqueKey?/:id?', '/post/nada/9');
      expect(screen.getByText('Artigo não encontrado')).toBeInTheDocument();
      expect(browser.calls).toEqual([]);
    } finally {
      browser.restore();
    }
    expect(route.head(data, head({ uniqueKey: 'nada', id: '9' }))).toMatchObject({ index: false });
    // No id in the URL: nothing is asked, the page is a 404 too.
    expect((await route.load(ctx(serverHttp({}), {}))).status).toBe(404);
  });

  it("a failure other than 404 of the page's subject fails the load (the server sends the plain shell)", async () => {
    const http: PublicHttp = { get: () => Promise.reject(Object.assign(new Error('down'), { response: { status: 503 } })) };
    await expect(serverRoute(postRoute, PostPage).load(ctx(http))).rejects.toThrow('down');
  });

  it('the post head: title, description, absolute canonical, Open Graph article, JSON-LD', async () => {
    const route = serverRoute(postRoute, PostPage);
    const data = await route.load(ctx(serverHttp({ '/public/article/42/design-que-vende': { article: article(), related: [] } })));
    const h = route.head(data, head());
    expect(h).toMatchObject({
      title: 'Design que vende · Vitrine',
      description: 'Como o design ajuda a vender.',
      canonical: 'https://www.example.com/post/design-que-vende/42',
      type: 'article',
    });
    expect(h.image?.url).toMatch(/^https:\/\/www\.example\.com\/uploads\/\d+\.webp$/);
    expect(h.jsonLd?.[0]).toMatchObject({ '@type': 'Article', headline: 'Design que vende', inLanguage: 'pt-BR' });
    expect(h.meta).toEqual(expect.arrayContaining([['property', 'article:tag', 'Tecnologia']]));
  });

  it('the blog head follows the category and page; prev/next links; the list renders from the data', async () => {
    const http = serverHttp({
      '/public/articles': { items: [card({ title: 'Na página 2' })], total: 30, page: 2, limit: 12 },
      '/public/categories': [{ ...tech, description: 'Ferramentas, dados e software.' }],
    });
    const route = serverRoute(blogRoute, BlogPage);
    const data = await route.load(ctx(http, {}, '?page=2&category=tecnologia'));
    const h = route.head(data, head({}, '?page=2&category=tecnologia'));
    expect(h.title).toBe('Tecnologia · Blog · Página 2 · Vitrine');
    // A category's page is described by the category's own description (the API's, in the page's language).
    expect(h.description).toBe('Ferramentas, dados e software.');
    expect(h.canonical).toBe('/blog?category=tecnologia&page=2');
    expect(h.links?.map((l) => l.rel)).toEqual(['alternate', 'alternate', 'prev', 'next']);
    const browser = mockHttp(() => ({ status: 204 }));
    try {
      renderRoute(route, data, '/blog', '/blog?page=2&category=tecnologia');
      expect(screen.getByRole('heading', { name: 'Na página 2' })).toBeInTheDocument();
      expect(browser.calls).toEqual([]);
    } finally {
      browser.restore();
    }
  });

  it('search without a term is the prompt (200), and search results are not indexed', async () => {
    const data = await searchRoute.loaders[0]!.key({ params: {}, search: new URLSearchParams() });
    expect(data).toBeNull();
    const route = serverRoute(searchRoute, () => null);
    expect((await route.load(ctx(serverHttp({ '/public/categories': [] }), {}))).status).toBe(200);
    expect(route.head({ status: 200, entries: {} }, head({ search: 'vendas' })).index).toBe(false);
  });

  it("the contact head: ContactPage JSON-LD with the company's contact point; without the details the page still loads", async () => {
    const route = serverRoute(contactRoute, ContactPage);
    const data = await route.load(ctx(serverHttp({ '/public/site': site }), {}, '?subject=Or%C3%A7amento'));
    expect(data.status).toBe(200);
    const h = route.head(data, head({}, '?subject=Or%C3%A7amento'));
    expect(h).toMatchObject({ title: 'Fale com a gente · Vitrine', canonical: '/contact', type: 'website' });
    expect(h.description).not.toBe('');
    expect(h.index).toBeUndefined();
    expect(h.jsonLd?.[0]).toMatchObject({
      '@type': 'ContactPage',
      url: 'https://www.example.com/contact',
      inLanguage: 'pt-BR',
      mainEntity: {
        '@type': 'Organization',
        name: 'Vitrine',
        contactPoint: { '@type': 'ContactPoint', email: 'contato@vitrine.example', telephone: '+55 (11) 4000-1234' },
      },
    });

    const down: PublicHttp = { get: () => Promise.reject(Object.assign(new Error('down'), { response: { status: 503 } })) };
    const without = await route.load(ctx(down, {}));
    expect(without).toEqual({ status: 200, entries: {} });
    expect(route.head(without, head({}))).toMatchObject({ title: 'Fale com a gente · Vitrine', canonical: '/contact' });
    expect(route.head(without, head({})).jsonLd?.[0]).not.toHaveProperty('mainEntity.contactPoint');
  });

  it("the newsletter page is never indexed nor a 404: a subscriber's link, an unknown one or none", async () => {
    const route = serverRoute(unsubscribeRoute, UnsubscribePage);
    const key = { uniqueKey: 'k3y', id: '42' };
    const http = serverHttp({ '/public/newsletter/subscription/42/k3y': { email: 'jo•••@cliente.com.br', state: 'active' }, '/public/site': site });
    const data = await route.load(ctx(http, key, '?status=confirmed'));
    expect(http.urls).toEqual(['/public/newsletter/subscription/42/k3y', '/public/site']);
    expect(data.status).toBe(200);
    const h = route.head(data, head(key, '?status=confirmed'));
    expect(h).toMatchObject({ title: 'Newsletter · Vitrine', canonical: '/unsubscribe-newsletter', type: 'website', index: false });
    expect(h.description).not.toBe('');

    const unknown = await route.load(ctx(serverHttp({}), { uniqueKey: 'nada', id: '9' }));
    expect(unknown.status).toBe(200);
    expect(route.head(unknown, head({ uniqueKey: 'nada', id: '9' })).index).toBe(false);
    const none = await route.load(ctx(serverHttp({ '/public/site': site }), {}, '?status=invalid'));
    // The page's own parameters are kept for its forms' action (the sign-up it shows posts to this very page).
    expect(none).toEqual({ status: 200, entries: { 'site:site': { ok: true, data: site }, identity: site.identity, '~page-query': 'status=invalid' } });
    expect(route.head(none, head({}, '?status=invalid')).index).toBe(false);
  });

  it("the site's saved name and logo: in every title, the JSON-LD (with the logo), the feed links, and the data the shell reads", async () => {
    const logo = { id: 'logo1', url: '/uploads/images/logo1/640.webp', srcset: '/uploads/images/logo1/320.webp 320w, /uploads/images/logo1/640.webp 640w', width: 640, height: 160 };
    const renamed: SiteInfo = { ...site, identity: { name: 'Acme Studio', logo } };
    const post = serverRoute(postRoute, PostPage);
    const data = await post.load(ctx(serverHttp({ '/public/article/42/design-que-vende': { article: article(), related: [] }, '/public/site': renamed })));
    expect(identityOf(JSON.parse(JSON.stringify(data)) as RouteData)).toEqual(renamed.identity);
    const h = post.head(data, head());
    expect(h.title).toBe('Design que vende · Acme Studio');
    expect(h.links?.[0]).toMatchObject({ rel: 'alternate', type: 'application/rss+xml', title: 'Acme Studio' });
    expect(h.jsonLd?.[0]).toMatchObject({ publisher: { '@type': 'Organization', name: 'Acme Studio', url: 'https://www.example.com/', logo: 'https://www.example.com/uploads/images/logo1/640.webp' } });

    const blog = serverRoute(blogRoute, BlogPage);
    const http = serverHttp({ '/public/articles': { items: [], total: 0, page: 1, limit: 12 }, '/public/categories': [tech], '/public/site': renamed });
    const list = blog.head(await blog.load(ctx(http, {}, '?category=tecnologia')), head({}, '?category=tecnologia'));
    expect(list.title).toBe('Tecnologia · Blog · Acme Studio');
    expect(list.links?.map((l) => l.title)).toEqual(['Acme Studio', 'Acme Studio — Tecnologia']);
    expect(list.jsonLd).toEqual([expect.objectContaining({ '@type': 'WebSite', name: 'Acme Studio' }), expect.objectContaining({ '@type': 'Blog', name: 'Acme Studio — Tecnologia' })]);

    const home = serverRoute(homeRoute, () => null);
    const front = home.head(await home.load(ctx(serverHttp({ '/public/site': renamed }), {})), head({}));
    expect(front.title).toBe('Acme Studio — conteúdo, site e newsletter para a sua empresa');
    expect(front.description).toMatch(/^Acme Studio — /);

    // The company's own name in its contact details, beside the brand, is its legal name.
    const contact = serverRoute(contactRoute, ContactPage);
    const page = contact.head(await contact.load(ctx(serverHttp({ '/public/site': renamed }), {})), head({}));
    expect(page.title).toBe('Fale com a gente · Acme Studio');
    expect(page.jsonLd?.[0]).toMatchObject({ mainEntity: { name: 'Acme Studio', legalName: 'Vitrine Comunicação Ltda.' } });
  });
});
