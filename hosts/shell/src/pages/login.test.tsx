import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, i18n, rememberedEmail, STORAGE_KEYS } from '@vitrine/core';
import { notify } from '@vitrine/ui';
import { LoginPage } from './login';
import { currentUrl, label, makeUser, mockHttp, renderRoute, type HttpCall, type HttpReply } from './auth/test-utils';

const PASSWORD = 'S3nha!forte';

function okLogin(user = makeUser()) {
  return (call: HttpCall): HttpReply =>
    call.url === '/auth/auth'
      ? { status: 200, data: { data: user, token: 'jwt-token-xyz', expires_at: '2030-01-01T00:00:00.000Z' } }
      : { status: 404 };
}

function renderLogin(entry = '/login') {
  return renderRoute({ path: '/login', element: <LoginPage /> }, entry);
}

const emailField = () => screen.getByLabelText(label(i18n.t('auth:login.email')));
const passwordField = () => screen.getByLabelText(label(i18n.t('auth:login.password')));
const submitButton = () => screen.getByRole('button', { name: i18n.t('auth:login.submit') });

describe('LoginPage', () => {
  let api: ReturnType<typeof mockHttp> | undefined;

  beforeAll(() => i18n.changeLanguage('pt-BR'));
  beforeEach(() => {
    localStorage.clear();
    authStore.getState().clear();
    act(() => notify.clear());
  });
  afterEach(() => {
    api?.restore();
    jest.restoreAllMocks();
  });

  it('checks the fields before sending anything', async () => {
    api = mockHttp(okLogin());
    const user = userEvent.setup();
    renderLogin();

    await user.click(submitButton());
    expect(within(emailField().closest('.vt-field') as HTMLElement).getByRole('alert')).toHaveTextContent(i18n.t('errors:required'));
    expect(within(passwordField().closest('.vt-field') as HTMLElement).getByRole('alert')).toHaveTextContent(i18n.t('errors:required'));
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');

    await user.type(emailField(), 'ana@invalid');
    await user.type(passwordField(), PASSWORD);
    await user.click(submitButton());
    expect(screen.getByText(i18n.t('errors:invalidEmail'))).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('signs in: stores the session encrypted, notifies and goes to the dashboard', async () => {
    const account = makeUser();
    api = mockHttp(okLogin(account));
    const success = jest.spyOn(notify, 'success');
    const user = userEvent.setup();
    const { router } = renderLogin();

    await user.type(emailField(), account.email);
    await user.type(passwordField(), PASSWORD);
    await user.click(submitButton());

    expect(await screen.findByTestId('landed')).toHaveTextContent('/admin/*');
    expect(currentUrl(router)).toBe('/admin/dashboard');
    expect(success).toHaveBeenCalledWith(i18n.t('auth:success.login'));
    expect(api.calls).toEqual([expect.objectContaining({ method: 'POST', url: '/auth/auth', body: { email: account.email, password: PASSWORD, remember: false } })]);
    expect(authStore.getState()).toMatchObject({ authToken: 'jwt-token-xyz', authUser: account });
    const stored = localStorage.getItem(STORAGE_KEYS.token);
    expect(stored).toBeTruthy();
    expect(stored).not.toContain('jwt-token-xyz');
    expect(localStorage.getItem(STORAGE_KEYS.user)).not.toContain(account.email);
    expect(rememberedEmail.get()).toBe('');
  });

  it('returns to the page the guard came from, only when it is an /admin path of this site', async () => {
    api = mockHttp(okLogin());
    const user = userEvent.setup();
    const { router } = renderLogin(`/login?redirect=${encodeURIComponent('/admin/users?page=2')}`);
    await user.type(emailField(), 'bruno@vitrine.com.br');
    await user.type(passwordField(), PASSWORD);
    await user.click(submitButton());
    await screen.findByTestId('landed');
    expect(currentUrl(router)).toBe('/admin/users?page=2');
  });

  it.each(['https://evil.example/admin', '//evil.example/admin', '/\\evil.example/admin', '/contact', '/administrator'])(
    'ignores the redirect %s',
    async (target) => {
      api = mockHttp(okLogin());
      const user = userEvent.setup();
      const { router } = renderLogin(`/login?redirect=${encodeURIComponent(target)}`);
      await user.type(emailField(), 'bruno@vitrine.com.br');
      await user.type(passwordField(), PASSWORD);
      await user.click(submitButton());
      await screen.findByTestId('landed');
      expect(currentUrl(router)).toBe('/admin/dashboard');
    },
  );

  it('sends a first-access user to verify the account first', async () => {
    api = mockHttp(okLogin(makeUser({ status: 'first-access', verified_at: null })));
    const user = userEvent.setup();
    const { router } = renderLogin(`/login?redirect=${encodeURIComponent('/admin/users')}`);
    await user.type(emailField(), 'bruno@vitrine.com.br');
    await user.type(passwordField(), PASSWORD);
    await user.click(submitButton());
    await screen.findByTestId('landed');
    expect(currentUrl(router)).toBe('/verify-account');
  });

  it.each([
    [401, 'INVALID_CREDENTIALS', 'Invalid credentials'],
    [400, 'INVALID_CREDENTIALS', 'Invalid credentials'],
    [403, 'ACCOUNT_BLOCKED', 'Account is blocked'],
  ])('shows a %i %s answer inline in the user language and keeps the email', async (status, code, message) => {
    api = mockHttp(() => ({ status, data: { error: true, statusCode: status, code, message } }));
    const user = userEvent.setup();
    renderLogin();

    await user.type(emailField(), 'ana@vitrine.com.br');
    await user.type(passwordField(), 'wrong-password');
    await user.click(submitButton());

    const alert = await screen.findByText(i18n.t(`errors:${code}`));
    expect(alert).toHaveAttribute('role', 'alert');
    expect(emailField()).toHaveValue('ana@vitrine.com.br');
    expect(authStore.getState().authToken).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(submitButton()).toBeEnabled();
  });

  it('disables the button while signing in', async () => {
    let answer: (reply: HttpReply) => void = () => undefined;
    api = mockHttp(() => new Promise<HttpReply>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderLogin();
    await user.type(emailField(), 'ana@vitrine.com.br');
    await user.type(passwordField(), PASSWORD);
    await user.click(submitButton());

    const busy = screen.getByRole('button', { name: i18n.t('auth:login.submitting') });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(api.calls).toHaveLength(1);
    await act(async () => answer({ status: 401, data: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } }));
    expect(submitButton()).toBeEnabled();
  });

  it('"remember password" asks for a longer session and remembers the email only', async () => {
    const account = makeUser();
    api = mockHttp(okLogin(account));
    const user = userEvent.setup();
    renderLogin();

    await user.type(emailField(), account.email);
    await user.type(passwordField(), PASSWORD);
    await user.click(screen.getByRole('checkbox', { name: i18n.t('auth:login.remember') }));
    await user.click(submitButton());
    await screen.findByTestId('landed');

    expect(api.calls[0]?.body).toEqual({ email: account.email, password: PASSWORD, remember: true });
    expect(rememberedEmail.get()).toBe(account.email);
    const everything = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`).join('\n');
    expect(everything).not.toContain(PASSWORD);
  });

  it('pre-fills a remembered email with the box ticked', () => {
    rememberedEmail.set('ana@vitrine.com.br');
    renderLogin();
    expect(emailField()).toHaveValue('ana@vitrine.com.br');
    expect(screen.getByRole('checkbox', { name: i18n.t('auth:login.remember') })).toBeChecked();
    expect(passwordField()).toHaveValue('');
  });

  it('unticking "remember" forgets the email at the next sign-in', async () => {
    rememberedEmail.set('ana@vitrine.com.br');
    api = mockHttp(okLogin());
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('checkbox', { name: i18n.t('auth:login.remember') }));
    await user.type(passwordField(), PASSWORD);
    await user.click(submitButton());
    await screen.findByTestId('landed');
    expect(rememberedEmail.get()).toBe('');
  });

  it('shows and hides the password, and links to password recovery', async () => {
    const user = userEvent.setup();
    const { router } = renderLogin();
    expect(passwordField()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: i18n.t('auth:login.showPassword') }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: i18n.t('auth:login.hidePassword') }));
    expect(passwordField()).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('link', { name: i18n.t('auth:login.forgot') }));
    expect(currentUrl(router)).toBe('/recover-password');
  });

  it('asks for the mailed code when the account had many failed sign-ins, keeps the password and sends both', async () => {
    const account = makeUser();
    let asked = 0;
    api = mockHttp((call) => {
      if (call.url !== '/auth/auth') return { status: 404 };
      const body = call.body as { code?: string };
      if (body.code === undefined) {
        asked += 1;
        return { status: 403, data: { error: true, statusCode: 403, code: 'SIGN_IN_CODE_REQUIRED', message: 'code required' } };
      }
      if (body.code !== '123456') return { status: 400, data: { error: true, statusCode: 400, code: 'INVALID_CODE', message: 'Invalid code' } };
      return { status: 200, data: { data: account, token: 'jwt-token-xyz', expires_at: '2030-01-01T00:00:00.000Z' } };
    });
    const user = userEvent.setup();
    const { router } = renderLogin();

    await user.type(emailField(), account.email);
    await user.type(passwordField(), PASSWORD);
    await user.click(submitButton());
    expect(await screen.findByText(i18n.t('errors:SIGN_IN_CODE_REQUIRED'))).toBeInTheDocument();
    expect(asked).toBe(1);
    const codeField = screen.getByLabelText(label(i18n.t('auth:login.code')));
    expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    expect(passwordField()).toHaveValue(PASSWORD);

    await user.click(submitButton());
    expect(within(codeField.closest('.vt-field') as HTMLElement).getByRole('alert')).toHaveTextContent(i18n.t('errors:required'));
    await user.type(codeField, '000000');
    await user.click(submitButton());
    expect(await screen.findByText(i18n.t('errors:INVALID_CODE'))).toBeInTheDocument();
    expect(passwordField()).toHaveValue(PASSWORD);

    await user.type(screen.getByLabelText(label(i18n.t('auth:login.code'))), '123456');
    await user.click(submitButton());
    expect(await screen.findByTestId('landed')).toHaveTextContent('/admin/*');
    expect(currentUrl(router)).toBe('/admin/dashboard');
    expect(api.calls.at(-1)).toEqual(expect.objectContaining({ body: { email: account.email, password: PASSWORD, remember: false, code: '123456' } }));
  });
});
