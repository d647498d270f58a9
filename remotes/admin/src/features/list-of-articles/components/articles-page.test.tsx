import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadTexts, setLanguage } from '@vitrine/core';
import { makeArticle, makeCategory, listPage } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { ArticlesPage } from './articles-page';

const draft = makeArticle();
const published = makeArticle({ id: 6, unique_key: 'ja-no-ar', title: 'Já no ar', status: 'published', reads: 42 });

function server(items = [draft, published]) {
  return mockHttp((call: HttpCall) => {
    if (call.url === '/article/articles-list') return ok(listPage(items));
    if (call.url === '/category/categories-list') return ok(listPage([makeCategory()]));
    if (call.method === 'DELETE') return { status: 204 };
    return ok(published);
  });
}

const listCalls = (calls: HttpCall[]) => calls.filter((c) => c.url === '/article/articles-list');

describe('list-of-articles', () => {
  let http: ReturnType<typeof server>;
  afterEach(() => http.restore());

  it('shows the articles with their chips, status and reads', async () => {
    http = server();
    renderPage('/admin/list-of-articles', <ArticlesPage />, '/admin/list-of-articles');
    expect(await screen.findByRole('link', { name: 'Como vender mais' })).toHaveAttribute('href', '/admin/compose/como-vender-mais/5');
    const row = screen.getByRole('link', { name: 'Já no ar' }).closest('tr')!;
    expect(within(row).getByText('Publicado')).toBeInTheDocument();
    expect(within(row).getByText('42')).toBeInTheDocument();
    expect(screen.getAllByTestId('category-chip')[0]).toHaveStyle({ color: '#ffffff', background: '#1e3a8a' });
    expect(listCalls(http.calls)[0]!.body).toEqual({ page: 1, limit: 10 });
  });

  it("shows each article's translations as language tags, in order, by state, the out-of-date ones marked", async () => {
    const translated = makeArticle({
      translations: [
        { locale: 'fr-FR', state: 'draft', out_of_date: false },
        { locale: 'en-US', state: 'published', out_of_date: true },
        { locale: 'es-ES', state: 'scheduled', out_of_date: false },
      ],
    });
    http = server([translated, published]);
    const user = userEvent.setup({ delay: null });
    renderPage('/admin/list-of-articles', <ArticlesPage />, '/admin/list-of-articles');
    const row = (await screen.findByRole('link', { name: 'Como vender mais' })).closest('tr')!;

    // Under the original's status, in the status column.
    const tags = within(within(row).getByRole('list', { name: 'Idiomas' })).getAllByRole('link');
    expect(tags.map((tag) => tag.textContent?.slice(0, 2))).toEqual(['EN', 'ES', 'FR']);
    const english = within(row).getByRole('link', { name: 'EN — Inglês: publicada — desatualizada: o original mudou depois desta tradução' });
    expect(english).toHaveAttribute('href', '/admin/compose/como-vender-mais/5?locale=en-US');
    expect(english).toHaveAttribute('data-state', 'published');
    expect(english.closest('td')).toHaveTextContent(/^Rascunho/);
    expect(english.querySelector('.vt-translation__warning')).not.toBeNull();
    const spanish = within(row).getByRole('link', { name: 'ES — Espanhol: agendada' });
    expect(spanish).toHaveAttribute('data-state', 'scheduled');
    expect(spanish.querySelector('.vt-translation__warning')).toBeNull();
    expect(within(row).getByRole('link', { name: 'FR — Francês: rascunho' })).toHaveAttribute('data-state', 'draft');

    await user.hover(english);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Inglês: publicada — desatualizada: o original mudou depois desta tradução');

    const untranslated = screen.getByRole('link', { name: 'Já no ar' }).closest('tr')!;
    expect(within(untranslated).getByTestId('translation-tags')).toHaveTextContent('Sem traduções');
  });

  it('names the language tags in English too', async () => {
    http = server([makeArticle({ translations: [{ locale: 'ht-HT', state: 'draft', out_of_date: true }] })]);
    await setLanguage('en-US');
    await loadTexts(['admin']);
    try {
      const { unmount } = renderPage('/admin/list-of-articles', <ArticlesPage />, '/admin/list-of-articles');
      const tag = await screen.findByRole('link', { name: 'HT — Haitian Creole: draft — out of date: the original changed after this translation' });
      expect(tag).toHaveAttribute('href', '/admin/compose/como-vender-mais/5?locale=ht-HT');
      expect(screen.getByRole('list', { name: 'Languages' })).toBeInTheDocument();
      unmount();
    } finally {
      await setLanguage('pt-BR');
    }
  });

  it('asks before deleting and sends the request only after OK, then refreshes', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    renderPage('/admin/list-of-articles', <ArticlesPage />, '/admin/list-of-articles');
    const row = (await screen.findByRole('link', { name: 'Como vender mais' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Excluir' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deseja excluir “Como vender mais”? Esta ação não pode ser desfeita.')).toBeInTheDocument();
    expect(http.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/article/article/5/como-vender-mais']));
    await waitFor(() => expect(listCalls(http.calls)).toHaveLength(2));
  });

  it('sends nothing when the delete is cancelled', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    renderPage('/admin/list-of-articles', <ArticlesPage />, '/admin/list-of-articles');
    const row = (await screen.findByRole('link', { name: 'Como vender mais' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Excluir' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('publishes a draft after confirmation', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    renderPage('/admin/list-of-articles', <ArticlesPage />, '/admin/list-of-articles');
    const row = (await screen.findByRole('link', { name: 'Como vender mais' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Publicar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(http.calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/article/article-change-status/5/como-vender-mais',
        body: { status: 'published' },
      }),
    );
  });

  it('debounces the search and sends it with the first page', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    renderPage('/admin/list-of-articles', <ArticlesPage />, '/admin/list-of-articles');
    await screen.findByRole('link', { name: 'Como vender mais' });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por título ou conteúdo' }), 'vender');
    await waitFor(() => expect(listCalls(http.calls).at(-1)!.body).toEqual({ page: 1, limit: 10, search: 'vender' }));
    expect(listCalls(http.calls)).toHaveLength(2);
  });

  it('shows the empty state with a way to write the first article', async () => {
    http = server([]);
    renderPage('/admin/list-of-articles', <ArticlesPage />, '/admin/list-of-articles');
    const empty = await screen.findByTestId('articles-empty');
    expect(within(empty).getByText('Nenhum artigo encontrado')).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: /Novo artigo/ })).toBeInTheDocument();
  });
});
