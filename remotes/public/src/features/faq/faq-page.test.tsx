import '../../testing/test-support';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PUBLIC_ROUTES, type FaqPage as FaqData, type HeadContext, type RemoteRoute, type PublicFaqEntry, type RouteData } from '@vitrine/contracts';
import { I18nextProvider, i18n, setLanguage } from '@vitrine/core';
import type { PublicHttp } from '../../api/public-content';
import { serverRoute } from '../../lib/route';
import { routes } from '../../pages';
import remote from '../../server';
import { site } from '../../testing/fixtures';
import { mockHttp, ok, renderPage, type HttpCall } from '../../testing/render';
import { FaqPage } from './faq-page';
import { faqRoute } from './route';

const route = serverRoute(faqRoute, FaqPage);
const PATH = PUBLIC_ROUTES.faq;

let nextId = 0;
const entry = (product: string, slug: string, question: string, answer: string): PublicFaqEntry => {
  nextId += 1;
  return { id: nextId, product, slug, question, answer, position: nextId, active: true };
};

/** The demo FAQ (services/api/src/seed-audience.ts), shortened; one answer has two paragraphs, one has markup as text. */
const FAQ: FaqData = {
  products: [
    {
      slug: 'rc-sistem-i',
      name: 'RC Sistem I',
      entries: [
        entry('RC Sistem I', 'o-que-e-o-rc-sistem-i', 'O que é o RC Sistem I?', 'O sistema de gestão da Vitrine: vendas, estoque e financeiro.'),
        entry('RC Sistem I', 'posso-importar-meus-dados', 'Posso importar meus dados de outro sistema?', 'Sim. Importamos clientes e produtos de planilhas.\n\nA equipe de implantação acompanha a primeira importação.'),
        entry('RC Sistem I', 'quanto-custa', 'Quanto custa?', 'O preço depende do número de usuários, sem taxa de implantação.'),
      ],
    },
    {
      slug: 'sites-e-blog',
      name: 'Sites e blog',
      entries: [entry('Sites e blog', 'eu-mesmo-posso-publicar-artigos', 'Eu mesmo posso publicar artigos?', 'Sim: o editor aceita <b>negrito</b> e imagens.')],
    },
    {
      slug: 'newsletter',
      name: 'Newsletter',
      entries: [entry('Newsletter', 'como-cancelo-a-inscricao', 'Como cancelo a inscrição?', 'Todo e-mail traz um link "Cancelar a inscrição" no rodapé.')],
    },
  ],
};

/** The FAQ as the API answers it in English and in French (translated where staff translated it, else pt-BR). */
const translated = (lang: string, rc: string, price: [string, string], newsletter: string, cancel: [string, string]): FaqData => ({
  lang,
  products: [
    { slug: 'rc-sistem-i', name: rc, entries: [{ ...entry(rc, 'quanto-custa', ...price), id: 101 }] },
    { slug: 'newsletter', name: newsletter, entries: [{ ...entry(newsletter, 'como-cancelo-a-inscricao', ...cancel), id: 102 }] },
  ],
});
const EN = translated('en-US', 'RC Sistem I', ['How much does it cost?', 'Monthly plans per user.'], 'Newsletter', ['How do I unsubscribe?', 'Every email has an “Unsubscribe” link.']);
const FR = translated('fr-FR', 'RC Sistem I', ['Combien ça coûte ?', 'Des formules mensuelles par utilisateur.'], 'Lettre d’information', [
  'Comment me désabonner ?',
  'Chaque e-mail contient un lien « Se désabonner ».',
]);

/** What the server's loaders are answered; it records the URLs asked besides the site's settings. */
function serverHttp(answer: FaqData | 'down' = FAQ): PublicHttp & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    async get<T>(url: string) {
      if (url === '/public/site') return { data: { data: site } as T };
      urls.push(url);
      if (answer === 'down') throw Object.assign(new Error('down'), { response: { status: 503 } });
      return { data: { data: answer } as T };
    },
  };
}

/** The route's params for a URL of the FAQ (its #fragment is the browser's alone). */
const paramsOf = (url: string) => {
  const product = new URL(url, 'https://www.example.com').pathname.split('/')[2];
  return product ? { product: decodeURIComponent(product) } : {};
};

/** The route's data for `url` as the server (or the router, on a navigation) loads it. */
async function loaded(url: string, http: PublicHttp = serverHttp()): Promise<RouteData> {
  return route.load({ params: paramsOf(url), search: new URLSearchParams(), http });
}

