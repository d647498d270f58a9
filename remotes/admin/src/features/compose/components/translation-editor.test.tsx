import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_ROUTES, type ArticleTranslation } from '@vitrine/contracts';
import { loadTexts, setLanguage } from '@vitrine/core';
import { setViewport } from '../../../testing/antd';
import { listPage, makeArticle, makeCategory, makeTranslation } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { ComposePage } from './compose-page';

const ARTICLE = '/article/article/5/como-vender-mais';
const TRANSLATIONS = '/article/article-translations/5/como-vender-mais';
const translationUrl = (locale: string) => `/article/article-translation/5/como-vender-mais/${locale}`;

/** The API as far as the editor uses it: the article, its translations, and a PUT that answers what it was sent. */
function server(options: { article?: ReturnType<typeof makeArticle>; translations?: ArticleTranslation[]; reply?: (call: HttpCall) => HttpReply | undefined } = {}) {
  const article = options.article ?? makeArticle({ status: 'published', published_at: '2026-01-12T10:00:00.000Z' });
  return mockHttp((call) => {
    const reply = options.reply?.(call);
    if (reply) return reply;
    if (call.url === '/category/categories-list') return ok(listPage([makeCategory()]));
    if (call.method === 'GET' && call.url === ARTICLE) return ok(article);
    if (call.method === 'GET' && call.url === TRANSLATIONS) return ok(options.translations ?? []);
    if (call.method === 'GET' && call.url.startsWith('/article/article-revisions/')) return ok([]);
    const put = /^\/article\/article-translation\/5\/como-vender-mais\/([\w-]+)$/.exec(call.url);
    if (put && call.method === 'PUT') {
      const body = call.body as Partial<ArticleTranslation>;
      const state = body.status === 'published' ? (body.publish_at && new Date(body.publish_at) > new Date() ? 'scheduled' : 'published') : 'draft';
      return ok(makeTranslation({ ...body, locale: put[1] as ArticleTranslation['locale'], state, out_of_date: false, updated_at: '2026-01-14T10:00:00.000Z' }));
    }
    if (put && call.method === 'DELETE') return { status: 200, data: { message: 'Translation deleted' } };
    return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  });
}

const open = (locale?: string) => renderPage(ADMIN_ROUTES.compose, <ComposePage />, `/admin/compose/como-vender-mais/5${locale ? `?locale=${locale}` : ''}`);
const puts = (calls: HttpCall[]) => calls.filter((c) => c.method === 'PUT');
const pane = (locale: string) => screen.getByTestId(`translation-${locale}`);

