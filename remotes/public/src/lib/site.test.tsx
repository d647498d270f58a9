import '../testing/test-support';
import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PUBLIC_ROUTES, type RemoteRoute, type RouteData, type SiteInfo } from '@vitrine/contracts';
import { I18nextProvider, i18n, setLanguage } from '@vitrine/core';
import type { PublicHttp } from '../api/public-content';
import { routes } from '../pages';
import remote from '../server';
import { article, author, card, home, site, tech } from '../testing/fixtures';
import { mockHttp, renderPage } from '../testing/render';

const WHATSAPP = { description: 'Fale com um especialista', phone: '5511912345678', message: 'Olá! Quero um orçamento', color: '#25d366', text_color: '#111827' };
const HREF = 'https://wa.me/5511912345678?text=Ol%C3%A1!%20Quero%20um%20or%C3%A7amento';
const withButton: SiteInfo = { ...site, whatsapp: WHATSAPP };

/** The API's answers, by path, as the server's in-process client gets them; it records what was asked. */
function serverHttp(siteAnswer: SiteInfo | 'down' = withButton): PublicHttp & { urls: string[] } {
  const answers: Record<string, unknown> = {
    '/public/home': home(),
    '/user/user/recent-updated-users/4': [],
    '/public/articles': { items: [card({ title: 'No blog' })], total: 1, page: 1, limit: 12 },
    '/public/categories': [tech],
    '/public/search': { items: [card({ title: 'Achado' })], total: 1, page: 1, limit: 12, topic: null },
    '/public/article/42/design-que-vende': { article: article(), related: [] },
    [`/public/author/7/${author.unique_key}`]: { author, articles: [card({ title: 'Da Ana' })], others: [] },
    '/public/newsletter/subscription/42/k3y': { email: 'jo•••@cliente.com.br', state: 'active' },
    '/public/faq': { products: [] },
    '/public/site': siteAnswer,
  };
  const urls: string[] = [];
  return {
    urls,
    async get<T>(url: string) {
      urls.push(url);
      const answer = answers[url];
      if (answer === 'down') throw Object.assign(new Error('down'), { response: { status: 503 } });
      if (answer === undefined) throw Object.assign(new Error('not found'), { response: { status: 404 } });
      return { data: { data: answer } as T };
    },
  };
}

/** Every public page of the remote: its route name, the shell's pattern and a URL of it. */
const PAGES = [
  ['home', PUBLIC_ROUTES.home, '/'],
  ['blog', PUBLIC_ROUTES.blog, '/blog?category=tecnologia'],
  ['list-article-results', PUBLIC_ROUTES['list-article-results'], '/list-article-results/design'],
  ['post', PUBLIC_ROUTES.post, '/post/design-que-vende/42'],
  ['profile', PUBLIC_ROUTES.profile, `/profile/${author.unique_key}/7`],
  ['contact', PUBLIC_ROUTES.contact, '/contact'],
  ['unsubscribe-newsletter', PUBLIC_ROUTES['unsubscribe-newsletter'], '/unsubscribe-newsletter/k3y/42'],
  ['faq', PUBLIC_ROUTES.faq, '/faq'],
] as const;

/** The route's load context for a URL of `pattern`, as the shell's router gives it. */
function contextOf(pattern: string, url: string, http: PublicHttp) {
  const { pathname, searchParams } = new URL(url, 'https://www.example.com');
  const names = pattern.split('/').map((part) => /^:(\w+)\??$/.exec(part)?.[1]);
  const values = pathname.split('/');
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    if (name && values[i]) params[name] = decodeURIComponent(values[i]!);
  });
  return { params, search: searchParams, http };
}

const serverRouteOf = (name: (typeof PAGES)[number][0]) => remote.routes[name] as RemoteRoute;

