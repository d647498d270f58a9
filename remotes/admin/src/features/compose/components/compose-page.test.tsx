import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_ROUTES } from '@vitrine/contracts';
import { loadTexts, setLanguage } from '@vitrine/core';
import { makeArticle, makeCategory, listPage } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { ComposePage } from './compose-page';

const draft = makeArticle();

function server(overrides: (call: HttpCall) => HttpReply | undefined = () => undefined) {
  return mockHttp((call) => {
    const reply = overrides(call);
    if (reply) return reply;
    if (call.url === '/category/categories-list') return ok(listPage([makeCategory()]));
    if (call.method === 'GET' && call.url === '/article/article/5/como-vender-mais') return ok(draft);
    if (call.method === 'PUT' && call.url === '/article/article/5/como-vender-mais') {
      return ok({ ...draft, ...(call.body as object), status: 'published', published_at: '2026-02-01T10:00:00.000Z' });
    }
    if (call.url.startsWith('/article/article-autosave/')) return ok(draft);
    return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  });
}

const articleCalls = (calls: HttpCall[]) => calls.filter((c) => c.url.startsWith('/article/'));
const openNew = () => renderPage(ADMIN_ROUTES.compose, <ComposePage />, '/admin/compose');
const openDraft = () => renderPage(ADMIN_ROUTES.compose, <ComposePage />, '/admin/compose/como-vender-mais/5');

describe('compose', () => {
  let http: ReturnType<typeof server>;
  afterEach(() => {
    http.restore();
    jest.restoreAllMocks();
  });

  it('shows every required message and sends nothing when the form is empty', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    openNew();
    await user.click(await screen.findByRole('button', { name: 'Salvar rascunho' }));

    expect(await screen.findByText('O título é obrigatório.')).toBeInTheDocument();
    expect(screen.getByText('O conteúdo é obrigatório.')).toBeInTheDocument();
    expect(screen.getByText('Escolha pelo menos uma categoria.')).toBeInTheDocument();
    expect(screen.getByText('A imagem é obrigatória.')).toBeInTheDocument();
    expect(articleCalls(http.calls)).toEqual([]);

    await user.type(screen.getByPlaceholderText('Título do artigo'), 'Um título');
    await waitFor(() => expect(screen.queryByText('O título é obrigatório.')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('O conteúdo é obrigatório.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(articleCalls(http.calls)).toEqual([]);
  });

  it('shows the required messages in English too', async () => {
    http = server();
    await setLanguage('en-US');
    await loadTexts(['admin']);
    try {
      const user = userEvent.setup({ delay: null });
      const { unmount } = openNew();
      await user.click(await screen.findByRole('button', { name: 'Save draft' }));
      expect(await screen.findByText('Title is required.')).toBeInTheDocument();
      expect(screen.getByText('Content is required.')).toBeInTheDocument();
      expect(screen.getByText('Choose at least one category.')).toBeInTheDocument();
      expect(screen.getByText('Image is required.')).toBeInTheDocument();
      unmount();
    } finally {
      await setLanguage('pt-BR');
    }
  });

  it('publishes after confirmation and offers to open the live article', async () => {
    http = server();
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup({ delay: null });
    openDraft();
    await user.click(await screen.findByRole('button', { name: 'Publicar' }));
    const confirmDialog = await screen.findByRole('dialog');
    expect(within(confirmDialog).getByText('Deseja publicar “Como vender mais”?')).toBeInTheDocument();
    await user.click(within(confirmDialog).getByRole('button', { name: 'OK' }));

    await waitFor(() =>
      expect(http.calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/article/article/5/como-vender-mais',
        body: { title: 'Como vender mais', image_id: 'img-1', category_ids: [1], status: 'published' },
      }),
    );
    const live = await screen.findByText('Seu artigo está no ar!');
    const dialog = live.closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByRole('button', { name: 'Não quero abrir o artigo' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sim, abrir o artigo' }));
    expect(open).toHaveBeenCalledWith('/post/como-vender-mais/5', '_blank', 'noopener');
  });

  it('goes back to the list when the author does not want to open the article', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = openDraft();
    await user.click(await screen.findByRole('button', { name: 'Publicar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await user.click(await screen.findByRole('button', { name: 'Não quero abrir o artigo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/list-of-articles'));
  });

  it('shows the server error through the common handler (duplicate title)', async () => {
    http = server((call) =>
      call.method === 'PUT' && call.url === '/article/article/5/como-vender-mais'
        ? { status: 409, data: { error: true, statusCode: 409, code: 'ARTICLE_TITLE_TAKEN', message: 'An article with that title already exists' } }
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    openDraft();
    await user.click(await screen.findByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findByText('Já existe um artigo com esse título.')).toBeInTheDocument();
  });

  it('autosaves a draft a moment after the title changes and says when', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    openDraft();
    const title = await screen.findByDisplayValue('Como vender mais');
    await user.type(title, ' hoje');
    expect(screen.getByTestId('save-state')).toHaveTextContent('Alterações não salvas');
    await waitFor(
      () =>
        expect(http.calls.find((c) => c.url.startsWith('/article/article-autosave/'))).toMatchObject({
          url: '/article/article-autosave/5/como-vender-mais',
          body: { title: 'Como vender mais hoje', content: '<p>Conteúdo do artigo</p>', excerpt: 'Dicas práticas' },
        }),
      { timeout: 6000 },
    );
    await waitFor(() => expect(screen.getByTestId('save-state')).toHaveTextContent(/^Salvo às \d\d:\d\d$/));
  });

  it('asks before leaving with unsaved changes', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = openNew();
    await user.type(await screen.findByPlaceholderText('Título do artigo'), 'Rascunho');
    await user.click(screen.getByRole('button', { name: 'Voltar para os artigos' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Há alterações não salvas neste artigo. Se sair agora, elas serão perdidas.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/compose');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/list-of-articles'));
  });
});
