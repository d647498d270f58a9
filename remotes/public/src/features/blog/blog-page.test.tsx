import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@vitrine/core';
import { card, design, tech } from '../../testing/fixtures';
import { mockHttp, ok, renderPage } from '../../testing/render';
import { BlogPage } from './blog-page';

describe('BlogPage', () => {
  let restore: () => void;
  afterEach(() => restore());
  beforeAll(() => i18n.changeLanguage('pt-BR'));

  it('asks for the page and category of the URL and links the other pages', async () => {
    const mock = mockHttp((call) =>
      call.url === '/public/categories'
        ? ok([tech, design])
        : ok({ items: [card({ title: 'Post da página 2' })], total: 30, page: 2, limit: 12 }),
    );
    restore = mock.restore;
    renderPage(BlogPage, '/blog', '/blog?page=2&category=design');

    expect(await screen.findByRole('heading', { name: 'Post da página 2' })).toBeInTheDocument();
    expect(mock.calls.find((c) => c.url === '/public/articles')?.params).toEqual({ page: 2, limit: 12, category: 'design', lang: 'pt-BR' });
    const pages = screen.getByRole('navigation', { name: 'Paginação' });
    expect(within(pages).getByRole('link', { name: 'Página 3 de 3' })).toHaveAttribute('href', '/blog?page=3&category=design');
    expect(within(pages).getByRole('link', { name: 'Página 1 de 3' })).toHaveAttribute('href', '/blog?category=design');
    const filter = await screen.findByRole('navigation', { name: 'Filtrar por categoria' });
    expect(within(filter).getByRole('link', { name: 'Design' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('region', { name: 'Receba a newsletter semanal' })).toBeInTheDocument();
    expect(mock.calls.map((c) => c.url).sort()).toEqual(['/public/articles', '/public/categories']);
  });

  it('says so when a category has no articles', async () => {
    restore = mockHttp((call) => (call.url === '/public/categories' ? ok([]) : ok({ items: [], total: 0, page: 1, limit: 12 }))).restore;
    renderPage(BlogPage, '/blog', '/blog?category=design');
    expect(await screen.findByText('Ainda não há artigos nesta categoria.')).toBeInTheDocument();
  });

  it("introduces a category's page with its description, as the API answers it in the page's language; the blog's own subtitle elsewhere", async () => {
    const described = { ...design, description: 'Interfaces, marcas e experiências pensadas para as pessoas.' };
    const mock = mockHttp((call) => (call.url === '/public/categories' ? ok([{ ...tech, description: 'Ferramentas e dados.' }, described]) : ok({ items: [card()], total: 1, page: 1, limit: 12 })));
    restore = mock.restore;
    const first = renderPage(BlogPage, '/blog', '/blog?category=design');
    await waitFor(() => expect(screen.getByTestId('blog-lead')).toHaveTextContent('Interfaces, marcas e experiências pensadas para as pessoas.'));
    expect(mock.calls.find((c) => c.url === '/public/categories')?.params).toEqual({ lang: 'pt-BR' });
    first.unmount();
    renderPage(BlogPage, '/blog', '/blog');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Design' }).length).toBeGreaterThan(0));
    expect(screen.getByTestId('blog-lead')).toHaveTextContent(i18n.t('public:blog.subtitle'));
  });
});