/** The tree the shell renders for a route: its component with the route's data, at `url`. */
function tree(route: RemoteRoute, data: RouteData, pattern: string, url: string) {
  const router = createMemoryRouter([{ path: pattern, element: <route.Component data={data} /> }], { initialEntries: [url] });
  return (
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  );
}

describe('the WhatsApp button comes with every public page', () => {
  beforeEach(() => setLanguage('pt-BR'));

  it.each(PAGES)('%s: the site settings are in the loaded data, and the button renders from it with no request', async (name, pattern, url) => {
    const route = serverRouteOf(name);
    const http = serverHttp();
    const data = await route.load(contextOf(pattern, url, http));
    expect(data.status).toBe(200);
    expect(data.entries['site:site']).toEqual({ ok: true, data: withButton });
    expect(http.urls.filter((u) => u === '/public/site')).toHaveLength(1);

    const browser = mockHttp(() => ({ status: 204 }));
    try {
      // As hydration gets it: the page's embedded JSON.
      renderPage(() => <route.Component data={JSON.parse(JSON.stringify(data)) as RouteData} />, pattern, url);
      const link = screen.getByRole('link', { name: 'Fale com um especialista' });
      expect(link).toHaveAttribute('href', HREF);
      expect(link).toHaveAttribute('target', '_blank');
      expect(screen.getAllByRole('link', { name: 'Fale com um especialista' })).toHaveLength(1);
      expect(browser.calls.filter((call) => call.method === 'GET')).toEqual([]);
    } finally {
      browser.restore();
    }
  });

  it('is absent while the setting is off (null), and when the site settings could not be read', async () => {
    for (const answer of [site, 'down'] as const) {
      const route = serverRouteOf('home');
      const data = await route.load(contextOf('/', '/', serverHttp(answer)));
      expect(data.status).toBe(200);
      const browser = mockHttp(() => ({ status: 204 }));
      try {
        const { container, unmount } = renderPage(() => <route.Component data={data} />, '/', '/');
        expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
        expect(screen.queryByRole('link', { name: /WhatsApp|especialista/ })).toBeNull();
        expect(container.querySelector('.vt-whatsapp')).toBeNull();
        // The button never asks for the settings itself.
        expect(browser.calls.filter((call) => call.url === '/public/site')).toEqual([]);
        unmount();
      } finally {
        browser.restore();
      }
    }
  });

  it('is server-rendered, and hydrates without a mismatch', async () => {
    const route = serverRouteOf('post');
    const url = '/post/design-que-vende/42';
    const data = await route.load(contextOf(PUBLIC_ROUTES.post, url, serverHttp()));
    const html = renderToString(tree(route, data, PUBLIC_ROUTES.post, url));
    expect(html).toContain(`href="${HREF.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('aria-label="Fale com um especialista"');
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
    expect(html).toMatch(/style="background:#25d366;color:#111827"/);
    expect(html.match(/class="vt-whatsapp"/g)).toHaveLength(1);

    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const browser = mockHttp(() => ({ status: 204 }));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = jest.fn();
    try {
      const root = await act(async () =>
        hydrateRoot(container, tree(route, JSON.parse(JSON.stringify(data)) as RouteData, PUBLIC_ROUTES.post, url), { onRecoverableError: recoverable }),
      );
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(container.querySelector('a.vt-whatsapp')).toHaveAttribute('href', HREF);
      act(() => root.unmount());
    } finally {
      errors.mockRestore();
      browser.restore();
      container.remove();
    }
  });
});

describe('in the browser, a navigation reuses the site settings it already has', () => {
  let clock = Date.UTC(2026, 10, 23, 12);
  beforeEach(() => {
    // Each test starts an hour later: what an earlier one left known has expired.
    clock += 3_600_000;
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
  });
  afterEach(() => jest.restoreAllMocks());

  it("the hydrated page's settings serve the next navigations for a minute, then they are asked again", async () => {
    // The server-rendered contact page, hydrated with its embedded data.
    const server = await serverRouteOf('contact').load(contextOf('/contact', '/contact', serverHttp()));
    await routes.contact.preload!();
    const browser = mockHttp(() => ({ status: 204 }));
    try {
      renderPage(() => <routes.contact.Component data={JSON.parse(JSON.stringify(server)) as RouteData} />, '/contact', '/contact');
      expect(screen.getByRole('link', { name: 'Fale com um especialista' })).toBeInTheDocument();
    } finally {
      browser.restore();
    }

    // Navigations: the blog, then a post, 59 s later; the settings are not asked again, and are in the data.
    clock += 30_000;
    const blog = serverHttp();
    const blogData = await routes.blog.load(contextOf('/blog', '/blog', blog));
    expect(blog.urls).toEqual(['/public/articles', '/public/categories']);
    expect(blogData.entries['site:site']).toEqual({ ok: true, data: withButton });
    clock += 29_000;
    const post = serverHttp();
    expect((await routes.post.load(contextOf(PUBLIC_ROUTES.post, '/post/design-que-vende/42', post))).entries['site:site']).toEqual({ ok: true, data: withButton });
    expect(post.urls).toEqual(['/public/article/42/design-que-vende']);

    // A minute after they came: asked once more (a change the staff saved shows), then reused again.
    clock += 2_000;
    const off = serverHttp(site);
    expect((await routes.home.load(contextOf('/', '/', off))).entries['site:site']).toEqual({ ok: true, data: site });
    expect(off.urls).toContain('/public/site');
    const next = serverHttp();
    expect((await routes.blog.load(contextOf('/blog', '/blog', next))).entries['site:site']).toEqual({ ok: true, data: site });
    expect(next.urls).not.toContain('/public/site');
  });

  it('a navigation after a language switch asks again, in the new language (the opening hours follow it), then reuses that answer', async () => {
    const first = serverHttp();
    await routes.blog.load(contextOf('/blog', '/blog', first));
    expect(first.urls).toContain('/public/site');
    const http = mockHttp(() => ({ status: 204 }));
    try {
      await act(() => setLanguage('fr-FR'));
      clock += 1_000;
      const asked: { url: string; config?: { params?: object } }[] = [];
      const french: PublicHttp = {
        async get<T>(url: string, config?: { params?: object }) {
          asked.push({ url, ...(config ? { config } : {}) });
          return serverHttp({ ...withButton, contact: { ...site.contact, hours: 'Du lundi au vendredi, de 9 h à 18 h' } }).get<T>(url);
        },
      };
      const data = await routes.home.load(contextOf('/', '/', french));
      expect(asked.find((call) => call.url === '/public/site')?.config).toEqual({ params: { lang: 'fr-FR' } });
      expect((data.entries['site:site'] as { data: SiteInfo }).data.contact.hours).toBe('Du lundi au vendredi, de 9 h à 18 h');
      const again = serverHttp();
      await routes.blog.load(contextOf('/blog', '/blog', again));
      expect(again.urls).not.toContain('/public/site');
    } finally {
      await act(() => setLanguage('pt-BR'));
      http.restore();
    }
  });

  it('a failed read is not kept: the next navigation asks again', async () => {
    const down = serverHttp('down');
    expect((await routes.blog.load(contextOf('/blog', '/blog', down))).entries).not.toHaveProperty('site:site');
    const up = serverHttp();
    expect((await routes.home.load(contextOf('/', '/', up))).entries['site:site']).toEqual({ ok: true, data: withButton });
    expect(up.urls).toContain('/public/site');
  });

  it('the server never reuses an answer between renders', async () => {
    const route = serverRouteOf('blog');
    for (const answer of [withButton, site]) {
      const http = serverHttp(answer);
      expect((await route.load(contextOf('/blog', '/blog', http))).entries['site:site']).toEqual({ ok: true, data: answer });
      expect(http.urls).toContain('/public/site');
    }
  });
});
