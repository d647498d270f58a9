import { act, fireEvent, screen, within } from '@testing-library/react';
import { i18n } from '@vitrine/core';
import { home } from '../../testing/fixtures';
import { mockHttp, ok, renderPage, type HttpReply } from '../../testing/render';
import { HomePage } from './home-page';

describe('HomePage', () => {
  let restore: () => void;
  afterEach(() => restore());
  beforeAll(() => i18n.changeLanguage('pt-BR'));

  function answer(home: () => Promise<HttpReply> | HttpReply) {
    const mock = mockHttp((call) => (call.url === '/public/home' ? home() : ok([])));
    restore = mock.restore;
    return mock;
  }

  it('shows skeletons, then the sections with their ids, cards and tag chips', async () => {
    let release: (reply: HttpReply) => void = () => undefined;
    answer(() => new Promise<HttpReply>((resolve) => (release = resolve)));
    const { container } = renderPage(HomePage, '/', '/');

    expect(await screen.findAllByTestId('card-skeleton')).not.toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();

    await act(async () => release(ok(home())));

    const emphasis = await screen.findByRole('region', { name: 'Em destaque' });
    expect(emphasis).toHaveAttribute('id', 'emphasis');
    expect(within(emphasis).getByRole('heading', { name: 'Destaque principal' })).toBeInTheDocument();
    const cover = emphasis.querySelector('img');
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('width', '960');
    expect(cover).toHaveAttribute('height', '540');
    expect(container.querySelectorAll('img[loading="lazy"]').length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'Mais recentes' })).toHaveAttribute('id', 'recent');
    expect(screen.getByRole('region', { name: 'Mais lidos' })).toHaveAttribute('id', 'popular');
    expect(screen.getByRole('region', { name: 'Tendências' })).toHaveAttribute('id', 'tendencies');
    const tags = screen.getByRole('region', { name: 'Tags populares' });
    const chip = within(tags).getByRole('link', { name: /Tecnologia/ });
    expect(chip).toHaveAttribute('href', '/blog?category=tecnologia');
    expect(chip).toHaveStyle({ color: '#ffffff', background: '#1b2a4a' });
    expect(screen.queryAllByTestId('card-skeleton')).toHaveLength(0);
  });

  it('offers the weekly newsletter the hero promises, after the articles, without asking anything more', async () => {
    const mock = answer(() => ok(home()));
    renderPage(HomePage, '/', '/');
    const emphasis = await screen.findByRole('region', { name: 'Em destaque' });
    const newsletter = screen.getByRole('region', { name: 'Receba a newsletter semanal' });
    expect(within(newsletter).getByRole('textbox', { name: 'Seu e-mail' })).toBeInTheDocument();
    expect(emphasis.compareDocumentPosition(newsletter) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(mock.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('hides empty sections', async () => {
    answer(() => ok(home({ popular: [], tags: [] })));
    renderPage(HomePage, '/', '/');
    await screen.findByRole('region', { name: 'Em destaque' });
    expect(screen.queryByRole('region', { name: 'Mais lidos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tags populares' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry, which loads again', async () => {
    let fail = true;
    const mock = answer(() => (fail ? { status: 500, data: { error: true, message: 'boom' } } : ok(home())));
    renderPage(HomePage, '/', '/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar este conteúdo.');
    fail = false;
    await act(async () => within(alert).getByRole('button').click());
    expect(await screen.findByRole('region', { name: 'Em destaque' })).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.url === '/public/home')).toHaveLength(2);
  });

  it('submits the search box to the results page', async () => {
    answer(() => ok(home()));
    const { router } = renderPage(HomePage, '/', '/');
    const input = screen.getByRole('searchbox');
    fireEvent.change(input, { target: { value: ' design de marca ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(router.state.location.pathname).toBe('/list-article-results/design%20de%20marca');
  });
});
