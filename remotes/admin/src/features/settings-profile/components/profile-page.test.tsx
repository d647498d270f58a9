import '../../../testing/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkNewPassword, ERROR_MESSAGES, type ChangePasswordInput, type ErrorCode, type User, type UserUpdateInput } from '@vitrine/contracts';
import { SUCCESS_MESSAGES } from '@vitrine/contracts/schemas';
import { authStore, loadTexts, setLanguage, useAuth } from '@vitrine/core';
import { formatTaxId, isValidTaxId } from '@vitrine/utils';
import { makeImage } from '../../../testing/fixtures';
import { mockHttp, ok, type HttpCall, type HttpReply } from '../../../testing/mock-http';
import { renderPage } from '../../../testing/render';
import { choose } from '../../../testing/antd';
import { cropToSquare } from '../photo-crop';
import { ProfilePage } from './profile-page';

// The cropper needs a real layout and image decoding (jsdom has neither): a stand-in frames the
// whole 800 × 800 image at once; the canvas crop is replaced by a file of the chosen area's size.
jest.mock('react-easy-crop', () => {
  const { useEffect, useRef } = jest.requireActual<typeof import('react')>('react');
  return {
    __esModule: true,
    default: function FakeCropper(props: { image: string; onCropComplete: (area: unknown, pixels: unknown) => void; cropperProps: Record<string, string> }) {
      const framed = useRef(false);
      // Once, as the real one does when the image has loaded.
      useEffect(() => {
        if (framed.current) return;
        framed.current = true;
        props.onCropComplete({ x: 0, y: 0, width: 100, height: 100 }, { x: 0, y: 0, width: 800, height: 800 });
      });
      return <div tabIndex={0} data-testid="cropper" data-image={props.image} {...props.cropperProps} />;
    },
  };
});
jest.mock('../photo-crop', () => ({
  ...jest.requireActual<typeof import('../photo-crop')>('../photo-crop'),
  cropToSquare: jest.fn(async (_src: string, area: { width: number }) => new File([`square ${area.width}`], 'photo.jpg', { type: 'image/jpeg' })),
}));

const PASSWORD = 'Atual#Senha2024';
const photo = makeImage({ id: 'ph-1', url: '/uploads/images/ph-1/640.webp', srcset: '/uploads/images/ph-1/320.webp 320w, /uploads/images/ph-1/640.webp 640w', width: 640, height: 640 });

function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    unique_key: 'u-7',
    name: 'Ana',
    last_name: 'Souza',
    email: 'ana@vitrine.test',
    position: 'Editora',
    type: 'operational',
    status: 'active',
    accesses: ['dashboard', 'article_management'],
    gender: 'female',
    phone: '+55 11 98888-7777',
    tax_id: '529.982.247-25',
    biography: 'Escrevo sobre design.',
    photo: null,
    created_at: '2026-01-10T10:00:00.000Z',
    updated_at: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

const refused = (status: number, code: ErrorCode, errors?: { property: string; message: Record<string, string> }[]): HttpReply => ({
  status,
  data: { error: true, statusCode: status, code, message: ERROR_MESSAGES[code], ...(errors ? { errors } : {}) },
});

