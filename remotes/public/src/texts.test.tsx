/**
 * No translation key on the public pages, in any language: every route of this remote loaded as the browser loads
 * it (its loaders over an API that answers, its code and texts) and rendered from that data with the public footer's
 * part, in each of the five languages, then read for keys shown instead of words (configs/jest/raw-keys.ts). A key
 * missing in every language, or never written, shows as itself, which the locale files' parity test cannot see.
 * The shell's and the admin's screens have the same test in their own package.
 */
import { Suspense } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LOCALE_CODES, PUBLIC_ROUTES, type Locale, type PublicRouteName, type RouteData } from '@vitrine/contracts';
import { http as browserHttp, i18n, setLanguage } from '@vitrine/core';
import { rawKeysIn } from '../../../configs/jest/raw-keys';
import { article, author, card, design, home, site, tech } from './testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from './testing/render';
import { footer as Footer, routes } from './pages';

/** The public reads, answering with a little of everything; anything else is not found. */
function api(call: HttpCall): HttpReply {
  const { url } = call;
  if (url === '/public/site') return ok({ ...site, whatsapp: { description: 'Fale com a gente', phone: '5511912345678', message: 'Olá!', color: '#25d366', text_color: '#000000' } });
  if (url === '/public/home') return ok(home());
  if (url === '/public/articles') return ok({ items: [card(), card({ emphasis: true })], total: 14, page: 1, limit: 12 });
  if (url === '/public/search') return ok({ items: [card({ title: 'Design que vende' })], total: 1, page: 1, limit: 12, topic: null });
  if (url === '/public/categories') return ok([{ ...tech, description: 'Tudo sobre tecnologia.' }, { ...design, description: 'Interfaces e marcas.' }]);
  if (url.startsWith('/public/article/')) return ok({ article: article(), related: [card({ title: 'Outro artigo' })] });
  if (url.startsWith('/public/author/')) return ok({ author, articles: [card()], others: [{ ...author, id: 8, name: 'Bruno' }] });
  if (url.startsWith('/public/newsletter/subscription/')) return ok({ email: 'jo•••@cliente.com.br', state: 'active' });
  if (url === '/public/faq') {
    return ok({
      products: [
        {
          slug: 'rc-sistem-i',
          name: 'RC Sistem I',
          entries: [{ id: 1, product: 'RC Sistem I', slug: 'quanto-custa', question: 'Quanto custa?', answer: 'Depende do número de usuários.', position: 0, active: true }],
        },
      ],
    });
  }
  return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
}

/** Every route of this remote at an address that opens it with content (and the search with a term and a topic). */
const ADDRESSES: [PublicRouteName, string][] = [
  ['home', '/'],
  ['blog', '/blog'],
  ['blog', '/blog?category=tecnologia'],
  ['list-article-results', '/list-article-results/design'],
  ['post', '/post/design-que-vende/42'],
  ['profile', `/profile/${author.unique_key}/${author.id}`],
  ['contact', '/contact'],
  ['unsubscribe-newsletter', '/unsubscribe-newsletter/k3y_Ab-9/42'],
  ['faq', '/faq'],
  ['rc-sistemI', '/rc-sistemI'],
  ['playground', '/playground'],
];

/** Still on its way: the page's code or its data (the playground's specimens of a loading state are always busy). */
const LOADING = '[data-testid="page-loader"], [aria-busy="true"]:not(.vt-pg *)';

async function open(name: PublicRouteName, address: string): Promise<HTMLElement> {
  const route = routes[name as keyof typeof routes];
  const url = new URL(address, 'https://www.example.com');
  const pattern = PUBLIC_ROUTES[name];
  const params: Record<string, string> = {};
  const values = url.pathname.split('/');
  pattern.split('/').forEach((part, index) => {
    if (part.startsWith(':') && values[index]) params[part.replace(/^:|\?$/g, '')] = decodeURIComponent(values[index]!);
  });
  const data: RouteData = await route.load({ params, search: url.searchParams, http: browserHttp });
  await route.preload?.();
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <Suspense fallback={<p data-testid="page-loader" />}>
            <main>
              <route.Component data={data} />
            </main>
            <footer>
              <Footer data={data} />
            </footer>
          </Suspense>
        ),
      },
    ],
    { initialEntries: [address] },
  );
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  try {
    await waitFor(() => {
      expect(screen.getAllByRole('heading').length).toBeGreaterThan(0);
      expect(container.querySelector(LOADING)).toBeNull();
    });
  } catch {
    throw new Error(`${address} is still loading: ${container.querySelector(LOADING)?.outerHTML.slice(0, 300) ?? 'no heading'}`);
  }
  return container;
}

let http: ReturnType<typeof mockHttp>;
beforeAll(() => {
  http = mockHttp(api);
});
afterAll(() => http.restore());
afterEach(cleanup);

describe('the public pages', () => {
  it.each(LOCALE_CODES.map((locale) => [locale]))(
    'show no translation key in %s',
    async (locale: Locale) => {
      await act(() => setLanguage(locale));
      const shown: string[] = [];
      for (const [name, address] of ADDRESSES) {
        const container = await open(name, address);
        shown.push(...rawKeysIn(container, i18n).map((key) => `${address}: ${key}`));
        cleanup();
      }
      expect(shown).toEqual([]);
    },
    120_000,
  );
});
