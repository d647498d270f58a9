import { screen, waitFor } from '@testing-library/react';
import { i18n, setLanguage } from '@vitrine/core';
import { article, author, card } from '../../testing/fixtures';
import { currentUrl, mockHttp, ok, renderPage, type HttpReply } from '../../testing/render';
import { PostPage } from './post-page';

const ROUTE = '/post/:uniqueKey?/:id?';

describe('PostPage', () => {
  let restore: () => void;
  afterEach(() => restore());
  beforeEach(() => i18n.changeLanguage('pt-BR'));

  function answer(get: () => HttpReply) {
    const mock = mockHttp((call) => (call.method === 'POST' ? { status: 204 } : get()));
    restore = mock.restore;
    return mock;
  }

  it('shows the article with reading time, pt-BR date, author link, cover and counts one read', async () => {
    const mock = answer(() => ok({ article: article(), related: [card({ title: 'Outro artigo' })] }));
    const { container } = renderPage(PostPage, ROUTE, '/post/design-que-vende/42');

    expect(await screen.findByRole('heading', { level: 1, name: 'Design que vende' })).toBeInTheDocument();
    expect(mock.calls[0]).toMatchObject({ method: 'GET', url: '/public/article/42/design-que-vende' });
    expect(screen.getByText('menos de 1 min de leitura')).toBeInTheDocument();
    expect(screen.getByText('Publicado em 10 de março de 2025')).toBeInTheDocument();
    const byline = screen.getByRole('link', { name: 'Por Ana Souza' });
    expect(byline).toHaveAttribute('href', `/profile/${author.unique_key}/7`);
    expect(screen.getByRole('link', { name: 'Ana Souza' })).toHaveAttribute('href', `/profile/${author.unique_key}/7`);
    const cover = container.querySelector('.vt-post__cover img')!;
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('srcset');
    expect(cover).toHaveAttribute('sizes');
    expect(container.querySelector('.vt-prose')!.innerHTML).toBe('<p>Um texto curto sobre design.</p>');
    expect(screen.getByRole('heading', { name: 'Outro artigo' })).toBeInTheDocument();
    // The newsletter after the article and its author, before the related articles; it asks nothing until used.
    const newsletter = screen.getByRole('region', { name: 'Receba a newsletter semanal' });
    expect(screen.getByRole('complementary', { name: 'Ana Souza' }).compareDocumentPosition(newsletter) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(newsletter.compareDocumentPosition(screen.getByRole('heading', { name: 'Leia também' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Compartilhar no LinkedIn' }).getAttribute('href')).toContain(
      encodeURIComponent('http://localhost/post/design-que-vende/42'),
    );
    expect(mock.calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ url: '/public/article/42/read' })]);
  });

  it('replaces a renamed article URL with the canonical one, loading and counting once', async () => {
    const mock = answer(() => ok({ article: article(), related: [] }));
    const { router } = renderPage(PostPage, ROUTE, '/post/titulo-antigo/42');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(currentUrl(router)).toBe('/post/design-que-vende/42'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(mock.calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(mock.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('uses the English wording and date in en-US', async () => {
    await setLanguage('en-US');
    answer(() => ok({ article: article({ content: `<p>${'palavra '.repeat(650)}</p>` }), related: [] }));
    renderPage(PostPage, ROUTE, '/post/design-que-vende/42');
    expect(await screen.findByText('3 min read')).toBeInTheDocument();
    expect(screen.getByText('Published on March 10, 2025')).toBeInTheDocument();
  });

  it('shows the not-found view on 404 and counts nothing', async () => {
    const mock = answer(() => ({ status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } }));
    renderPage(PostPage, ROUTE, '/post/nada/999');
    expect(await screen.findByText('Artigo não encontrado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o blog' })).toHaveAttribute('href', '/blog');
    expect(mock.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows not-found without asking the API when the URL has no id', async () => {
    const mock = answer(() => ok({}));
    renderPage(PostPage, ROUTE, '/post');
    expect(await screen.findByText('Artigo não encontrado')).toBeInTheDocument();
    expect(mock.calls).toHaveLength(0);
  });
});