/** The API as built, over one stored user: its rules for the own email, the tax id and the password change. */
function server(initial: User = makeUser()) {
  let stored = initial;
  let password = PASSWORD;
  return mockHttp((call: HttpCall) => {
    if (call.url === `/user/user/${stored.id}` && call.method === 'GET') return ok(stored);
    if (call.url === `/user/user/${stored.id}/${stored.unique_key}` && call.method === 'PUT') {
      const { current_password, ...body } = call.body as UserUpdateInput;
      if (body.tax_id && !isValidTaxId(body.tax_id)) return refused(400, 'VALIDATION_ERROR', [{ property: 'tax_id', message: { isTaxId: 'tax_id must be a valid CPF or CNPJ' } }]);
      if (body.email !== undefined && body.email.toLowerCase() !== stored.email) {
        if (!current_password) return refused(400, 'CURRENT_PASSWORD_REQUIRED');
        if (current_password !== password) return refused(400, 'CURRENT_PASSWORD_INCORRECT');
        if (body.email === 'taken@vitrine.test') return refused(409, 'EMAIL_ALREADY_REGISTERED');
      }
      stored = { ...stored, ...body, ...(body.tax_id ? { tax_id: formatTaxId(body.tax_id) } : {}), updated_at: '2026-02-01T10:00:00.000Z' };
      return { status: 200, data: { data: stored, message: SUCCESS_MESSAGES.USER_UPDATED } };
    }
    if (call.url === '/user/user-reset-password' && call.method === 'PUT') {
      const body = call.body as ChangePasswordInput;
      if (body.current_password && body.current_password !== password) return refused(400, 'CURRENT_PASSWORD_INCORRECT');
      const problem = checkNewPassword({ current: body.current_password, password: body.new_password, confirm: body.confirm_password }, true);
      if (problem) return refused(400, problem);
      password = body.new_password;
      return { status: 200, data: { data: stored, message: SUCCESS_MESSAGES.PASSWORD_RESET } };
    }
    if (call.url === '/upload/image' && call.method === 'POST') return { status: 201, data: { data: photo } };
    return refused(404, 'NOT_FOUND');
  });
}

/** What the shell's header shows of the session user (name, photo) and the dashboard's greeting reads (gender). */
function SessionProbe() {
  const user = useAuth((s) => s.authUser);
  return <output data-testid="session">{user ? `${user.name} ${user.last_name} · ${user.gender} · ${user.email} · ${user.photo ?? 'no photo'}` : 'signed out'}</output>;
}

const PATH = '/admin/settings-profile';
const open = () =>
  renderPage(
    PATH,
    <>
      <SessionProbe />
      <ProfilePage />
    </>,
    PATH,
  );
const puts = (calls: HttpCall[]) => calls.filter((c) => c.method === 'PUT');
/** A field's error as antd shows it (in the item's explain list). */
const errorOf = (input: HTMLElement) => input.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error');
const section = (id: 'profile-section' | 'email-section' | 'password-section') => screen.findByTestId(id);

