import { act, screen, within } from '@testing-library/react';
import { i18n, setLanguage } from '@vitrine/core';
import { card, tech } from '../../testing/fixtures';
import { mockHttp, ok, renderPage, type HttpReply } from '../../testing/render';
import { sanitizeHighlight } from '../../lib/highlight';
import { SearchPage } from './search-page';

const ROUTE = '/list-article-results/:search?';

describe('SearchPage', () => {
  let restore: () => void;
  afterEach(() => restore());
  beforeEach(() => i18n.changeLanguage('pt-BR'));

  function answer(search: () => HttpReply) {
    const mock = mockHttp((call) => (call.url === '/public/search' ? search() : ok([tech])));
    restore = mock.restore;
    return mock;
  }

  it('searches the term of the path and shows the count and the highlight with <mark> only', async () => {
    const hostile =
      'Um <mark>design</mark> <b onclick="x()">limpo</b><img src=x onerror="alert(1)"><script>alert(2)</script> <a href="javascript:x"><mark class="evil">vende</mark></a>';
    const mock = answer(() => ok({ items: [card({ title: 'Design que vende', highlight: hostile })], total: 1, page: 1, limit: 12 }));
    const { container } = renderPage(SearchPage, ROUTE, '/list-article-results/design%20limpo');

    expect(await screen.findByRole('heading', { name: 'Design que vende' })).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === '/public/search')?.params).toEqual({ q: 'design limpo', page: 1, limit: 12, lang: 'pt-BR' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Resultados para “design limpo”');
    expect(screen.getByRole('status')).toHaveTextContent('1 artigo encontrado');
    const snippet = container.querySelector('.vt-result__highlight')!;
    expect(snippet.innerHTML).toBe('Um <mark>design</mark> limpo <mark>vende</mark>');
    expect(snippet.querySelectorAll('mark')).toHaveLength(2);
    expect(container.querySelector('script, [onerror], [onclick], a[href^="javascript"]')).toBeNull();
    expect(screen.getByRole('searchbox')).toHaveValue('design limpo');
  });

  it('a broad search cut short says so (partial: the newest matches only)', async () => {
    answer(() => ok({ items: [card({ title: 'Um de muitos' })], total: 1000, page: 1, limit: 12, topic: null, partial: true }));
    renderPage(SearchPage, ROUTE, '/list-article-results/tecnologia');
    expect(await screen.findByRole('heading', { name: 'Um de muitos' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Os 1000 artigos mais recentes com esses termos — refine a busca para ver outros');
  });

  it('keeps text safe when stripping tags', () => {
    expect(sanitizeHighlight('a &lt;b&gt; <mark>c &amp; d</mark> <style>x{}</style><em>e</em>')).toBe('a &lt;b&gt; <mark>c &amp; d</mark> e');
  });

  it('shows the no-results view with suggestions', async () => {
    answer(() => ok({ items: [], total: 0, page: 1, limit: 12 }));
    renderPage(SearchPage, ROUTE, '/list-article-results/xyz');
    expect(await screen.findByText('Nenhum resultado encontrado')).toBeInTheDocument();
    const suggestions = await screen.findByRole('navigation', { name: 'Sugestões' });
    expect(within(suggestions).getByRole('link', { name: 'Tecnologia' })).toHaveAttribute('href', '/blog?category=tecnologia');
  });

  it('says No results found in English', async () => {
    await setLanguage('en-US');
    answer(() => ok({ items: [], total: 0, page: 1, limit: 12 }));
    renderPage(SearchPage, ROUTE, '/list-article-results/xyz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('shows the error view with Retry when the search fails', async () => {
    await setLanguage('en-US');
    let fail = true;
    const mock = answer(() => (fail ? { status: 500, data: { error: true, statusCode: 500, code: 'INTERNAL', message: 'x' } } : ok({ items: [card({ title: 'Achado' })], total: 1, page: 1, limit: 12 })));
    renderPage(SearchPage, ROUTE, '/list-article-results/tecnologia');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error fetching search results');
    fail = false;
    await act(async () => within(alert).getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByRole('heading', { name: 'Achado' })).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.url === '/public/search')).toHaveLength(2);
  });

  it('shows the error text in Portuguese by default', async () => {
    answer(() => ({ status: 503, data: {} }));
    renderPage(SearchPage, ROUTE, '/list-article-results/tecnologia');
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao buscar os resultados.');
  });

  it('asks for a term when the path has none, without calling the API', async () => {
    const mock = answer(() => ok({ items: [], total: 0, page: 1, limit: 12 }));
    renderPage(SearchPage, ROUTE, '/list-article-results');
    expect(await screen.findByText('Digite um tema ou palavra-chave para encontrar artigos.')).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.url === '/public/search')).toHaveLength(0);
  });
});