const headCtx = (url: string): HeadContext => ({
  t: (key, options) => i18n.t(key, options),
  lang: 'pt-BR',
  origin: 'https://www.example.com',
  params: paramsOf(url),
  search: new URLSearchParams(),
});

/** The page rendered from its route data (as hydration gets it: the embedded JSON), with the browser's HTTP mocked. */
async function open(url: string) {
  const data = JSON.parse(JSON.stringify(await loaded(url))) as RouteData;
  const mock = mockHttp(() => ({ status: 204 }));
  return { ...renderPage(() => <route.Component data={data} />, PATH, url), mock, data };
}

const questions = () => [...document.querySelectorAll<HTMLDetailsElement>('details.vt-faq__item')];
const item = (slug: string) => document.getElementById(slug) as HTMLDetailsElement;
const searchBox = () => screen.getByRole('searchbox', { name: 'Buscar nas perguntas' });
const gets = (calls: HttpCall[]) => calls.filter((call) => call.method === 'GET');

describe('FaqPage', () => {
  let restore: () => void = () => undefined;
  const scrolled: string[] = [];
  const realScroll = Element.prototype.scrollIntoView;
  beforeAll(() => {
    // jsdom does not scroll: record which element was brought into view.
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.id);
    };
  });
  afterAll(() => {
    Element.prototype.scrollIntoView = realScroll;
  });
  beforeEach(async () => {
    scrolled.length = 0;
    await setLanguage('pt-BR');
  });
  afterEach(() => restore());

  it('renders every product and its questions from the route data, with no request, all closed', async () => {
    const http = serverHttp();
    const data = await loaded('/faq', http);
    expect(data.status).toBe(200);
    expect(http.urls).toEqual(['/public/faq']);
    expect(Object.keys(data.entries).sort()).toEqual(['faq:faq|', 'identity', 'site:site']);

    const mock = mockHttp(() => ({ status: 204 }));
    restore = mock.restore;
    renderPage(() => <route.Component data={data} />, PATH, '/faq');
    expect(screen.getByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['RC Sistem I', 'Sites e blog', 'Newsletter', 'Ainda com dúvidas?']);

    const tabs = within(screen.getByRole('navigation', { name: 'Produtos' })).getAllByRole('link');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href'), tab.getAttribute('aria-current')])).toEqual([
      ['Todos', '/faq', 'page'],
      ['RC Sistem I', '/faq/rc-sistem-i', null],
      ['Sites e blog', '/faq/sites-e-blog', null],
      ['Newsletter', '/faq/newsletter', null],
    ]);

    expect(questions().map((q) => [q.id, q.querySelector('summary')?.textContent, q.hasAttribute('open')])).toEqual([
      ['o-que-e-o-rc-sistem-i', 'O que é o RC Sistem I?', false],
      ['posso-importar-meus-dados', 'Posso importar meus dados de outro sistema?', false],
      ['quanto-custa', 'Quanto custa?', false],
      ['eu-mesmo-posso-publicar-artigos', 'Eu mesmo posso publicar artigos?', false],
      ['como-cancelo-a-inscricao', 'Como cancelo a inscrição?', false],
    ]);
    // Paragraphs split on blank lines; the answer is text, never markup.
    expect([...item('posso-importar-meus-dados').querySelectorAll('.vt-faq__answer > p:not(.vt-faq__tools)')].map((p) => p.textContent)).toEqual([
      'Sim. Importamos clientes e produtos de planilhas.',
      'A equipe de implantação acompanha a primeira importação.',
    ]);
    expect(item('eu-mesmo-posso-publicar-artigos').querySelector('b')).toBeNull();
    expect(within(item('eu-mesmo-posso-publicar-artigos')).getByText('Sim: o editor aceita <b>negrito</b> e imagens.')).toBeInTheDocument();
    expect(within(item('quanto-custa')).getByRole('link', { name: 'Link para esta resposta: Quanto custa?', hidden: true })).toHaveAttribute('href', '#quanto-custa');

    // The call to action at the end: the contact page.
    const cta = screen.getByRole('region', { name: 'Ainda com dúvidas?' });
    expect(within(cta).getByRole('link', { name: 'Fale com a gente' })).toHaveAttribute('href', '/contact');
    expect(mock.calls).toEqual([]);
  });

  it("a product's URL shows only that product, marked as the current tab; its call to action names it", async () => {
    const { mock } = await open('/faq/rc-sistem-i');
    restore = mock.restore;
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['RC Sistem I', 'Ainda com dúvidas?']);
    expect(questions().map((q) => q.id)).toEqual(['o-que-e-o-rc-sistem-i', 'posso-importar-meus-dados', 'quanto-custa']);
    expect(screen.getByRole('link', { name: 'RC Sistem I' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Todos' })).not.toHaveAttribute('aria-current');
    expect(within(screen.getByRole('region', { name: 'Ainda com dúvidas?' })).getByRole('link', { name: 'Fale com a gente' })).toHaveAttribute(
      'href',
      `/contact?subject=${encodeURIComponent('Dúvida sobre RC Sistem I')}`,
    );
    expect(mock.calls).toEqual([]);
  });

  it('an unknown product is a 404 whose page shows its not-found, never indexed; a slug no product can have is not even asked', async () => {
    const data = await loaded('/faq/nao-existe');
    expect(data.status).toBe(404);
    expect(route.head(data, headCtx('/faq/nao-existe'))).toMatchObject({ title: 'Produto não encontrado · Vitrine', index: false });
    const mock = mockHttp(() => ({ status: 204 }));
    restore = mock.restore;
    renderPage(() => <route.Component data={data} />, PATH, '/faq/nao-existe');
    expect(screen.getByText('Produto não encontrado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas as perguntas' })).toHaveAttribute('href', '/faq');
    expect(questions()).toEqual([]);
    expect(mock.calls).toEqual([]);

    const http = serverHttp();
    expect((await loaded('/faq/Not%20a%20slug', http)).status).toBe(404);
    expect(http.urls).toEqual([]);
  });

  it('a failure other than 404 fails the load (the server then sends the plain shell)', async () => {
    await expect(loaded('/faq', serverHttp('down'))).rejects.toThrow('down');
  });

  it('the page alone (a shell that predates routes) loads its own data: one product, an unknown one, an outage with Retry', async () => {
    let down = false;
    const mock = mockHttp((call) => (call.url !== '/public/faq' ? { status: 404 } : down ? { status: 503 } : ok(FAQ)));
    restore = mock.restore;
    const first = renderPage(FaqPage, PATH, '/faq/newsletter');
    expect(await screen.findByText('Como cancelo a inscrição?')).toBeInTheDocument();
    expect(screen.queryByText('Quanto custa?')).toBeNull();
    expect(gets(mock.calls).map((call) => call.url)).toEqual(['/public/faq']);
    first.unmount();

    const second = renderPage(FaqPage, PATH, '/faq/nao-existe');
    expect(await screen.findByText('Produto não encontrado')).toBeInTheDocument();
    second.unmount();

    down = true;
    renderPage(FaqPage, PATH, '/faq');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tentar novamente');
    down = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Quanto custa?')).toBeInTheDocument();
  });

  it('searches as typed, without accents or case: shows the count, opens the matches; an empty state leads to the contact page', async () => {
    const { mock } = await open('/faq');
    restore = mock.restore;
    const user = userEvent.setup();

    await user.type(searchBox(), 'PRECO');
    expect(screen.getByText('1 pergunta encontrada')).toHaveAttribute('role', 'status');
    expect(questions().map((q) => [q.id, q.hasAttribute('open')])).toEqual([['quanto-custa', true]]);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['RC Sistem I', 'Ainda com dúvidas?']);

    // Every word counts, in the question or the answer.
    await user.clear(searchBox());
    await user.type(searchBox(), 'inscrição rodape');
    expect(questions().map((q) => [q.id, q.hasAttribute('open')])).toEqual([['como-cancelo-a-inscricao', true]]);
    await user.clear(searchBox());
    await user.type(searchBox(), 'sim');
    expect(screen.getByText('2 perguntas encontradas')).toBeInTheDocument();
    expect(questions().map((q) => q.id)).toEqual(['posso-importar-meus-dados', 'eu-mesmo-posso-publicar-artigos']);

    await user.type(searchBox(), ' xyzzy');
    expect(screen.getByText('Nenhuma pergunta encontrada')).toBeInTheDocument();
    expect(screen.getByText('Nada encontrado para “sim xyzzy”')).toBeInTheDocument();
    expect(screen.getByText(/Não encontrou sua resposta\?/)).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Fale com a gente' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/contact', '/contact']);
    expect(questions()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(searchBox()).toHaveValue('');
    expect(questions().map((q) => q.hasAttribute('open'))).toEqual([false, false, false, false, false]);
    // The search is the page's own: nothing was asked.
    expect(mock.calls).toEqual([]);
  });

  it("opens the answer the link's #fragment names, and the one of every later fragment", async () => {
    const { mock, router } = await open('/faq/rc-sistem-i#quanto-custa');
    restore = mock.restore;
    await waitFor(() => expect(item('quanto-custa')).toHaveAttribute('open'));
    await waitFor(() => expect(scrolled).toEqual(['quanto-custa']));
    expect(item('o-que-e-o-rc-sistem-i')).not.toHaveAttribute('open');

    // A fragment the router sees (a link on the page, or back/forward)…
    await act(() => router.navigate('#posso-importar-meus-dados'));
    await waitFor(() => expect(item('posso-importar-meus-dados')).toHaveAttribute('open'));
    // …and a hashchange of the window (the "#" link of an answer, before the router hears of it).
    act(() => {
      window.location.hash = '#o-que-e-o-rc-sistem-i';
    });
    await waitFor(() => expect(item('o-que-e-o-rc-sistem-i')).toHaveAttribute('open'));
    await waitFor(() => expect(scrolled).toContain('o-que-e-o-rc-sistem-i'));
    // A fragment that names no question of the page changes nothing.
    await act(() => router.navigate('#nada'));
    expect(questions().filter((q) => q.hasAttribute('open')).map((q) => q.id)).toEqual(['o-que-e-o-rc-sistem-i', 'posso-importar-meus-dados', 'quanto-custa']);
    expect(gets(mock.calls)).toEqual([]);
    window.location.hash = '';
  });

  it('a fragment naming an answer the search hides clears the search', async () => {
    const { mock, router } = await open('/faq');
    restore = mock.restore;
    const user = userEvent.setup();
    await user.type(searchBox(), 'cancelo rodapé');
    expect(questions().map((q) => q.id)).toEqual(['como-cancelo-a-inscricao']);
    await act(() => router.navigate('#quanto-custa'));
    await waitFor(() => expect(item('quanto-custa')).toHaveAttribute('open'));
    expect(searchBox()).toHaveValue('');
  });

  it("copies the answer's link (its product's URL and #slug) and says so", async () => {
    const { mock } = await open('/faq');
    restore = mock.restore;
    // user-event puts a clipboard of its own in place (read back below).
    const user = userEvent.setup();
    await user.click(within(item('quanto-custa')).getByText('Quanto custa?'));
    expect(item('quanto-custa')).toHaveAttribute('open');
    await user.click(within(item('quanto-custa')).getByRole('button', { name: 'Copiar link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/faq/rc-sistem-i#quanto-custa`);
    expect(within(item('quanto-custa')).getByRole('button', { name: 'Link copiado' })).toBeInTheDocument();
    expect(screen.getAllByRole('status').some((el) => el.textContent === 'Link copiado')).toBe(true);
  });

  it('the head: title, description, canonical and the FAQPage JSON-LD of the questions shown', async () => {
    const all = route.head(await loaded('/faq'), headCtx('/faq'));
    expect(all).toMatchObject({ title: 'Perguntas frequentes · Vitrine', canonical: '/faq', type: 'website' });
    expect(all.index).toBeUndefined();
    expect(all.description).toMatch(/^Perguntas frequentes da Vitrine, com respostas rápidas: O que é o RC Sistem I\? /);
    expect(all.description.length).toBeLessThanOrEqual(160);
    expect(all.jsonLd).toHaveLength(1);
    const ld = all.jsonLd?.[0] as { '@type': string; url: string; mainEntity: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[] };
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.url).toBe('https://www.example.com/faq');
    expect(ld.mainEntity.map((q) => q.name)).toEqual(FAQ.products.flatMap((p) => p.entries.map((e) => e.question)));
    expect(ld.mainEntity[1]).toMatchObject({
      '@type': 'Question',
      name: 'Posso importar meus dados de outro sistema?',
      acceptedAnswer: { '@type': 'Answer', text: 'Sim. Importamos clientes e produtos de planilhas.\n\nA equipe de implantação acompanha a primeira importação.' },
    });

    const one = route.head(await loaded('/faq/newsletter'), headCtx('/faq/newsletter'));
    expect(one).toMatchObject({ title: 'Newsletter: perguntas frequentes · Vitrine', canonical: '/faq/newsletter', description: 'Perguntas frequentes sobre Newsletter: Como cancelo a inscrição?' });
    expect(one.jsonLd?.[0]).toMatchObject({
      url: 'https://www.example.com/faq/newsletter',
      mainEntity: [{ '@type': 'Question', name: 'Como cancelo a inscrição?', url: 'https://www.example.com/faq/newsletter#como-cancelo-a-inscricao' }],
    });

    // No questions at all: no FAQPage.
    const none = route.head(await loaded('/faq', serverHttp({ products: [] })), headCtx('/faq'));
    expect(none.jsonLd).toBeUndefined();
  });

  it('in en-US', async () => {
    await setLanguage('en-US');
    const { mock } = await open('/faq/newsletter');
    restore = mock.restore;
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('searchbox', { name: 'Search the questions' })).toBeInTheDocument();
  });

  it('is registered in the browser and server surfaces, server-renders all closed and hydrates without a mismatch', async () => {
    expect(routes.faq).toBeDefined();
    expect(remote.routes.faq).toBeDefined();
    const served = remote.routes.faq as RemoteRoute;
    const url = '/faq/rc-sistem-i#quanto-custa';
    const data = await served.load({ params: paramsOf(url), search: new URLSearchParams(), http: serverHttp() });
    const tree = (routeData: RouteData) => (
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={createMemoryRouter([{ path: PATH, element: <served.Component data={routeData} /> }], { initialEntries: [url] })} />
      </I18nextProvider>
    );
    const html = renderToString(tree(data));
    expect(html).toContain('<h1>Perguntas frequentes</h1>');
    expect(html).toContain('id="quanto-custa"');
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(html).not.toContain('aria-busy');

    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const mock = mockHttp(() => ({ status: 204 }));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = jest.fn();
    try {
      const root = await act(async () => hydrateRoot(container, tree(JSON.parse(JSON.stringify(data)) as RouteData), { onRecoverableError: recoverable }));
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      // After hydration, the fragment's answer opens.
      await waitFor(() => expect(container.querySelector('#quanto-custa')).toHaveAttribute('open'));
      expect(gets(mock.calls)).toEqual([]);
      act(() => root.unmount());
    } finally {
      errors.mockRestore();
      mock.restore();
      container.remove();
    }
  });

  it('asks the FAQ in the page’s language (?lang=: the API answers the questions in it, pt-BR where not translated)', async () => {
    await setLanguage('es-ES');
    const asked: { url: string; params?: object }[] = [];
    const http: PublicHttp = {
      async get<T>(url: string, config?: { params?: object }) {
        asked.push({ url, ...(config?.params ? { params: config.params } : {}) });
        return { data: { data: url === '/public/site' ? site : FAQ } as T };
      },
    };
    await loaded('/faq', http);
    expect(asked.find((call) => call.url === '/public/faq')).toEqual({ url: '/public/faq', params: { lang: 'es-ES' } });
  });

  it('hydrates the server’s language without a request; switched to another language, it shows the FAQ asked in that one (links unchanged)', async () => {
    await setLanguage('en-US');
    const url = '/faq/newsletter';
    const data = await route.load({ params: paramsOf(url), search: new URLSearchParams(), http: serverHttp(EN) });
    const tree = (routeData: RouteData) => (
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={createMemoryRouter([{ path: PATH, element: <route.Component data={routeData} /> }], { initialEntries: [url] })} />
      </I18nextProvider>
    );
    const html = renderToString(tree(data));
    expect(html).toContain('How do I unsubscribe?');

    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: FaqData | 'down' = FR;
    const mock = mockHttp((call) => (call.url !== '/public/faq' ? { status: 404 } : answer === 'down' ? { status: 503 } : ok(answer)));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = jest.fn();
    try {
      const root = await act(async () => hydrateRoot(container, tree(JSON.parse(JSON.stringify(data)) as RouteData), { onRecoverableError: recoverable }));
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(gets(mock.calls)).toEqual([]);

      await act(() => setLanguage('fr-FR'));
      await waitFor(() => expect(container.querySelector('#como-cancelo-a-inscricao summary')).toHaveTextContent('Comment me désabonner ?'));
      expect(gets(mock.calls).map((call) => [call.url, call.params])).toEqual([['/public/faq', { lang: 'fr-FR' }]]);
      expect(container.querySelector('h2#faq-group-newsletter')).toHaveTextContent('Lettre d’information');
      const tab = within(container).getByRole('link', { name: 'Lettre d’information' });
      expect(tab).toHaveAttribute('href', '/faq/newsletter');
      expect(tab).toHaveAttribute('aria-current', 'page');

      // Back to the route's language: its own answer, nothing asked; a failed read keeps what is on screen.
      await act(() => setLanguage('en-US'));
      expect(container.querySelector('#como-cancelo-a-inscricao summary')).toHaveTextContent('How do I unsubscribe?');
      answer = 'down';
      await act(() => setLanguage('es-ES'));
      await waitFor(() => expect(gets(mock.calls)).toHaveLength(2));
      expect(container.querySelector('#como-cancelo-a-inscricao summary')).toHaveTextContent('How do I unsubscribe?');
      act(() => root.unmount());
    } finally {
      errors.mockRestore();
      mock.restore();
      container.remove();
    }
  });
});