describe('settings-profile', () => {
  let http: ReturnType<typeof server>;
  beforeEach(async () => {
    await act(() => authStore.getState().signIn(makeUser({ name: 'Ana (sessão antiga)' }), 'token-1'));
  });
  afterEach(() => {
    http.restore();
    act(() => authStore.getState().clear());
  });

  it('loads the own record (not the session copy) into the profile and email forms', async () => {
    http = server();
    open();
    const profile = await section('profile-section');
    expect(await within(profile).findByLabelText('Nome')).toHaveValue('Ana');
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /user/user/7']);
    expect(within(profile).getByLabelText('Sobrenome')).toHaveValue('Souza');
    expect(within(profile).getByRole('combobox', { name: 'Gênero' }).closest('.ant-select')).toHaveTextContent('Feminino');
    expect(within(profile).getByLabelText('Telefone')).toHaveValue('+55 11 98888-7777');
    expect(within(profile).getByLabelText('CPF ou CNPJ')).toHaveValue('529.982.247-25');
    expect(within(profile).getByLabelText('Biografia')).toHaveValue('Escrevo sobre design.');
    // No photo yet: the initials, as in the header, and a button to send one (labelled by the field).
    expect(within(profile).getByLabelText('Foto')).toHaveTextContent('Enviar foto');
    expect(within(profile).getByTestId('photo-field')).toHaveTextContent('AS');
    expect(within(profile).getByRole('button', { name: 'Salvar perfil' })).toBeDisabled();
    expect(screen.queryByTestId('profile-unsaved')).not.toBeInTheDocument();

    const email = await section('email-section');
    expect(within(email).getByLabelText('E-mail')).toHaveValue('ana@vitrine.test');
    expect(within(email).getByRole('button', { name: 'Alterar e-mail' })).toBeDisabled();
    expect(within(await section('password-section')).getByLabelText('Nova senha')).toHaveValue('');
  });

  it('says an invalid CPF on its field and sends nothing; a valid CPF or CNPJ takes its mask and is saved', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const profile = await section('profile-section');
    const taxId = await within(profile).findByLabelText('CPF ou CNPJ');
    await user.clear(taxId);
    await user.type(taxId, '123.456.789-00');
    await user.click(within(profile).getByRole('button', { name: 'Salvar perfil' }));
    await waitFor(() => expect(errorOf(taxId)).toHaveTextContent('CPF ou CNPJ inválido: confira os números.'));
    expect(puts(http.calls)).toEqual([]);

    await user.clear(taxId);
    await waitFor(() => expect(errorOf(taxId)).toHaveTextContent('O CPF/CNPJ é obrigatório.'));
    await user.type(taxId, '11222333000181');
    await user.tab();
    await waitFor(() => expect(taxId).toHaveValue('11.222.333/0001-81'));
    await waitFor(() => expect(errorOf(taxId)).toBeNull());
    await user.click(within(profile).getByRole('button', { name: 'Salvar perfil' }));
    await waitFor(() => expect(puts(http.calls).map((c) => c.body)).toEqual([{ tax_id: '11.222.333/0001-81' }]));
    expect(await screen.findByText('Perfil atualizado com sucesso.')).toBeInTheDocument();
  });

  it("shows the server's tax id refusal on its field", async () => {
    // A server stricter than the form (an id the form took): its field error lands on the field.
    http = mockHttp((call) =>
      call.method === 'PUT' ? refused(400, 'VALIDATION_ERROR', [{ property: 'tax_id', message: { isTaxId: 'tax_id must be a valid CPF or CNPJ' } }]) : ok(makeUser({ tax_id: null })),
    );
    const user = userEvent.setup({ delay: null });
    open();
    const profile = await section('profile-section');
    const taxId = await within(profile).findByLabelText('CPF ou CNPJ');
    await user.type(taxId, '529.982.247-25');
    await user.click(within(profile).getByRole('button', { name: 'Salvar perfil' }));
    await waitFor(() => expect(errorOf(taxId)).toHaveTextContent('CPF ou CNPJ inválido: confira os números.'));
    expect(taxId).toHaveValue('529.982.247-25');
    expect(screen.getByTestId('profile-unsaved')).toBeInTheDocument();
  });

  it('password: a live checklist of the policy, then the spec messages in the user language', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const form = await section('password-section');
    const current = within(form).getByLabelText('Senha atual');
    const next = within(form).getByLabelText('Nova senha');
    const confirm = within(form).getByLabelText('Confirme a nova senha');
    const checklist = within(form).getByTestId('password-checklist');
    const met = () => Object.fromEntries([...checklist.querySelectorAll('li')].map((li) => [li.dataset.check, li.dataset.met === 'true']));

    expect(checklist).toHaveTextContent('Sua senha precisa ter:');
    expect(met()).toEqual({ length: false, number: false, special: false, lowercase: false, uppercase: false, match: false });
    await user.type(next, 'abc1');
    await waitFor(() => expect(met()).toEqual({ length: false, number: true, special: false, lowercase: true, uppercase: false, match: false }));
    expect(checklist).toHaveTextContent('Sua senha é fraca');
    await user.clear(next);
    await user.type(next, 'Nova#Senha2026');
    await waitFor(() => expect(met()).toMatchObject({ length: true, number: true, special: true, lowercase: true, uppercase: true, match: false }));
    expect(checklist).toHaveTextContent('Sua senha é forte');

    // Nothing in the current password: 'All password fields must be filled', on it.
    await user.type(confirm, 'Nova#Senha2025');
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(errorOf(current)).toHaveTextContent('Todos os campos de senha devem ser preenchidos.'));

    // The two new ones differ: 'Passwords do not match', on the confirmation; nothing was sent.
    await user.type(current, PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(errorOf(confirm)).toHaveTextContent('As senhas não coincidem.'));
    await waitFor(() => expect(errorOf(current)).toBeNull());
    expect(puts(http.calls)).toEqual([]);

    // A wrong current password is the server's to say: 'Current password is incorrect', on it.
    await user.clear(confirm);
    await user.type(confirm, 'Nova#Senha2026');
    await waitFor(() => expect(met().match).toBe(true));
    await user.clear(current);
    await user.type(current, 'Errada#Senha1');
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(errorOf(current)).toHaveTextContent('A senha atual está incorreta.'));
    await waitFor(() => expect(errorOf(confirm)).toBeNull());

    await user.clear(current);
    await user.type(current, PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('Senha alterada. As suas outras sessões foram encerradas.')).toBeInTheDocument();
    expect(puts(http.calls).at(-1)).toMatchObject({ url: '/user/user-reset-password', body: { current_password: PASSWORD, new_password: 'Nova#Senha2026', confirm_password: 'Nova#Senha2026' } });
    await waitFor(() => expect(next).toHaveValue(''));
    expect(current).toHaveValue('');
    expect(confirm).toHaveValue('');
  });

  it("says the spec's password messages in English to an English-speaking user", async () => {
    http = server();
    await setLanguage('en-US');
    await loadTexts(['admin']);
    try {
      const user = userEvent.setup({ delay: null });
      const { unmount } = open();
      const form = await section('password-section');
      const current = within(form).getByLabelText('Current password');
      const confirm = within(form).getByLabelText('Confirm the new password');
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(errorOf(current)).toHaveTextContent('All password fields must be filled.'));
      await user.type(current, 'Wrong#Pass1');
      await user.type(within(form).getByLabelText('New password'), 'New#Pass2026');
      await user.type(confirm, 'New#Pass2025');
      expect(within(form).getByTestId('password-checklist')).toHaveTextContent('Your password is strong');
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(errorOf(confirm)).toHaveTextContent('Passwords do not match.'));
      await user.clear(confirm);
      await user.type(confirm, 'New#Pass2026');
      await user.click(within(form).getByRole('button', { name: 'Change password' }));
      await waitFor(() => expect(errorOf(current)).toHaveTextContent('Current password is incorrect.'));
      const profile = await section('profile-section');
      const taxId = within(profile).getByLabelText('Tax ID (CPF or CNPJ)');
      await user.type(taxId, '0');
      await waitFor(() => expect(errorOf(taxId)).toHaveTextContent('Invalid CPF or CNPJ: check the numbers.'));
      unmount();
    } finally {
      await setLanguage('pt-BR');
    }
  });

  it('email: a change without the current password is refused on that field; a wrong one is the server’s to say; the right one saves', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const form = await section('email-section');
    const email = within(form).getByLabelText('E-mail');
    const password = within(form).getByLabelText('Senha atual');
    await user.clear(email);
    await user.type(email, 'ana.souza@vitrine.test');
    await user.click(within(form).getByRole('button', { name: 'Alterar e-mail' }));
    await waitFor(() => expect(errorOf(password)).toHaveTextContent('Informe sua senha atual para alterar o e-mail.'));
    expect(puts(http.calls)).toEqual([]);

    await user.type(password, 'Errada#Senha1');
    await user.click(within(form).getByRole('button', { name: 'Alterar e-mail' }));
    await waitFor(() => expect(errorOf(password)).toHaveTextContent('A senha atual está incorreta.'));
    expect(puts(http.calls)).toHaveLength(1);
    expect(email).toHaveValue('ana.souza@vitrine.test');

    await user.clear(email);
    await user.type(email, 'taken@vitrine.test');
    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Alterar e-mail' }));
    await waitFor(() => expect(errorOf(email)).toHaveTextContent('E-mail já cadastrado.'));

    await user.clear(email);
    await user.type(email, 'ana.souza@vitrine.test');
    await user.click(within(form).getByRole('button', { name: 'Alterar e-mail' }));
    expect(await screen.findByText('E-mail alterado. Use o novo e-mail para entrar.')).toBeInTheDocument();
    expect(puts(http.calls).at(-1)?.body).toEqual({ email: 'ana.souza@vitrine.test', current_password: PASSWORD });
    await waitFor(() => expect(password).toHaveValue(''));
    expect(authStore.getState().authUser?.email).toBe('ana.souza@vitrine.test');
  });

  it('a successful save sends what changed and refreshes the session user at once (header, greeting)', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    open();
    const profile = await section('profile-section');
    const name = await within(profile).findByLabelText('Nome');
    await user.clear(name);
    await user.type(name, ' Joana ');
    await choose(user, within(profile).getByRole('combobox', { name: 'Gênero' }), 'Prefiro não informar');
    const biography = within(profile).getByLabelText('Biografia');
    await user.clear(biography);
    await user.type(biography, 'Escrevo sobre vendas.');
    expect(await screen.findByTestId('profile-unsaved')).toHaveTextContent('Alterações não salvas');
    expect(screen.getByTestId('session')).toHaveTextContent('Ana (sessão antiga) Souza · female');

    await user.click(within(profile).getByRole('button', { name: 'Salvar perfil' }));
    await waitFor(() =>
      expect(puts(http.calls).map((c) => [c.url, c.body])).toEqual([['/user/user/7/u-7', { name: 'Joana', gender: 'unspecified', biography: 'Escrevo sobre vendas.' }]]),
    );
    expect(await screen.findByText('Perfil atualizado com sucesso.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('Joana Souza · unspecified · ana@vitrine.test'));
    expect(authStore.getState().authUser).toMatchObject({ id: 7, name: 'Joana', gender: 'unspecified', biography: 'Escrevo sobre vendas.' });
    await waitFor(() => expect(name).toHaveValue('Joana'));
    expect(screen.queryByTestId('profile-unsaved')).not.toBeInTheDocument();
  });

  it('a photo is framed as a square, uploaded, shown, and saved with the profile', async () => {
    http = server();
    const createObjectURL = jest.fn(() => 'blob:chosen');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const user = userEvent.setup({ delay: null });
    open();
    const profile = await section('profile-section');
    await within(profile).findByLabelText('Nome');
    await user.upload(within(profile).getByTestId('photo-input'), new File(['big photo'], 'eu.png', { type: 'image/png' }));

    const dialog = await screen.findByRole('dialog', { name: 'Enquadrar a foto' });
    expect(within(dialog).getByRole('application', { name: 'Quadro da foto' })).toHaveAttribute('data-image', 'blob:chosen');
    expect(within(dialog).getByRole('slider')).toHaveAttribute('aria-valuenow', '1');
    await user.click(within(dialog).getByRole('button', { name: 'Usar esta foto' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enquadrar a foto' })).not.toBeInTheDocument());
    const upload = http.calls.find((c) => c.url === '/upload/image')!;
    // The crop of the framed area (the stand-in cropper framed 800 × 800), as a JPEG file.
    expect(cropToSquare).toHaveBeenCalledWith('blob:chosen', { x: 0, y: 0, width: 800, height: 800 });
    expect(upload.body).toBeInstanceOf(FormData);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:chosen');
    expect(await within(profile).findByRole('img', { name: 'Foto de Ana Souza' })).toHaveAttribute('src', photo.url);
    expect(within(profile).getByText('A nova foto vale depois que você salvar o perfil.')).toBeInTheDocument();

    await user.click(within(profile).getByRole('button', { name: 'Salvar perfil' }));
    await waitFor(() => expect(puts(http.calls).map((c) => c.body)).toEqual([{ photo: photo.url }]));
    await waitFor(() => expect(authStore.getState().authUser?.photo).toBe(photo.url));
    expect(screen.getByTestId('session')).toHaveTextContent(photo.url);

    // Removing it is a change like any other.
    await user.click(await within(profile).findByRole('button', { name: /Remover foto/ }));
    await screen.findByTestId('profile-unsaved');
    expect(within(profile).getByTestId('photo-field')).toHaveTextContent('AS');
    await user.click(within(profile).getByRole('button', { name: 'Salvar perfil' }));
    await waitFor(() => expect(puts(http.calls).at(-1)?.body).toEqual({ photo: null }));
    await waitFor(() => expect(authStore.getState().authUser?.photo).toBeNull());
  });

  it('asks before leaving with unsaved changes', async () => {
    http = server();
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    const profile = await section('profile-section');
    await user.type(await within(profile).findByLabelText('Biografia'), ' E vendas.');
    await screen.findByTestId('profile-unsaved');
    // The form tells the page in an effect: let it run before leaving.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    act(() => void router.navigate('/admin/dashboard'));
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(router.state.location.pathname).toBe(PATH);
    act(() => void router.navigate('/admin/dashboard'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sair sem salvar?' })).getByRole('button', { name: 'OK' }));
    expect(await screen.findByTestId('landed')).toBeInTheDocument();
  });
});
