import '../../../testing/setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_ROUTES, type Access, type User, type UserCreateInput, type UsersListInput, type UserUpdateInput } from '@vitrine/contracts';
import { authStore, loadTexts, setLanguage } from '@vitrine/core';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { choose, setViewport } from '../../../testing/antd';
import { UsersPage } from './users-page';

const makeUser = (overrides: Partial<User> = {}): User => ({
  id: 1,
  unique_key: 'k1',
  name: 'Marta',
  last_name: 'Gestora',
  email: 'marta@vitrine.test',
  position: 'Gerente de pessoas',
  type: 'manager',
  status: 'active',
  accesses: ['dashboard', 'user_management'],
  gender: 'female',
  phone: null,
  tax_id: null,
  biography: null,
  photo: null,
  created_at: '2026-01-03T10:00:00.000Z',
  updated_at: '2026-01-03T10:00:00.000Z',
  ...overrides,
});

/** The signed-in user: a manager holding dashboard and user management only. */
const me = makeUser();
const boss = makeUser({ id: 2, unique_key: 'k2', name: 'Ana', last_name: 'Admin', email: 'ana@vitrine.test', position: 'Diretora', type: 'admin', accesses: ['dashboard', 'article_management', 'site_editor', 'user_management', 'settings'], created_at: '2026-01-01T10:00:00.000Z' });
const carla = makeUser({ id: 3, unique_key: 'k3', name: 'Carla', last_name: 'Menezes', email: 'carla@vitrine.test', position: 'Redatora', type: 'operational', status: 'inactive', accesses: ['article_management'], phone: '+55 11 98888-7777', created_at: '2026-01-02T10:00:00.000Z' });

const refusal = (status: number, code: string, message: string): HttpReply => ({ status, data: { error: true, statusCode: status, code, message } });

/** Someone holding no access the manager lacks: the manager may change their email, with the manager's own password. */
const davi = makeUser({ id: 4, unique_key: 'k4', name: 'Davi', last_name: 'Rocha', email: 'davi@vitrine.test', position: 'Analista', type: 'operational', accesses: ['dashboard'], created_at: '2026-01-02T12:00:00.000Z' });
/** The signed-in manager's password (the server below checks it as the API does). */
const MY_PASSWORD = 'Minha#Senha2024';

/** The API's rule for someone else's email: the actor's own password confirms it (400 without it or with a wrong one). */
const confirmsEmail: Handler = (call) => {
  if (call.method !== 'PUT' || !call.url.startsWith('/user/user/')) return undefined;
  const body = call.body as UserUpdateInput;
  if (body.email === undefined) return undefined;
  if (!body.current_password) return refusal(400, 'CURRENT_PASSWORD_REQUIRED', 'Give your current password to change an email');
  if (body.current_password !== MY_PASSWORD) return refusal(400, 'CURRENT_PASSWORD_INCORRECT', 'Current password is incorrect');
  return undefined;
};

type Handler = (call: HttpCall) => HttpReply | undefined;

