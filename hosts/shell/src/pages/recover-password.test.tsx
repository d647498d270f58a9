import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@vitrine/core';
import { notify } from '@vitrine/ui';
import { RecoverPasswordPage } from './recover-password';
import { currentUrl, label, mockHttp, renderRoute } from './auth/test-utils';

function renderRecover() {
  return renderRoute({ path: '/recover-password', element: <RecoverPasswordPage /> }, '/recover-password');
}
const emailField = () => screen.getByLabelText(label(i18n.t('auth:recover.email')));

describe('RecoverPasswordPage', () => {
  let http: ReturnType<typeof mockHttp> | undefined;

  beforeAll(() => i18n.changeLanguage('pt-BR'));
  beforeEach(() => act(() => notify.clear()));
  afterEach(() => http?.restore());

  it('checks the email before sending', async () => {
    http = mockHttp(() => ({ status: 200, data: {} }));
    const user = userEvent.setup();
    renderRecover();
    await user.click(screen.getByRole('button', { name: i18n.t('auth:recover.submit') }));
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('errors:required'));
    await user.type(emailField(), 'nobody@x');
    await user.click(screen.getByRole('button', { name: i18n.t('auth:recover.submit') }));
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('errors:invalidEmail'));
    expect(http.calls).toHaveLength(0);
  });

  it('sends the request and shows the same confirmation, with send again and back to login', async () => {
    http = mockHttp(() => ({ status: 200, data: { message: 'If the email exists, a link was sent' } }));
    const user = userEvent.setup();
    const { router } = renderRecover();
    await user.type(emailField(), 'ana@vitrine.com.br');
    await user.click(screen.getByRole('button', { name: i18n.t('auth:recover.submit') }));

    expect(await screen.findByRole('heading', { name: i18n.t('auth:recover.sentTitle') })).toBeInTheDocument();
    expect(screen.getByText(i18n.t('auth:recover.sentText', { email: 'ana@vitrine.com.br' }))).toBeInTheDocument();
    expect(http.calls).toEqual([expect.objectContaining({ method: 'POST', url: '/auth/recover-password', body: { email: 'ana@vitrine.com.br' } })]);

    await user.click(screen.getByRole('button', { name: i18n.t('auth:recover.resend') }));
    expect(http.calls).toHaveLength(2);
    expect(http.calls[1]?.body).toEqual({ email: 'ana@vitrine.com.br' });

    await user.click(screen.getByRole('link', { name: i18n.t('auth:recover.backToLogin') }));
    expect(currentUrl(router)).toBe('/login');
  });

  it('a failure (e.g. too many requests) is shown inline and the form stays', async () => {
    http = mockHttp(() => ({ status: 429, data: { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' } }));
    const user = userEvent.setup();
    renderRecover();
    await user.type(emailField(), 'ana@vitrine.com.br');
    await user.click(screen.getByRole('button', { name: i18n.t('auth:recover.submit') }));
    expect(await screen.findByText(i18n.t('errors:RATE_LIMITED'))).toHaveAttribute('role', 'alert');
    expect(emailField()).toHaveValue('ana@vitrine.com.br');
  });
});
