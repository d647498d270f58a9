import '../../../testing/setup';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SeoCreateInput, SeoEntry, SeoUpdateInput, User, UserType } from '@vitrine/contracts';
import { authStore, loadTexts, setLanguage } from '@vitrine/core';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { SeoPage } from './seo-page';

const GTM_HEAD =
  "<script>(function(w,d,s,l,i){var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','GTM-X');</script>";
const GTM_BODY = '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X" height="0" width="0"></iframe></noscript>';

const gtm: SeoEntry = {
  id: 1,
  unique_key: 'k1',
  name: 'Google Tag Manager',
  head_markup: GTM_HEAD,
  body_markup: GTM_BODY,
  active: true,
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
};
const verification: SeoEntry = {
  id: 2,
  unique_key: 'k2',
  name: 'Search Console',
  head_markup: '<meta name="google-site-verification" content="abc">',
  body_markup: '',
  active: false,
  created_at: '2026-11-02T12:00:00.000Z',
  updated_at: '2026-11-03T12:00:00.000Z',
};

const validation = (errors: { property: string; message: Record<string, string> }[]): HttpReply => ({
  status: 400,
  data: { error: true, statusCode: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', errors },
});

/** The API's refusal of code in a non-admin's markup: 403 SCRIPT_MARKUP_ADMIN_ONLY, what it found per field, by kind. */
const scriptRefusal = (errors: { property: string; message: Record<string, string> }[]): HttpReply => ({
  status: 403,
  data: {
    error: true,
    statusCode: 403,
    code: 'SCRIPT_MARKUP_ADMIN_ONLY',
    message: 'Only an administrator can save markup that runs code: scripts, frames, event handlers and javascript: addresses',
    errors,
  },
});

/** The signed-in staff member (the auth store the shell shares), of the given type, with the settings access. */
function signInAs(type: UserType) {
  const user: User = {
    id: 7,
    unique_key: 'k7',
    name: 'Sara',
    last_name: 'Settings',
    email: 'sara@vitrine.test',
    position: 'Marketing',
    type,
    status: 'active',
    accesses: ['settings'],
    gender: 'female',
    phone: null,
    tax_id: null,
    biography: null,
    photo: null,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
  };
  authStore.setState({ authUser: user, authToken: 'token', roles: [{ name: 'settings', active_routes: ['settings', 'seo', 'settings-whatsapp'] }] });
}

/** The API as built, over a list it changes: POST adds (active unless said), PUT changes what it gets when id and key match. */
function server(
  initial: SeoEntry[] = [gtm, verification],
  options: { create?: (body: SeoCreateInput) => HttpReply | undefined; update?: (body: SeoUpdateInput) => HttpReply | undefined } = {},
) {
  let entries = [...initial];
  let nextId = 10;
  return mockHttp((call: HttpCall) => {
    if (call.url === '/seo/seo' && call.method === 'GET') return ok(entries);
    if (call.url === '/seo/seo' && call.method === 'POST') {
      const body = call.body as SeoCreateInput;
      const refused = options.create?.(body);
      if (refused) return refused;
      const id = nextId++;
      const entry: SeoEntry = { id, unique_key: `k${id}`, active: true, ...body, created_at: '2026-11-21T12:00:00.000Z', updated_at: '2026-11-21T12:00:00.000Z' };
      entries = [...entries, entry];
      return { status: 201, data: { data: entry, message: 'SEO entry created successfully' } };
    }
    const [, id, key] = /^\/seo\/seo\/(\d+)\/([\w-]+)$/.exec(call.url) ?? [];
    const current = entries.find((e) => e.id === Number(id) && e.unique_key === key);
    if (current && call.method === 'PUT') {
      const refused = options.update?.(call.body as SeoUpdateInput);
      if (refused) return refused;
      const entry = { ...current, ...(call.body as SeoUpdateInput), updated_at: '2026-11-22T12:00:00.000Z' };
      entries = entries.map((e) => (e.id === entry.id ? entry : e));
      return { status: 200, data: { data: entry, message: 'SEO entry updated successfully' } };
    }
    return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
  });
}

const PATH = '/admin/seo';
const open = () => renderPage(PATH, <SeoPage />, PATH);
const writes = (calls: HttpCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body]);
const rowOf = (name: string) => screen.getByText(name, { selector: '.vt-seo__name' }).closest('li')!;
const drawer = () => screen.findByTestId('seo-drawer').then((el) => el.closest('.ant-drawer') as HTMLElement);
/** The confirmation dialog (antd's Modal.confirm), not the side panel. */
const confirmation = () =>
  waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('.ant-modal-confirm');
    expect(dialog).not.toBeNull();
    return dialog!;
  });