/** The users API over a few stored users: the list searches, filters, sorts and pages; changes are kept. */
function server(options: { users?: User[]; handle?: Handler } = {}) {
  let users = [...(options.users ?? [me, boss, carla])];
  let nextId = 10;
  const target = (url: string) => {
    const [id, key] = url.split('/').slice(-2);
    return users.find((u) => String(u.id) === id && u.unique_key === key);
  };
  return mockHttp((call: HttpCall) => {
    const custom = options.handle?.(call);
    if (custom) return custom;
    if (call.url === '/user/users-list') {
      const body = call.body as UsersListInput;
      const search = body.search?.toLowerCase();
      const sort = body.sort ?? 'created_at';
      const order = body.order ?? (sort === 'created_at' ? 'desc' : 'asc');
      const items = users
        .filter((u) => !search || `${u.name} ${u.last_name} ${u.email} ${u.position}`.toLowerCase().includes(search))
        .filter((u) => !body.type || u.type === body.type)
        .filter((u) => !body.status || u.status === body.status)
        .sort((a, b) => String(a[sort]).localeCompare(String(b[sort])) * (order === 'asc' ? 1 : -1));
      const limit = body.limit ?? 10;
      const page = body.page ?? 1;
      return ok({ items: items.slice((page - 1) * limit, page * limit), total: items.length, page, limit });
    }
    if (call.url === '/user/user' && call.method === 'POST') {
      const { created_by: _by, created_by_unique_key: _key, ...input } = call.body as UserCreateInput;
      const user = makeUser({ ...input, id: nextId, unique_key: `k${nextId}`, status: 'first-access', created_at: '2026-02-01T10:00:00.000Z' });
      nextId += 1;
      users = [...users, user];
      return { status: 201, data: { data: { user, temporary_password: 'Tmp#Senha2026' }, message: 'User created successfully' } };
    }
    const user = target(call.url);
    if (!user) return refusal(404, 'USER_NOT_FOUND', 'User not found');
    if (call.method === 'DELETE') {
      users = users.filter((u) => u.id !== user.id);
      return { status: 200, data: { message: 'User deleted successfully' } };
    }
    const changed = call.url.startsWith('/user/user-change-status/')
      ? { ...user, status: (call.body as { status: User['status'] }).status }
      : { ...user, ...(call.body as UserUpdateInput) };
    users = users.map((u) => (u.id === user.id ? (changed as User) : u));
    return ok(changed);
  });
}

const PATH = '/admin/users';
const open = (entry = PATH) => renderPage(PATH, <UsersPage />, entry);
const listCalls = (calls: HttpCall[]) => calls.filter((c) => c.url === '/user/users-list');
const writes = (calls: HttpCall[]) => calls.filter((c) => c.url !== '/user/users-list');
const rowOf = (name: string) => screen.getByText(name, { selector: '.vt-users__name > span' }).closest('tr')!;
const names = () => [...document.querySelectorAll('.vt-users__name > span:first-child')].map((el) => el.textContent);
/** The open dialog (drawer, confirmation…) whose text has `text`. */
const dialogWith = (text: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(text));
    expect(found).toBeDefined();
    return found!;
  });
const errorOf = (input: HTMLElement) => input.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error');
const urlOf = (router: ReturnType<typeof open>['router']) => new URLSearchParams(router.state.location.search);

/** The side panel, once open with `title` (antd's ids are all 'test-id' under jest, so no accessible name to find it by). */
const drawerTitled = (title: string) =>
  waitFor(() => {
    const panel = within(screen.getByTestId('user-form-drawer')).getByRole('dialog');
    expect(panel.querySelector('.ant-drawer-title')).toHaveTextContent(title);
    return panel;
  });

const checked = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('group', { name: 'Acessos' }))
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')!.textContent);

