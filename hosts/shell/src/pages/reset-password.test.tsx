import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@vitrine/core';
import { notify } from '@vitrine/ui';
import { ResetPasswordPage } from './reset-password';
import { currentUrl, label, mockHttp, renderRoute, type HttpCall, type HttpReply } from './auth/test-utils';

const LINK = '/reset-password/12/abc-DEF_123';
const STRONG = 'Nova!Senha9';

function api(overrides: Partial<Record<string, HttpReply>> = {}) {
  return mockHttp((call: HttpCall): HttpReply => {
    const key = `${call.method} ${call.url}`;
    const override = overrides[key];
    if (override) return override;
    if (key === 'GET /auth/reset-password/12/abc-DEF_123') return { status: 200, data: { data: { valid: true } } };
    if (key === 'POST /auth/reset-password') return { status: 200, data: { message: 'ok' } };
    return { status: 404, data: { code: 'NOT_FOUND', message: 'Not found' } };
  });
}

function renderReset(entry = LINK) {
  return renderRoute({ path: '/reset-password/:id?/:uniqueKey?', element: <ResetPasswordPage /> }, entry);
}

const passwordField = () => screen.getByLabelText(label(i18n.t('auth:reset.password')));
const confirmField = () => screen.getByLabelText(label(i18n.t('auth:reset.confirm')));
const submitButton = () => screen.getByRole('button', { name: i18n.t('auth:reset.submit') });
const fieldError = (input: HTMLElement) => within(input.closest('.vt-field') as HTMLElement).queryByRole('alert');
const check = (name: string) => document.querySelector(`[data-check="${name}"]`);