const confirmationClosed = () => waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());

describe('seo', () => {
  let http: ReturnType<typeof server>;
  afterEach(() => http.restore());

  it('lists the entries with what they hold, on/off and when they changed, under the warning that says where the code runs', async () => {
    http = server();
    open();
    await screen.findByText('Google Tag Manager');

    const warning = screen.getByTestId('seo-warning');
    expect(warning).toHaveClass('ant-alert-warning');
    expect(warning).toHaveTextContent('Este código roda em todas as páginas públicas, para todos os visitantes');
    expect(warning).toHaveTextContent('Scripts inclusive');
    expect(within(warning).getByTestId('seo-pages')).toHaveTextContent(
      'Inserido em: início, blog, resultados da busca, artigos, perfis de autores, contato, newsletter (cancelar inscrição), página do RC Sistem I, perguntas frequentes, playground.',
    );
    expect(within(warning).getByTestId('seo-not-pages')).toHaveTextContent(
      'Nunca inserido em: entrar, recuperar senha, redefinir senha, acesso não permitido, primeiro acesso, verificação da conta, sair; nem na área administrativa, nem na página de endereço não encontrado.',
    );
    expect(screen.getByTestId('seo-summary')).toHaveTextContent('2 entradas · ativas: 1');

    const row = rowOf('Google Tag Manager');
    expect(within(row).getByText('1 script')).toBeInTheDocument();
    expect(within(row).getByText('1 <noscript>')).toBeInTheDocument();
    expect(within(row).getByText('1 <iframe>')).toBeInTheDocument();
    expect(within(row).getByText('Domínios: www.googletagmanager.com')).toBeInTheDocument();
    expect(within(row).getByText(/20\/11\/2026/)).toHaveAttribute('datetime', gtm.updated_at);
    expect(within(row).getByRole('switch', { name: 'Ativa nas páginas públicas: Google Tag Manager' })).toBeChecked();

    const off = rowOf('Search Console');
    expect(within(off).getByText('1 <meta>')).toBeInTheDocument();
    expect(within(off).getByRole('switch', { name: 'Ativa nas páginas públicas: Search Console' })).not.toBeChecked();
    expect(within(off).getByRole('button', { name: 'Editar Search Console' })).toBeInTheDocument();
    // the markup is shown, never put into the admin's page
    expect(document.querySelector('script, iframe')).toBeNull();
  });

  it('creates an entry: checks the fields, previews the markup as text (nothing runs), posts it and lists it', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Google Tag Manager');
    await user.click(screen.getByRole('button', { name: /Nova entrada/ }));
    const panel = await drawer();
    expect(within(panel).getByTestId('seo-drawer-warning')).toHaveClass('ant-alert-warning');
    expect(within(panel).getByTestId('seo-drawer-warning')).toHaveTextContent('Este código roda em todas as páginas públicas, para todos os visitantes');

    await user.click(within(panel).getByRole('button', { name: 'Salvar' }));
    expect(await within(panel).findByText('Dê um nome à entrada.')).toBeInTheDocument();
    expect(within(panel).getByText('Cole o código do <head>, do <body> ou dos dois.')).toBeInTheDocument();
    expect(writes(http.calls)).toEqual([]);

    await user.type(within(panel).getByLabelText('Nome'), '  Pixel de anúncios ');
    const head = within(panel).getByLabelText('Código no <head>');
    await user.click(head);
    const markup = '<script async src="https://ads.example.com/p.js"></script>\n<script>window.__seoRan = true;</script>\n<img src="x.gif" onerror="window.__seoRan = true">';
    await user.paste(markup);
    expect(head).toHaveValue(markup);
    expect(head.closest('textarea')).toHaveAttribute('spellcheck', 'false');

    const preview = within(panel).getByTestId('seo-preview-head');
    expect(await within(preview).findByText('2 scripts')).toBeInTheDocument();
    expect(within(preview).getByText('1 imagem')).toBeInTheDocument();
    expect(within(preview).getByText('com código próprio: 1 · carregados de um endereço: 1')).toBeInTheDocument();
    expect(within(preview).getByTestId('seo-domains-head')).toHaveTextContent('ads.example.com');
    expect(within(preview).getByText(/Não pertence ao <head>: <img>/)).toBeInTheDocument();
    expect(within(preview).getByText(/Atributos on…= \(como onload\) e endereços javascript: não rodam/)).toBeInTheDocument();
    const lines = within(preview).getByRole('list', { name: 'Código, linha a linha: No <head>' });
    expect(within(lines).getAllByRole('listitem').map((li) => li.textContent)).toEqual(markup.split('\n'));
    expect(within(panel).getByTestId('seo-preview-body')).toHaveTextContent('Nenhum código.');
    // shown as text: no element of the markup exists in the admin, none of its code ran
    expect(document.querySelector('script, img[src="x.gif"]')).toBeNull();
    expect((window as { __seoRan?: boolean }).__seoRan).toBeUndefined();

    await user.click(within(panel).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(writes(http.calls)).toEqual([['POST', '/seo/seo', { name: 'Pixel de anúncios', head_markup: markup, body_markup: '', active: true }]]),
    );
    expect(await screen.findByText('Entrada de SEO criada.')).toBeInTheDocument();
    const row = await waitFor(() => rowOf('Pixel de anúncios'));
    expect(within(row).getByRole('switch', { name: 'Ativa nas páginas públicas: Pixel de anúncios' })).toBeChecked();
    expect(screen.getByTestId('seo-summary')).toHaveTextContent('3 entradas · ativas: 2');
  });

  it('refuses markup that would swallow the rest of a page, and shows the server’s field errors on their fields', async () => {
    http = server(undefined, {
      create: () =>
        validation([
          { property: 'name', message: { isNotEmpty: 'name is required' } },
          { property: 'body_markup', message: { maxLength: 'body_markup must be shorter than or equal to 20000 characters' } },
        ]),
    });
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Google Tag Manager');
    await user.click(screen.getByRole('button', { name: /Nova entrada/ }));
    const panel = await drawer();
    await user.type(within(panel).getByLabelText('Nome'), 'Analytics');
    await user.click(within(panel).getByLabelText('Código no <head>'));
    await user.paste('<script>var a = 1;');
    await user.click(within(panel).getByRole('button', { name: 'Salvar' }));
    expect(await within(panel).findAllByText('O código abre <script> sem fechar: o resto de cada página pública seria engolido. Feche antes de salvar.')).not.toHaveLength(0);
    expect(writes(http.calls)).toEqual([]);

    await user.click(within(panel).getByLabelText('Código no <head>'));
    await user.paste('</script>');
    await user.click(within(panel).getByLabelText('Código no início do <body>'));
    await user.paste('<noscript>oi</noscript>');
    await user.click(within(panel).getByRole('button', { name: 'Salvar' }));

    expect(await within(panel).findByText('Dê um nome à entrada.')).toBeInTheDocument();
    expect(within(panel).getByText('Use no máximo 20000 caracteres.')).toBeInTheDocument();
    expect(writes(http.calls)).toHaveLength(1);
    expect(within(panel).getByLabelText('Nome')).toHaveValue('Analytics');
    expect(screen.queryByText('Entrada de SEO criada.')).not.toBeInTheDocument();
  });

  it('turns an entry off and on only after confirmation', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Google Tag Manager');
    const gtmSwitch = () => screen.getByRole('switch', { name: 'Ativa nas páginas públicas: Google Tag Manager' });

    await user.click(gtmSwitch());
    let dialog = await confirmation();
    expect(dialog).toHaveTextContent('Desativar “Google Tag Manager”?');
    expect(dialog).toHaveTextContent('O código desta entrada sai das páginas públicas assim que você confirmar.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await confirmationClosed();
    expect(writes(http.calls)).toEqual([]);
    expect(gtmSwitch()).toBeChecked();

    await user.click(gtmSwitch());
    dialog = await confirmation();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(writes(http.calls)).toEqual([['PUT', '/seo/seo/1/k1', { active: false }]]));
    expect(await screen.findByText('“Google Tag Manager” não roda mais nas páginas públicas.')).toBeInTheDocument();
    await waitFor(() => expect(gtmSwitch()).not.toBeChecked());

    await user.click(screen.getByRole('switch', { name: 'Ativa nas páginas públicas: Search Console' }));
    dialog = await confirmation();
    expect(dialog).toHaveTextContent('Ativar “Search Console”?');
    expect(dialog).toHaveTextContent('passa a rodar em todas as páginas públicas, para todos os visitantes');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(writes(http.calls)).toEqual([
      ['PUT', '/seo/seo/1/k1', { active: false }],
      ['PUT', '/seo/seo/2/k2', { active: true }],
    ]));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Ativa nas páginas públicas: Search Console' })).toBeChecked());
  });

  it('edits an entry sending only what changed, and asks before dropping unsaved changes', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Search Console');
    await user.click(screen.getByRole('button', { name: 'Editar Search Console' }));
    const panel = await drawer();
    expect(within(panel).getByText('Editar entrada de SEO')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Código no <head>')).toHaveValue(verification.head_markup);
    expect(within(panel).queryByTestId('seo-unsaved')).not.toBeInTheDocument();

    const head = within(panel).getByLabelText('Código no <head>');
    await user.clear(head);
    await user.click(head);
    await user.paste('<meta name="google-site-verification" content="xyz">');
    expect(await within(panel).findByTestId('seo-unsaved')).toHaveTextContent('Alterações não salvas');

    // Cancel with changes asks; staying keeps what was typed
    await user.click(within(panel).getByRole('button', { name: 'Cancelar' }));
    let dialog = await confirmation();
    expect(dialog).toHaveTextContent('Há alterações não salvas nesta entrada de SEO.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await confirmationClosed();
    expect(head).toHaveValue('<meta name="google-site-verification" content="xyz">');

    await user.click(within(panel).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(writes(http.calls)).toEqual([['PUT', '/seo/seo/2/k2', { head_markup: '<meta name="google-site-verification" content="xyz">' }]]),
    );
    expect(await screen.findByText('Entrada de SEO atualizada.')).toBeInTheDocument();

    // Leaving without changes does not ask
    await user.click(screen.getByRole('button', { name: 'Editar Google Tag Manager' }));
    await user.click(within(await drawer()).getByRole('button', { name: 'Cancelar' }));
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    // and a discarded edit is not saved
    await user.click(screen.getByRole('button', { name: 'Editar Google Tag Manager' }));
    await user.type(within(await drawer()).getByLabelText('Nome'), ' 2');
    await user.click(within(await drawer()).getByRole('button', { name: 'Cancelar' }));
    dialog = await confirmation();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Alterações não salvas')).not.toBeInTheDocument());
    expect(writes(http.calls)).toHaveLength(1);
  });

  it('shows the empty state with the create button, and a failed load with Retry', async () => {
    let failing = true;
    http = mockHttp(() => (failing ? { status: 500, data: { error: true, statusCode: 500, code: 'INTERNAL_ERROR', message: 'Boom' } } : ok([])));
    const user = userEvent.setup({ delay: null });
    open();
    expect(screen.getByTestId('seo-loading')).toBeInTheDocument();
    const error = await screen.findByTestId('seo-error');
    expect(error).toHaveTextContent('Não foi possível carregar as entradas de SEO.');
    expect(screen.getByTestId('seo-warning')).toBeInTheDocument();
    failing = false;
    await user.click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    const empty = await screen.findByTestId('seo-empty');
    expect(empty).toHaveTextContent('Nenhuma entrada de SEO ainda');
    await user.click(within(empty).getByRole('button', { name: /Nova entrada/ }));
    expect(await drawer()).toHaveTextContent('Nova entrada');
  });

  describe('code is an administrator’s', () => {
    // Unmounted first: signing out under a mounted drawer would re-render it outside the test.
    afterEach(() => {
      cleanup();
      authStore.setState({ authUser: null, authToken: null, roles: [] });
    });

    it('tells a non-admin beside the code fields that scripts, frames and handlers are for administrators', async () => {
      http = server();
      signInAs('marketing_director');
      const user = userEvent.setup({ delay: null });
      open();
      await screen.findByText('Google Tag Manager');
      await user.click(screen.getByRole('button', { name: /Nova entrada/ }));
      const panel = await drawer();
      const note = within(panel).getByTestId('seo-admin-only');
      expect(note).toHaveTextContent('Somente administradores podem adicionar scripts, frames e atributos de evento (on…); meta tags, links e JSON-LD podem.');
      // right above the code fields
      expect(note.compareDocumentPosition(within(panel).getByLabelText('Código no <head>')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('does not tell an administrator', async () => {
      http = server();
      signInAs('admin');
      const user = userEvent.setup({ delay: null });
      open();
      await screen.findByText('Google Tag Manager');
      await user.click(screen.getByRole('button', { name: /Nova entrada/ }));
      const panel = await drawer();
      expect(within(panel).getByTestId('seo-drawer-warning')).toBeInTheDocument();
      expect(within(panel).queryByTestId('seo-admin-only')).not.toBeInTheDocument();
    });

    it('says the API’s refusal of a script on the field that holds it, keeps what was typed, and saves once the code is gone', async () => {
      http = server(undefined, {
        create: (body) => (body.head_markup.includes('<script') ? scriptRefusal([{ property: 'head_markup', message: { script: '<script>', eventHandler: 'onerror=' } }]) : undefined),
      });
      signInAs('operational');
      const user = userEvent.setup({ delay: null });
      open();
      await screen.findByText('Google Tag Manager');
      await user.click(screen.getByRole('button', { name: /Nova entrada/ }));
      const panel = await drawer();
      await user.type(within(panel).getByLabelText('Nome'), 'Pixel');
      const head = within(panel).getByLabelText('Código no <head>');
      await user.click(head);
      const code = '<script>localStorage.getItem("vitrine-auth")</script><img src="x" onerror="x()">';
      await user.paste(code);
      await user.click(within(panel).getByRole('button', { name: 'Salvar' }));

      const error = await within(panel).findByText(/Somente um administrador pode salvar código que roda/);
      expect(error).toHaveTextContent(
        'Somente um administrador pode salvar código que roda: scripts, frames, atributos on… e endereços javascript:. Meta tags, links e JSON-LD podem. Encontrado: <script>, onerror=.',
      );
      // on the head field, which keeps the code typed; nothing was created
      expect(head.closest('.ant-form-item')).toContainElement(error);
      expect(head).toHaveValue(code);
      expect(screen.queryByText('Entrada de SEO criada.')).not.toBeInTheDocument();
      expect(screen.getByTestId('seo-summary')).toHaveTextContent('2 entradas');
      // not put in the admin either
      expect(document.querySelector('script, img[src="x"]')).toBeNull();

      await user.clear(head);
      await user.click(head);
      await user.paste('<meta name="pixel" content="1">');
      await user.click(within(panel).getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Entrada de SEO criada.')).toBeInTheDocument();
      expect(writes(http.calls).map(([method]) => method)).toEqual(['POST', 'POST']);
    });

    it('says it in the user’s language, on an edit too, and when the code ends unfinished', async () => {
      http = server(undefined, {
        update: (body) => (body.head_markup?.includes('onerror') ? scriptRefusal([{ property: 'head_markup', message: { eventHandler: 'onerror=', unclosed: 'unclosed' } }]) : undefined),
      });
      signInAs('operational');
      await setLanguage('en-US');
      await loadTexts(['admin', 'errors']);
      try {
        const user = userEvent.setup({ delay: null });
        const { unmount } = open();
        await screen.findByText('Search Console');
        await user.click(screen.getByRole('button', { name: 'Edit Search Console' }));
        const panel = await drawer();
        expect(within(panel).getByTestId('seo-admin-only')).toHaveTextContent('Only administrators can add scripts, frames and event handlers; meta tags, links and JSON-LD are fine.');
        const head = within(panel).getByLabelText('Code in the <head>');
        await user.click(head);
        await user.paste('<img src="x" onerror="x()"><');
        await user.click(within(panel).getByRole('button', { name: 'Save' }));
        const error = await within(panel).findByText(/Only an administrator can save code that runs/);
        expect(error).toHaveTextContent(
          'Only an administrator can save code that runs: scripts, frames, on… attributes and javascript: addresses. Meta tags, links and JSON-LD are fine. Found: onerror=. The code ends inside a tag, a comment or an element left open',
        );
        expect(writes(http.calls)).toEqual([['PUT', '/seo/seo/2/k2', { head_markup: `${verification.head_markup}<img src="x" onerror="x()"><` }]]);
        unmount();
      } finally {
        await setLanguage('pt-BR');
      }
    });
  });
});