describe('users', () => {
  let http: ReturnType<typeof server>;
  const media = window.matchMedia;
  beforeEach(() => {
    setViewport(1280);
    authStore.setState({
      authUser: me,
      authToken: 'token',
      roles: (['dashboard', 'user_management'] as Access[]).map((name) => ({ name, active_routes: [...ACCESS_ROUTES[name]] })),
    });
  });
  afterEach(() => {
    http.restore();
    window.matchMedia = media;
    authStore.setState({ authUser: null, authToken: null, roles: [] });
  });

  it('lists the users 10 per page, newest first, with type, status, creation date and a "You" tag on one’s own row', async () => {
    http = server();
    open();
    await screen.findByText('Carla Menezes');
    expect(listCalls(http.calls)[0]!.body).toEqual({ page: 1, limit: 10 });
    expect(names()).toEqual(['Marta Gestora', 'Carla Menezes', 'Ana Admin']);
    expect(screen.getByText('3 usuários')).toBeInTheDocument();

    const mine = rowOf('Marta Gestora');
    expect(within(mine).getByText('Você')).toBeInTheDocument();
    expect(within(mine).getByText('Gerente de pessoas')).toBeInTheDocument();
    const row = rowOf('Carla Menezes');
    expect(within(row).queryByText('Você')).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'carla@vitrine.test' })).toHaveAttribute('href', 'mailto:carla@vitrine.test');
    expect(within(row).getByText('Operacional')).toBeInTheDocument();
    expect(within(row).getByText('Inativo')).toBeInTheDocument();
    expect(within(row).getByText('02/01/2026')).toBeInTheDocument();
  });

  it('keeps the search (debounced), the filters, the sort and the page in the URL, and asks the server for them', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await screen.findByText('Carla Menezes');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nome, e-mail ou cargo' }), 'carla');
    // One request for the rested text, not one per key.
    await waitFor(() => expect(listCalls(http.calls).at(-1)!.body).toEqual({ search: 'carla', page: 1, limit: 10 }));
    expect(listCalls(http.calls)).toHaveLength(2);
    expect(urlOf(router).get('q')).toBe('carla');
    await waitFor(() => expect(names()).toEqual(['Carla Menezes']));

    await choose(user, screen.getByRole('combobox', { name: 'Filtrar por status' }), 'Inativo');
    await choose(user, screen.getByRole('combobox', { name: 'Ordenar' }), 'Nome (A–Z)');
    await waitFor(() => expect(listCalls(http.calls).at(-1)!.body).toEqual({ search: 'carla', status: 'inactive', sort: 'name', page: 1, limit: 10 }));
    expect(router.state.location.search).toBe('?q=carla&status=inactive&sort=name');

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
    expect(screen.getByRole('searchbox', { name: 'Buscar por nome, e-mail ou cargo' })).toHaveValue('');
    await waitFor(() => expect(names()).toEqual(['Ana Admin', 'Carla Menezes', 'Marta Gestora']));
  });

  it('opens the view a shared link describes', async () => {
    http = server();
    open(`${PATH}?q=vitrine&type=operational&sort=email&order=desc&page=2&limit=20`);
    await waitFor(() => expect(listCalls(http.calls)[0]?.body).toEqual({ search: 'vitrine', type: 'operational', sort: 'email', order: 'desc', page: 2, limit: 20 }));
    expect(screen.getByRole('searchbox', { name: 'Buscar por nome, e-mail ou cargo' })).toHaveValue('vitrine');
    expect(screen.getByTestId('users-filters')).toHaveTextContent('Operacional');
    expect(screen.getByTestId('users-filters')).toHaveTextContent('E-mail (Z–A)');
    // Page 2 is empty (one match): the page before is shown.
    await screen.findByText('Carla Menezes');
  });

  it('adds a user: the type proposes its accesses, those not held stay disabled, then the first-access credentials are shown once, to copy', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Menezes');
    await user.click(screen.getByRole('button', { name: /Adicionar usuário/ }));
    const drawer = await drawerTitled('Adicionar usuário');

    // Required fields, in the user's language.
    await user.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('O nome é obrigatório.')).toBeInTheDocument();
    expect(within(drawer).getByText('O e-mail é obrigatório.')).toBeInTheDocument();
    expect(writes(http.calls)).toEqual([]);

    // The manager holds dashboard and user management: the other accesses are disabled, saying why.
    const settings = within(drawer).getByRole('checkbox', { name: 'Configurações' });
    expect(settings).toBeDisabled();
    expect(settings).toHaveAccessibleDescription(/Acessos que você não possui aparecem desativados/);
    expect(within(drawer).getByRole('checkbox', { name: 'Painel' })).toBeEnabled();
    // Operational (the first type) proposes dashboard and article management: only dashboard may be granted here.
    expect(checked(drawer)).toEqual(['Painel']);
    await choose(user, within(drawer).getByRole('combobox', { name: 'Tipo' }), 'Gerente');
    expect(checked(drawer)).toEqual(['Painel', 'Gestão de usuários']);
    // Only an admin makes someone an admin.
    await user.click(within(drawer).getByRole('combobox', { name: 'Tipo' }));
    const admin = (await screen.findAllByTitle('Administrador')).at(-1)!;
    expect(admin).toHaveClass('ant-select-item-option-disabled');
    await user.keyboard('{Escape}');
    // What stays checked is what is saved.
    await user.click(within(drawer).getByRole('checkbox', { name: 'Gestão de usuários' }));

    await user.type(within(drawer).getByLabelText('Nome'), ' Bruno ');
    await user.type(within(drawer).getByLabelText('Sobrenome'), 'Lima');
    await user.type(within(drawer).getByLabelText('E-mail'), 'bruno@vitrine');
    await user.type(within(drawer).getByLabelText('Cargo'), 'Coordenador');
    await user.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('Endereço de e-mail inválido')).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('E-mail'), '.test');
    await user.click(within(drawer).getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(writes(http.calls).map((c) => [c.method, c.url, c.body])).toEqual([
        [
          'POST',
          '/user/user',
          {
            name: 'Bruno',
            last_name: 'Lima',
            email: 'bruno@vitrine.test',
            position: 'Coordenador',
            type: 'manager',
            accesses: ['dashboard'],
            gender: 'unspecified',
            created_by: 1,
            created_by_unique_key: 'k1',
          },
        ],
      ]),
    );
    const dialog = await dialogWith('Credenciais de primeiro acesso');
    expect(screen.getByText('Usuário criado com sucesso.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Envie estes dados para Bruno Lima/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('credentials-email')).toHaveTextContent('bruno@vitrine.test');
    expect(within(dialog).getByTestId('credentials-password')).toHaveTextContent('Tmp#Senha2026');
    await user.click(within(dialog).getByRole('button', { name: /Copiar credenciais/ }));
    expect(await navigator.clipboard.readText()).toBe(
      `Endereço de acesso: ${window.location.origin}/login\nE-mail: bruno@vitrine.test\nSenha temporária: Tmp#Senha2026`,
    );
    expect(await screen.findByText('Credenciais copiadas')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByTestId('credentials-password')).not.toBeInTheDocument());
    expect(await screen.findByText('Bruno Lima')).toBeInTheDocument();
    expect(within(rowOf('Bruno Lima')).getByText('Primeiro acesso')).toBeInTheDocument();
  });

  it('says the server’s refusals in the user’s language: a taken email on its field, an admin-only change above the form', async () => {
    http = server({
      handle: (call) => {
        if (call.url === '/user/user' && call.method === 'POST') return refusal(409, 'EMAIL_ALREADY_REGISTERED', 'Email already registered');
        if (call.url === '/user/user/3/k3' && call.method === 'PUT') return refusal(403, 'ADMIN_ONLY', 'Only an administrator can change an administrator');
        return undefined;
      },
    });
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Menezes');
    await user.click(screen.getByRole('button', { name: /Adicionar usuário/ }));
    let drawer = await drawerTitled('Adicionar usuário');
    await user.type(within(drawer).getByLabelText('Nome'), 'Carla');
    await user.type(within(drawer).getByLabelText('Sobrenome'), 'Outra');
    await user.type(within(drawer).getByLabelText('E-mail'), 'carla@vitrine.test');
    await user.type(within(drawer).getByLabelText('Cargo'), 'Redatora');
    await user.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByText('E-mail já cadastrado.')).toBeInTheDocument();
    expect(screen.queryByTestId('credentials-password')).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Cancelar' }));

    await user.click(within(rowOf('Carla Menezes')).getByRole('button', { name: 'Editar Carla Menezes' }));
    drawer = await drawerTitled('Editar usuário');
    expect(within(drawer).getByLabelText('Nome')).toHaveValue('Carla');
    expect(within(drawer).getByLabelText('Telefone')).toHaveValue('+55 11 98888-7777');
    await user.clear(within(drawer).getByLabelText('Cargo'));
    await user.type(within(drawer).getByLabelText('Cargo'), 'Editora');
    await user.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    expect(await within(drawer).findByTestId('user-form-error')).toHaveTextContent('Somente um administrador pode alterar um administrador.');
    expect(writes(http.calls).at(-1)!.body).toEqual({ position: 'Editora' });
  });

  it('someone else’s email: a changed one asks for “Your password”, sends it as current_password and says its refusals on the fields', async () => {
    http = server({ users: [me, boss, carla, davi], handle: confirmsEmail });
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Davi Rocha');
    await user.click(within(rowOf('Davi Rocha')).getByRole('button', { name: 'Editar Davi Rocha' }));
    const drawer = await drawerTitled('Editar usuário');
    const email = within(drawer).getByLabelText('E-mail');
    // Asked only once the email changed.
    expect(within(drawer).queryByLabelText('Sua senha')).not.toBeInTheDocument();
    await user.clear(within(drawer).getByLabelText('Cargo'));
    await user.type(within(drawer).getByLabelText('Cargo'), 'Coordenador');
    expect(within(drawer).queryByLabelText('Sua senha')).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'davi.rocha@vitrine.test');
    const password = await within(drawer).findByLabelText('Sua senha');
    expect(within(drawer).getByText(/confirme com a sua própria senha\. O endereço antigo recebe um aviso/)).toBeInTheDocument();

    // Without it, the form says so and sends nothing.
    await user.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(password)).toHaveTextContent('Informe sua senha atual para alterar o e-mail.'));
    expect(writes(http.calls)).toEqual([]);

    // A wrong one is the server's to say, on the same field.
    await user.type(password, 'Errada#Senha1');
    await user.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(password)).toHaveTextContent('A senha atual está incorreta.'));
    expect(writes(http.calls).map((c) => c.body)).toEqual([{ position: 'Coordenador', email: 'davi.rocha@vitrine.test', current_password: 'Errada#Senha1' }]);

    await user.clear(password);
    await user.type(password, MY_PASSWORD);
    await user.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(writes(http.calls).at(-1)!.body).toEqual({ position: 'Coordenador', email: 'davi.rocha@vitrine.test', current_password: MY_PASSWORD }));
    expect(await screen.findByText('Usuário atualizado com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Davi Rocha')).getByText('davi.rocha@vitrine.test')).toBeInTheDocument());

    // Opened again: the email is the stored one, no password asked; typing the same address in another case is no change.
    await user.click(within(rowOf('Davi Rocha')).getByRole('button', { name: 'Editar Davi Rocha' }));
    const again = await drawerTitled('Editar usuário');
    await waitFor(() => expect(within(again).getByLabelText('E-mail')).toHaveValue('davi.rocha@vitrine.test'));
    expect(within(again).queryByLabelText('Sua senha')).not.toBeInTheDocument();
    await user.clear(within(again).getByLabelText('E-mail'));
    await user.type(within(again).getByLabelText('E-mail'), 'DAVI.ROCHA@vitrine.test');
    await waitFor(() => expect(within(again).queryByLabelText('Sua senha')).not.toBeInTheDocument());
  });

  it('someone holding an access the manager lacks: the email is locked saying why, and the API’s 403 lands on the email field', async () => {
    // The screen last saw Davi with the manager's accesses; meanwhile an admin gave him settings.
    http = server({
      users: [me, boss, carla, davi],
      handle: (call) =>
        call.method === 'PUT' && call.url === '/user/user/4/k4' && (call.body as UserUpdateInput).email !== undefined
          ? refusal(403, 'TARGET_ACCESS_NOT_HELD', 'This user holds an access you do not hold')
          : undefined,
    });
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Menezes');

    // Carla holds article management, which the manager does not.
    await user.click(within(rowOf('Carla Menezes')).getByRole('button', { name: 'Editar Carla Menezes' }));
    let drawer = await drawerTitled('Editar usuário');
    expect(within(drawer).getByLabelText('E-mail')).toBeDisabled();
    expect(within(drawer).getByText('Somente um administrador ou quem possui todos os acessos desta pessoa pode alterar o e-mail dela.')).toBeInTheDocument();
    // Her other fields stay editable.
    expect(within(drawer).getByLabelText('Cargo')).toBeEnabled();
    await user.click(within(drawer).getByRole('button', { name: 'Cancelar' }));

    await user.click(within(rowOf('Davi Rocha')).getByRole('button', { name: 'Editar Davi Rocha' }));
    drawer = await drawerTitled('Editar usuário');
    const email = within(drawer).getByLabelText('E-mail');
    await waitFor(() => expect(email).toHaveValue('davi@vitrine.test'));
    expect(email).toBeEnabled();
    await user.clear(email);
    await user.type(email, 'meu.email@vitrine.test');
    await user.type(await within(drawer).findByLabelText('Sua senha'), MY_PASSWORD);
    await user.click(within(drawer).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(errorOf(email)).toHaveTextContent('Esta pessoa possui um acesso que você não possui'));
    expect(screen.queryByText('Usuário atualizado com sucesso.')).not.toBeInTheDocument();
  });

  it('says the password and access refusals in English to an English-speaking manager', async () => {
    http = server({ users: [me, boss, carla, davi], handle: confirmsEmail });
    await setLanguage('en-US');
    await loadTexts(['admin']);
    try {
      const user = userEvent.setup({ delay: null });
      const { unmount } = open();
      await screen.findByText('Davi Rocha');
      await user.click(within(rowOf('Carla Menezes')).getByRole('button', { name: 'Edit Carla Menezes' }));
      let drawer = await drawerTitled('Edit user');
      expect(within(drawer).getByText("Only an administrator or someone who holds all of this person's accesses can change their email.")).toBeInTheDocument();
      await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));

      await user.click(within(rowOf('Davi Rocha')).getByRole('button', { name: 'Edit Davi Rocha' }));
      drawer = await drawerTitled('Edit user');
      const email = within(drawer).getByLabelText('Email');
      await user.clear(email);
      await user.type(email, 'davi.rocha@vitrine.test');
      const password = await within(drawer).findByLabelText('Your password');
      await user.click(within(drawer).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(errorOf(password)).toHaveTextContent('Enter your current password to change the email.'));
      await user.type(password, 'Wrong#Pass1');
      await user.click(within(drawer).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(errorOf(password)).toHaveTextContent('Current password is incorrect.'));
      unmount();
    } finally {
      await setLanguage('pt-BR');
    }
  });

  it('edits a user: only what changed is sent, a status change is confirmed first', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Menezes');
    await user.click(within(rowOf('Carla Menezes')).getByRole('button', { name: 'Editar Carla Menezes' }));
    const drawer = await drawerTitled('Editar usuário');
    await user.clear(within(drawer).getByLabelText('Telefone'));
    await choose(user, within(drawer).getByRole('combobox', { name: 'Status' }), 'Bloqueado');
    await user.click(within(drawer).getByRole('button', { name: 'Salvar' }));

    const confirm = await dialogWith('Bloquear usuário');
    expect(confirm).toHaveTextContent('Deseja bloquear Carla Menezes?');
    expect(writes(http.calls)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(writes(http.calls).map((c) => [c.method, c.url, c.body])).toEqual([
        ['PUT', '/user/user/3/k3', { phone: null }],
        ['PUT', '/user/user-change-status/3/k3', { status: 'blocked' }],
      ]),
    );
    expect(await screen.findByText('Usuário atualizado com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Carla Menezes')).getByText('Bloqueado')).toBeInTheDocument());
  });

  it('on one’s own row, status and delete are disabled saying why; an admin’s row cannot be edited by a non-admin', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Menezes');

    await user.click(within(rowOf('Marta Gestora')).getByRole('button', { name: 'Mais ações para Marta Gestora' }));
    const deactivate = await screen.findByRole('menuitem', { name: /Desativar/ });
    expect(deactivate).toHaveAttribute('aria-disabled', 'true');
    expect(deactivate).toHaveTextContent('Você não pode alterar o seu próprio status');
    const remove = screen.getByRole('menuitem', { name: /Excluir/ });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveTextContent('Você não pode excluir a si mesmo');
    await user.click(remove);
    expect(screen.queryAllByRole('dialog').filter((d) => d.textContent?.includes('Excluir usuário'))).toEqual([]);
    await user.keyboard('{Escape}');
    // One's own record is editable, but not one's own status.
    await user.click(within(rowOf('Marta Gestora')).getByRole('button', { name: 'Editar Marta Gestora' }));
    const drawer = await drawerTitled('Editar usuário');
    expect(within(drawer).getByRole('combobox', { name: 'Status' })).toBeDisabled();
    expect(within(drawer).getByText('Você não pode alterar o seu próprio status')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Cancelar' }));

    const edit = within(rowOf('Ana Admin')).getByRole('button', { name: 'Editar Ana Admin' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription('Somente um administrador pode alterar um administrador');
    expect(writes(http.calls)).toEqual([]);
  });

  it('deletes only after confirmation, and (de)activates the same way', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Menezes');

    await user.click(within(rowOf('Carla Menezes')).getByRole('button', { name: 'Mais ações para Carla Menezes' }));
    await user.click(await screen.findByRole('menuitem', { name: /Ativar/ }));
    let confirm = await dialogWith('Ativar usuário');
    expect(confirm).toHaveTextContent('Deseja ativar Carla Menezes?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryAllByRole('dialog').filter((d) => d.textContent?.includes('Ativar usuário'))).toEqual([]));
    expect(writes(http.calls)).toEqual([]);

    await user.click(within(rowOf('Carla Menezes')).getByRole('button', { name: 'Mais ações para Carla Menezes' }));
    await user.click(await screen.findByRole('menuitem', { name: /Excluir/ }));
    confirm = await dialogWith('Excluir usuário');
    expect(confirm).toHaveTextContent('Deseja excluir Carla Menezes? Esta ação não pode ser desfeita.');
    expect(writes(http.calls)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(writes(http.calls).map((c) => [c.method, c.url])).toEqual([['DELETE', '/user/user/3/k3']]));
    expect(await screen.findByText('Usuário excluído com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Carla Menezes')).not.toBeInTheDocument());
    expect(screen.getByText('2 usuários')).toBeInTheDocument();
  });

  it('at 390 px keeps the name and the actions; the rest is in the opened row', async () => {
    setViewport(390);
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByText('Carla Menezes');
    const headers = within(screen.getByTestId('users-table')).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers.filter(Boolean)).toEqual(['Nome', 'Ações']);
    const row = rowOf('Carla Menezes');
    expect(within(row).queryByText('carla@vitrine.test')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /Expandir linha/ }));
    const details = await screen.findByTestId('user-details-3');
    expect(within(details).getByRole('link', { name: 'carla@vitrine.test' })).toBeInTheDocument();
    expect(within(details).getByText('Operacional')).toBeInTheDocument();
    expect(within(details).getByText('Inativo')).toBeInTheDocument();
    expect(within(details).getByText('Gestão de artigos')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: '+55 11 98888-7777' })).toHaveAttribute('href', 'tel:+5511988887777');
  });

  it('shows a failed load with Retry', async () => {
    let fail = true;
    http = mockHttp(() => (fail ? refusal(500, 'INTERNAL_ERROR', 'Boom') : ok({ items: [], total: 0, page: 1, limit: 10 })));
    const user = userEvent.setup({ delay: null });
    open();
    const error = await screen.findByTestId('users-error');
    expect(error).toHaveTextContent('Não foi possível carregar os usuários.');
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('users-empty')).toHaveTextContent('Nenhum usuário encontrado');
  });
});