describe('ResetPasswordPage', () => {
  let http: ReturnType<typeof mockHttp> | undefined;

  beforeAll(() => i18n.changeLanguage('pt-BR'));
  beforeEach(() => act(() => notify.clear()));
  afterEach(() => {
    http?.restore();
    jest.restoreAllMocks();
  });

  it('updates the policy checklist live as the password is typed', async () => {
    http = api();
    const user = userEvent.setup();
    renderReset();
    await screen.findByRole('heading', { name: i18n.t('auth:reset.title') });
    const field = await screen.findByLabelText(label(i18n.t('auth:reset.password')));

    for (const name of ['length', 'number', 'special', 'lowercase', 'uppercase', 'match']) {
      expect(check(name)).toHaveAttribute('data-met', 'false');
    }
    await user.type(field, 'abc');
    expect(check('lowercase')).toHaveAttribute('data-met', 'true');
    expect(check('uppercase')).toHaveAttribute('data-met', 'false');
    await user.type(field, 'D1');
    expect(check('uppercase')).toHaveAttribute('data-met', 'true');
    expect(check('number')).toHaveAttribute('data-met', 'true');
    expect(check('length')).toHaveAttribute('data-met', 'false');
    await user.type(field, '!xyz');
    expect(check('special')).toHaveAttribute('data-met', 'true');
    expect(check('length')).toHaveAttribute('data-met', 'true');
    expect(check('match')).toHaveAttribute('data-met', 'false');
    await user.type(confirmField(), 'abcD1!xyz');
    expect(check('match')).toHaveAttribute('data-met', 'true');
  });

  it('a weak password is refused before any request', async () => {
    http = api();
    const user = userEvent.setup();
    renderReset();
    await user.type(await screen.findByLabelText(label(i18n.t('auth:reset.password'))), 'fraca123');
    await user.type(confirmField(), 'fraca123');
    await user.click(submitButton());

    expect(fieldError(passwordField())).toHaveTextContent(i18n.t('errors:passwordWeak'));
    expect(http.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('passwords that differ are refused before any request', async () => {
    http = api();
    const user = userEvent.setup();
    renderReset();
    await user.type(await screen.findByLabelText(label(i18n.t('auth:reset.password'))), STRONG);
    await user.type(confirmField(), `${STRONG}x`);
    await user.click(submitButton());

    expect(fieldError(confirmField())).toHaveTextContent(i18n.t('errors:passwordsDoNotMatch'));
    expect(http.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('empty fields ask for all password fields', async () => {
    http = api();
    const user = userEvent.setup();
    renderReset();
    await user.click(await screen.findByRole('button', { name: i18n.t('auth:reset.submit') }));
    expect(fieldError(passwordField())).toHaveTextContent(i18n.t('errors:passwordFieldsRequired'));
  });

  it('saves the new password, notifies and goes to login', async () => {
    http = api();
    const success = jest.spyOn(notify, 'success');
    const user = userEvent.setup();
    const { router } = renderReset();
    await user.type(await screen.findByLabelText(label(i18n.t('auth:reset.password'))), STRONG);
    await user.type(confirmField(), STRONG);
    await user.click(submitButton());

    await screen.findByTestId('landed');
    expect(currentUrl(router)).toBe('/login');
    expect(http.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        url: '/auth/reset-password',
        body: { id: 12, unique_key: 'abc-DEF_123', new_password: STRONG, confirm_password: STRONG },
      }),
    );
    expect(success).toHaveBeenCalledWith(i18n.t('auth:success.passwordReset'));
  });

  it('shows a refusal from the server inline and stays', async () => {
    http = api({ 'POST /auth/reset-password': { status: 400, data: { code: 'INVALID_RESET_LINK', message: 'This link is invalid or has expired' } } });
    const user = userEvent.setup();
    const { router } = renderReset();
    await user.type(await screen.findByLabelText(label(i18n.t('auth:reset.password'))), STRONG);
    await user.type(confirmField(), STRONG);
    await user.click(submitButton());

    expect(await screen.findByText(i18n.t('errors:INVALID_RESET_LINK'))).toHaveAttribute('role', 'alert');
    expect(currentUrl(router)).toBe(LINK);
  });

  it('an expired link shows the invalid-link view with a way to ask for a new one', async () => {
    http = api({ 'GET /auth/reset-password/12/abc-DEF_123': { status: 200, data: { data: { valid: false } } } });
    const user = userEvent.setup();
    const { router } = renderReset();

    expect(await screen.findByText(i18n.t('auth:reset.invalidLink'))).toBeInTheDocument();
    expect(screen.queryByLabelText(label(i18n.t('auth:reset.password')))).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: i18n.t('auth:reset.requestNewLink') }));
    expect(currentUrl(router)).toBe('/recover-password');
  });

  it('a link the server rejects (4xx) is invalid too', async () => {
    http = api({ 'GET /auth/reset-password/12/abc-DEF_123': { status: 404, data: { code: 'INVALID_RESET_LINK', message: 'x' } } });
    renderReset();
    expect(await screen.findByTestId('invalid-link')).toHaveTextContent(i18n.t('auth:reset.invalidLink'));
  });

  it.each(['/reset-password', '/reset-password/12', '/reset-password/not-a-number/abc'])('%s (missing or bad parameters) is invalid without asking the server', async (entry) => {
    http = api();
    renderReset(entry);
    expect(await screen.findByTestId('invalid-link')).toBeInTheDocument();
    expect(http.calls).toHaveLength(0);
  });

  it('a server failure while checking offers a retry instead of calling the link invalid', async () => {
    let failing = true;
    http = mockHttp(() => (failing ? { status: 503, data: { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' } } : { status: 200, data: { data: { valid: true } } }));
    const user = userEvent.setup();
    renderReset();
    expect(await screen.findByText(i18n.t('errors:SERVICE_UNAVAILABLE'))).toBeInTheDocument();
    expect(screen.queryByTestId('invalid-link')).not.toBeInTheDocument();

    failing = false;
    await user.click(screen.getByRole('button', { name: i18n.t('common:actions.retry') }));
    expect(await screen.findByLabelText(label(i18n.t('auth:reset.password')))).toBeInTheDocument();
  });
});