describe('compose: translations', () => {
  let http: ReturnType<typeof server>;
  const matchMedia = window.matchMedia;
  beforeEach(() => setViewport(1366));
  afterEach(() => {
    http.restore();
    window.matchMedia = matchMedia;
  });

  it('opens the language named in the URL beside the original, and saves its draft', async () => {
    http = server({ translations: [makeTranslation()] });
    const user = userEvent.setup({ delay: null });
    open('en-US');
    const title = await screen.findByDisplayValue('How to sell more');
    expect(screen.getByRole('tab', { name: /^English \(US\) — Inglês: rascunho/, selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Español — Espanhol: sem tradução/ })).toBeInTheDocument();

    // The original's text, read only, beside it.
    const reference = within(pane('en-US')).getByTestId('original-reference');
    expect(within(reference).getByText('Como vender mais')).toBeInTheDocument();
    expect(within(reference).getByText('Conteúdo do artigo')).toBeInTheDocument();
    expect(within(pane('en-US')).getByText(/^Salva por Ana Souza em 13\/01\/2026 \d\d:\d\d$/)).toBeInTheDocument();

    await user.type(title, ' today');
    expect(within(pane('en-US')).getByTestId('translation-save-state')).toHaveTextContent('Alterações não salvas');
    expect(screen.getByRole('tab', { name: /alterações não salvas/ })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(pane('en-US')).getByRole('button', { name: 'Salvar rascunho' }));

    await waitFor(() =>
      expect(puts(http.calls)).toEqual([
        expect.objectContaining({
          url: translationUrl('en-US'),
          body: { title: 'How to sell more today', excerpt: 'Practical tips', content: '<p>The article body</p>', image_alt: '', seo_description: '', status: 'draft', publish_at: null },
        }),
      ]),
    );
    expect(await screen.findByText('Tradução salva.')).toBeInTheDocument();
    await waitFor(() => expect(within(pane('en-US')).getByTestId('translation-save-state')).toHaveTextContent(/^Salvo às \d\d:\d\d$/));
    // The original was never sent.
    expect(http.calls.some((c) => c.url === ARTICLE && c.method !== 'GET')).toBe(false);
  });

  it('publishes after confirmation (warning when the original is not live), then unpublishes', async () => {
    http = server({ article: makeArticle(), translations: [makeTranslation()] });
    const user = userEvent.setup({ delay: null });
    open('en-US');
    await screen.findByDisplayValue('How to sell more');
    await user.click(within(pane('en-US')).getByRole('button', { name: 'Publicar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deseja publicar a versão em inglês de “How to sell more”?')).toBeInTheDocument();
    expect(within(dialog).getByText(/O original em português ainda não está no ar/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(puts(http.calls).at(-1)).toMatchObject({ url: translationUrl('en-US'), body: { status: 'published', publish_at: null } }));
    expect(await screen.findByText('Tradução publicada.')).toBeInTheDocument();
    expect(within(pane('en-US')).getByText('Publicada')).toBeInTheDocument();
    expect(within(pane('en-US')).getByRole('link', { name: /Ver no site/ })).toHaveAttribute('href', '/post/como-vender-mais/5?lang=en-US');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(pane('en-US')).getByRole('button', { name: 'Despublicar' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByText(/Deseja tirar do ar a versão em inglês\?/)).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(puts(http.calls).at(-1)).toMatchObject({ url: translationUrl('en-US'), body: { title: 'How to sell more', status: 'draft' } }));
    expect(await screen.findByText('Tradução despublicada. Ela voltou a ser rascunho.')).toBeInTheDocument();
    expect(within(pane('en-US')).getByRole('button', { name: 'Publicar' })).toBeInTheDocument();
  });

  it('schedules when a future date is set', async () => {
    http = server({ translations: [makeTranslation({ locale: 'fr-FR', title: 'Comment vendre plus', publish_at: '2099-03-01T12:00:00.000Z' })] });
    const user = userEvent.setup({ delay: null });
    open('fr-FR');
    await screen.findByDisplayValue('Comment vendre plus');
    await user.click(within(pane('fr-FR')).getByRole('button', { name: 'Agendar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(puts(http.calls).at(-1)).toMatchObject({ url: translationUrl('fr-FR'), body: { status: 'published', publish_at: '2099-03-01T12:00:00.000Z' } }));
    expect(await screen.findByText(/^Tradução agendada para 01\/03\/2099/)).toBeInTheDocument();
    expect(within(pane('fr-FR')).getByText(/^Agendada para 01\/03\/2099/)).toBeInTheDocument();
  });

  it('deletes the translation after a confirmation and offers to start it again', async () => {
    http = server({ translations: [makeTranslation({ state: 'published', status: 'published' })] });
    const user = userEvent.setup({ delay: null });
    open('en-US');
    await screen.findByDisplayValue('How to sell more');
    await user.click(within(pane('en-US')).getByRole('button', { name: /Excluir tradução/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Deseja excluir a versão em inglês\? O original e os outros idiomas continuam como estão/)).toBeInTheDocument();
    expect(http.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([translationUrl('en-US')]));
    expect(await screen.findByText('Tradução excluída.')).toBeInTheDocument();
    expect(within(pane('en-US')).getByText('Este artigo ainda não tem versão em inglês.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^English \(US\) — Inglês: sem tradução/ })).toBeInTheDocument();
  });

  it("starts a missing language from the original's text and creates it as a draft", async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByDisplayValue('Como vender mais');
    await user.click(screen.getByRole('tab', { name: /^Español/ }));
    const spanish = await screen.findByTestId('translation-es-ES');
    expect(within(spanish).getByText('Este artigo ainda não tem versão em espanhol.')).toBeInTheDocument();
    await user.click(within(spanish).getByRole('button', { name: 'Traduzir a partir do original' }));
    const title = within(spanish).getByPlaceholderText('Título em espanhol');
    expect(title).toHaveValue('Como vender mais');
    await user.clear(title);
    await user.type(title, 'Cómo vender más');
    await user.click(within(spanish).getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() =>
      expect(puts(http.calls).at(-1)).toMatchObject({
        url: translationUrl('es-ES'),
        body: { title: 'Cómo vender más', excerpt: 'Dicas práticas', content: '<p>Conteúdo do artigo</p>', status: 'draft', publish_at: null },
      }),
    );
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Español — Espanhol: rascunho/ })).toBeInTheDocument());
  });

  it('says when the original changed since, and what to do; a save clears it', async () => {
    http = server({ translations: [makeTranslation({ out_of_date: true })] });
    const user = userEvent.setup({ delay: null });
    open('en-US');
    const notice = await screen.findByTestId('out-of-date');
    expect(notice).toHaveTextContent('O original mudou depois que esta tradução foi salva.');
    expect(notice).toHaveTextContent('Compare com o original ao lado, atualize o que mudou e salve.');
    expect(screen.getByRole('tab', { name: /Inglês: rascunho — desatualizada: o original mudou depois desta tradução/ })).toBeInTheDocument();

    // "The original's history" opens the original's revisions (not the translation's).
    await user.click(within(notice).getByRole('button', { name: /Histórico do original/ }));
    const drawer = await screen.findByTestId('revisions-drawer');
    expect(within(drawer).getByText('Histórico de revisões')).toBeInTheDocument();
    await waitFor(() => expect(http.calls.filter((c) => c.url.startsWith('/article/article-revisions/')).at(-1)!.params).toEqual({}));
    await user.click(within(drawer).getByRole('button', { name: /Fechar|Close/ }));

    await user.click(within(pane('en-US')).getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() => expect(screen.queryByTestId('out-of-date')).not.toBeInTheDocument());
  });

  it("lists the translation's own revisions", async () => {
    http = server({ translations: [makeTranslation()] });
    const user = userEvent.setup({ delay: null });
    open('en-US');
    await screen.findByDisplayValue('How to sell more');
    await user.click(within(pane('en-US')).getByRole('button', { name: /Histórico/ }));
    expect(await screen.findByText('Histórico de revisões da versão em inglês')).toBeInTheDocument();
    await waitFor(() =>
      expect(http.calls.filter((c) => c.url.startsWith('/article/article-revisions/')).at(-1)).toMatchObject({
        url: '/article/article-revisions/5/como-vender-mais',
        params: { locale: 'en-US' },
      }),
    );
  });

  it("puts a restored revision back into the translation, leaving the original's form alone", async () => {
    let restored = false;
    const older = makeTranslation({ title: 'How to sell more (first draft)', updated_at: '2026-01-15T10:00:00.000Z' });
    http = server({
      reply: (call) => {
        if (call.method === 'GET' && call.url === TRANSLATIONS) return ok([restored ? older : makeTranslation()]);
        if (call.method === 'GET' && call.url === '/article/article-revisions/5/como-vender-mais') {
          return ok([{ id: 33, locale: 'en-US', kind: 'save', title: older.title, excerpt: older.excerpt, content: older.content, author: { id: 1, name: 'Ana', last_name: 'Souza' }, created_at: '2026-01-13T09:00:00.000Z' }]);
        }
        if (call.method === 'POST' && call.url === '/article/article-revisions/5/como-vender-mais/33/restore') {
          restored = true;
          return ok(makeArticle({ status: 'published', published_at: '2026-01-12T10:00:00.000Z' }));
        }
        return undefined;
      },
    });
    const user = userEvent.setup({ delay: null });
    open('en-US');
    await screen.findByDisplayValue('How to sell more');
    await user.click(within(pane('en-US')).getByRole('button', { name: /Histórico/ }));
    const drawer = await screen.findByTestId('revisions-drawer');
    await user.click(await within(drawer).findByRole('button', { name: 'Restaurar' }));
    const question = (await screen.findByText(/^Deseja restaurar a revisão de/)).closest('.ant-modal') as HTMLElement;
    await user.click(within(question).getByRole('button', { name: 'OK' }));

    expect(await within(pane('en-US')).findByDisplayValue('How to sell more (first draft)')).toBeInTheDocument();
    expect(within(pane('en-US')).getByTestId('translation-save-state')).toHaveTextContent('');
    // The original's form still holds the original.
    expect(screen.getByDisplayValue('Como vender mais')).toBeInTheDocument();
  });

  it("shows the required fields' and the server's errors in the interface language (English)", async () => {
    http = server({
      translations: [makeTranslation()],
      // Every save that reaches the server is refused on its title (the first is refused in the form already).
      reply: (call) =>
        call.method === 'PUT'
          ? { status: 400, data: { error: true, statusCode: 400, code: 'VALIDATION_ERROR', message: 'Some fields are invalid', errors: [{ property: 'title', message: { isNotEmpty: 'Title is required' } }] } }
          : undefined,
    });
    await setLanguage('en-US');
    await loadTexts(['admin']);
    try {
      const user = userEvent.setup({ delay: null });
      const { unmount } = open('en-US');
      const title = await screen.findByDisplayValue('How to sell more');
      await user.clear(title);
      await user.click(within(pane('en-US')).getByRole('button', { name: 'Save draft' }));
      expect(await within(pane('en-US')).findByText('Title is required.')).toBeInTheDocument();
      expect(puts(http.calls)).toEqual([]);

      await user.type(title, 'Tricky');
      await user.click(within(pane('en-US')).getByRole('button', { name: 'Save draft' }));
      await waitFor(() => expect(puts(http.calls)).toHaveLength(1));
      // Asked again until it holds: the form's first error, cleared by the typing, can still be leaving the page
      // (antd's motion) when the server's arrives with the same words, and a node found then is gone a moment later.
      await waitFor(() => expect(within(pane('en-US')).getByText('Title is required.')).toBeInTheDocument());
      unmount();
    } finally {
      await setLanguage('pt-BR');
    }
  });

  it('asks before leaving with unsaved changes in a translation', async () => {
    http = server({ translations: [makeTranslation()] });
    const user = userEvent.setup({ delay: null });
    const { router } = open('en-US');
    await user.type(await screen.findByDisplayValue('How to sell more'), '!');
    await user.click(screen.getByRole('button', { name: 'Voltar para os artigos' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Há alterações não salvas neste artigo. Se sair agora, elas serão perdidas.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/compose/como-vender-mais/5');
  });

  it('keeps the original tab as it was: its form, with the translations offered only once the article exists', async () => {
    http = server();
    renderPage(ADMIN_ROUTES.compose, <ComposePage />, '/admin/compose');
    expect(await screen.findByPlaceholderText('Título do artigo')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Português \(original\)/, selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^English \(US\)/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Para traduzir este artigo, salve-o primeiro.')).toBeInTheDocument();
    expect(http.calls.some((c) => c.url.startsWith('/article/article-translations/'))).toBe(false);
  });
});
