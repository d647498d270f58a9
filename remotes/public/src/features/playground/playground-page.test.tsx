import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { HeadContext, RouteData } from '@vitrine/contracts';
import { I18nextProvider, i18n, setLanguage } from '@vitrine/core';
import { keyParity } from '@vitrine/utils';
import { DialogHost, notify, Notifications } from '@vitrine/ui';
import { serverRoute } from '../../lib/route';
import { routes } from '../../pages';
import { mockHttp, renderPage } from '../../testing/render';
import { playground as enUS } from './locales/en-US';
import { playground as ptBR } from './locales/pt-BR';
import { PlaygroundPage } from './playground-page';
import { playgroundRoute } from './route';
import { SECTIONS } from './specimen';
import { loadPlaygroundTexts } from './texts';

const route = serverRoute(playgroundRoute, PlaygroundPage);
const PATH = '/playground';
const EMPTY: RouteData = { status: 200, entries: {} };

/** The page as the shell shows it: with the shell's one dialog host and notification region. */
function Shell() {
  return (
    <>
      <route.Component data={EMPTY} />
      <Notifications />
      <DialogHost />
    </>
  );
}

/** The playground, once its password checklist has its texts (they arrive after the first render). */
async function renderPlayground() {
  const result = renderPage(Shell, PATH, PATH);
  await screen.findByText('Sua senha precisa ter:');
  return result;
}

