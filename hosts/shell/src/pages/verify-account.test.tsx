import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, i18n } from '@vitrine/core';
import { notify } from '@vitrine/ui';
import { VerifyAccountPage } from './verify-account';
import { currentUrl, label, makeUser, mockHttp, renderRoute, type HttpCall, type HttpReply } from './auth/test-utils';

const pending = makeUser({ status: 'first-access', verified_at: null, email: 'nova@vitrine.com.br' });
const codeField = () => screen.getByLabelText(label(i18n.t('auth:verify.code')));

function renderVerify() {
  return renderRoute({ path: '/verify-account', element: <VerifyAccountPage /> }, '/verify-account');
}

describe('VerifyAccountPage', () => {
  let http: ReturnType<typeof mockHttp> | undefined;

  beforeAll(() => i18n.changeLanguage('pt-BR'));
  beforeEach(() => {
    localStorage.clear();
    authStore.getState().signIn(pending, 'token-1');
    act(() => notify.clear());
  });
  afterEach(() => {
    http?.restore();
    jest.useRealTimers();
  });

  it("shows the user's email and takes a 6-digit numeric one-time code", async () => {
    http = mockHttp(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderVerify();
    expect(screen.getByText(i18n.t('auth:verify.text', { email: pending.email }))).toBeInTheDocument();
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(codeField(), '12a3-4567');
    expect(codeField()).toHaveValue('123456');
  });

  it('an incomplete code is refused before any request', async () => {
    http = mockHttp(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderVerify();
    await user.type(codeField(), '123');
    await user.click(screen.getByRole('button', { name: i18n.t('auth:verify.submit') }));
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('errors:codeRequired'));
    expect(http.calls).toHaveLength(0);
  });

  it('verifies the code and moves on to choosing a password', async () => {
    const verified = { ...pending, verified_at: '2025-05-01T10:00:00.000Z' };
    http = mockHttp((call: HttpCall): HttpReply => (call.url === '/auth/verify-code' ? { status: 200, data: { data: verified } } : { status: 404 }));
    const user = userEvent.setup();
    const { router } = renderVerify();
    await user.type(codeField(), '654321');
    await user.click(screen.getByRole('button', { name: i18n.t('auth:verify.submit') }));

    await screen.findByTestId('landed');
    expect(currentUrl(router)).toBe('/first-access');
    expect(http.calls[0]).toEqual(expect.objectContaining({ method: 'POST', body: { email: pending.email, code: '654321' } }));
    expect(authStore.getState().authUser?.verified_at).toBe(verified.verified_at);
  });

  it.each(['INVALID_CODE', 'INVALID_CODE_OR_EMAIL', 'CODE_EXPIRED', 'TOO_MANY_ATTEMPTS'])('shows %s inline', async (code) => {
    http = mockHttp(() => ({ status: code === 'TOO_MANY_ATTEMPTS' ? 429 : 400, data: { code, message: 'x' } }));
    const user = userEvent.setup();
    const { router } = renderVerify();
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: i18n.t('auth:verify.submit') }));
    expect(await screen.findByText(i18n.t(`errors:${code}`))).toHaveAttribute('role', 'alert');
    expect(currentUrl(router)).toBe('/verify-account');
  });

  it('resend waits 60 s, sends a new code, then waits again', async () => {
    jest.useFakeTimers();
    http = mockHttp(() => ({ status: 200, data: { message: 'sent' } }));
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderVerify();

    const waiting = screen.getByRole('button', { name: i18n.t('auth:verify.resendIn', { seconds: 60 }) });
    expect(waiting).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: i18n.t('auth:verify.resendIn', { seconds: 59 }) })).toBeDisabled();
    for (let i = 0; i < 59; i += 1) act(() => jest.advanceTimersByTime(1000));

    const resend = screen.getByRole('button', { name: i18n.t('auth:verify.resend') });
    await act(() => user.click(resend));
    expect(http.calls).toEqual([expect.objectContaining({ method: 'POST', url: '/auth/resend-code', body: { email: pending.email } })]);
    expect(await screen.findByRole('button', { name: i18n.t('auth:verify.resendIn', { seconds: 60 }) })).toBeDisabled();
  });
});