describe('the playground', () => {
  let restore: () => void = () => undefined;
  beforeAll(() => loadPlaygroundTexts());
  beforeEach(async () => {
    await setLanguage('pt-BR');
    restore = mockHttp(() => ({ status: 204 })).restore;
  });
  afterEach(() => {
    restore();
    act(() => notify.clear());
  });

  it('has its texts in pt-BR and en-US, with the same keys and placeholders', () => {
    expect(keyParity(ptBR, enUS)).toEqual({ missingInA: [], missingInB: [], placeholderMismatch: [], empty: [] });
  });

  it('lists every section in its table of contents and shows each one, with named specimens in their states', async () => {
    await renderPlayground();
    expect(screen.getByRole('heading', { level: 1, name: 'Playground' })).toBeInTheDocument();
    const toc = screen.getByRole('navigation', { name: 'Nesta página' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(SECTIONS.map((id) => `#pg-${id}`));
    for (const [i, id] of SECTIONS.entries()) {
      const section = document.getElementById(`pg-${id}`);
      expect(section).not.toBeNull();
      expect(screen.getByRole('region', { name: links[i]!.textContent! })).toBe(section);
      expect(within(section!).getAllByRole('figure').length).toBeGreaterThan(0);
    }
    // Buttons in every variant, size and state; the loading ones are busy and blocked.
    const buttons = within(document.getElementById('pg-buttons')!);
    for (const name of ['Primário', 'Secundário', 'Discreto', 'Excluir', 'Link', 'Pequeno', 'Médio', 'Grande', 'Largura total']) {
      expect(buttons.getAllByRole('button', { name }).length).toBeGreaterThan(0);
    }
    for (const busy of buttons.getAllByRole('button', { name: 'Salvando…' })) {
      expect(busy).toBeDisabled();
      expect(busy).toHaveAttribute('aria-busy', 'true');
    }
    for (const state of ['padrão', 'foco', 'erro', 'desabilitado', 'carregando', 'sucesso', 'interativo']) {
      expect(screen.getAllByText(state, { selector: '.vt-pg__state' }).length).toBeGreaterThan(0);
    }
    // The notices in their four tones, the logos, the public remote's newsletter block.
    for (const tone of ['success', 'info', 'warning', 'error']) expect(document.querySelector(`.vt-notice--${tone}`)).not.toBeNull();
    expect(screen.getAllByRole('img', { name: 'Vitrine' }).length).toBeGreaterThanOrEqual(4);
    expect(screen.getByRole('region', { name: 'Receba a newsletter semanal' })).toBeInTheDocument();
  });

  it('types in a field and toggles its error and disabled states', async () => {
    const user = userEvent.setup();
    await renderPlayground();
    const name = screen.getByRole('textbox', { name: 'Nome' });
    const message = screen.getByRole('textbox', { name: 'Mensagem' });
    await user.type(name, 'Ana');
    expect(name).toHaveValue('Ana');
    expect(name).toHaveAccessibleDescription('3 de 60 caracteres');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Nome é obrigatório')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Mostrar o estado de erro' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('3 de 60 caracteres Nome é obrigatório');
    expect(message).toHaveAccessibleDescription('Mensagem é obrigatória');
    expect(screen.getByText('Nome é obrigatório')).toHaveAttribute('role', 'alert');

    await user.click(screen.getByRole('checkbox', { name: 'Mostrar o estado de erro' }));
    expect(screen.queryByText('Nome é obrigatório')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Desabilitar os campos' }));
    expect(name).toBeDisabled();
    expect(message).toBeDisabled();
  });

  it('opens a confirm dialog from a button, focus inside, and says the answer once it is closed', async () => {
    const user = userEvent.setup();
    await renderPlayground();
    const opener = screen.getByRole('button', { name: 'Abrir confirmação' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Publicar o artigo agora?' });
    expect(dialog).toHaveAccessibleDescription('Ele aparece no blog assim que você confirmar.');
    expect(within(dialog).getByRole('button', { name: 'Sim, publicar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Resposta: cancelou')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(opener).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Abrir alerta' }));
    const alert = screen.getByRole('dialog', { name: 'Sessão expirada' });
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('triggers notifications from buttons', async () => {
    const user = userEvent.setup();
    await renderPlayground();
    await user.click(screen.getByRole('button', { name: 'Sucesso' }));
    await user.click(screen.getByRole('button', { name: 'Erro' }));
    expect(screen.getAllByTestId('notification').map((n) => n.textContent)).toEqual([expect.stringContaining('Artigo salvo.'), expect.stringContaining('Não foi possível salvar o artigo.')]);
    await user.click(screen.getByRole('button', { name: 'Fechar todas' }));
    expect(screen.queryAllByTestId('notification')).toEqual([]);
  });

  it("checks a typed password live, in the page's language", async () => {
    const user = userEvent.setup();
    await renderPlayground();
    const password = screen.getByLabelText('Senha');
    await user.type(password, 'abc');
    expect(screen.getByText('Sua senha é fraca')).toBeInTheDocument();
    await user.type(password, 'DEF123!');
    await user.type(screen.getByLabelText('Confirme a senha'), 'abcDEF123!');
    expect(screen.getByText('Sua senha é forte')).toBeInTheDocument();
    expect(document.querySelectorAll('.vt-check--met')).toHaveLength(6);
  });

  it("fetches its own texts with its page (the remote's route), which the other pages never load", async () => {
    i18n.removeResourceBundle('pt-BR', 'playground');
    expect(i18n.hasResourceBundle('pt-BR', 'playground')).toBe(false);
    await routes.playground.preload!();
    expect(i18n.hasResourceBundle('pt-BR', 'playground')).toBe(true);
    expect(i18n.hasResourceBundle('pt-BR', 'public')).toBe(true);
  });

  it('is never indexed: its head', () => {
    const ctx: HeadContext = { t: (key, options) => i18n.t(key, options), lang: 'pt-BR', origin: 'https://www.example.com', params: {}, search: new URLSearchParams() };
    expect(route.head(EMPTY, ctx)).toEqual({
      title: 'Playground · Vitrine',
      description: 'Os componentes de interface da Vitrine, ao vivo e em cada estado.',
      canonical: '/playground',
      type: 'website',
      index: false,
    });
  });

  it('renders on the server and hydrates without a mismatch', async () => {
    const tree = () => {
      const router = createMemoryRouter([{ path: PATH, element: <route.Component data={EMPTY} /> }], { initialEntries: [PATH] });
      return (
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      );
    };
    const html = renderToString(tree());
    expect(html).toContain('Nesta página');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = jest.fn();
    try {
      const root = await act(async () => hydrateRoot(container, tree(), { onRecoverableError: recoverable }));
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      act(() => root.unmount());
    } finally {
      errors.mockRestore();
      container.remove();
    }
  });
});
