import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, i18n, STORAGE_KEYS } from '@vitrine/core';
import { notify } from '@vitrine/ui';
import { LogoutPage } from './logout';
import { currentUrl, makeUser, mockHttp, renderRoute } from './auth/test-utils';

function renderLogout() {
  return renderRoute({ path: '/logout', element: <LogoutPage /> }, '/logout');
}

describe('LogoutPage', () => {
  let http: ReturnType<typeof mockHttp> | undefined;

  beforeAll(() => i18n.changeLanguage('pt-BR'));
  beforeEach(() => {
    localStorage.clear();
    authStore.getState().clear();
    act(() => notify.clear());
  });
  afterEach(() => {
    http?.restore();
    jest.restoreAllMocks();
  });

  it('asks, then revokes the token, clears the session, notifies and goes to login', async () => {
    authStore.getState().signIn(makeUser(), 'token-1');
    http = mockHttp(() => ({ status: 200, data: {} }));
    const success = jest.spyOn(notify, 'success');
    const user = userEvent.setup();
    const { router } = renderLogout();

    expect(screen.getByText(i18n.t('auth:logout.message'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: i18n.t('auth:logout.confirm') }));

    await screen.findByTestId('landed');
    expect(currentUrl(router)).toBe('/login');
    expect(http.calls).toEqual([expect.objectContaining({ method: 'POST', url: '/auth/auth/logout', body: { token: 'token-1' } })]);
    expect(authStore.getState().authToken).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(success).toHaveBeenCalledWith(i18n.t('auth:success.logout'));
  });

  it('signs out locally even when the server cannot be reached', async () => {
    authStore.getState().signIn(makeUser(), 'token-1');
    http = mockHttp(() => ({ status: 503 }));
    const user = userEvent.setup();
    const { router } = renderLogout();
    await user.click(screen.getByRole('button', { name: i18n.t('auth:logout.confirm') }));
    await screen.findByTestId('landed');
    expect(currentUrl(router)).toBe('/login');
    expect(authStore.getState().authToken).toBeNull();
  });

  it('cancel keeps the session and goes to the dashboard when there is nothing to go back to', async () => {
    authStore.getState().signIn(makeUser(), 'token-1');
    http = mockHttp(() => ({ status: 200, data: {} }));
    const user = userEvent.setup();
    const { router } = renderLogout();
    await user.click(screen.getByRole('button', { name: i18n.t('auth:logout.cancel') }));
    await screen.findByTestId('landed');
    expect(currentUrl(router)).toBe('/admin/dashboard');
    expect(authStore.getState().authToken).toBe('token-1');
    expect(http.calls).toHaveLength(0);
  });

  it('cancel goes back where the user came from', async () => {
    authStore.getState().signIn(makeUser(), 'token-1');
    const user = userEvent.setup();
    const { router } = renderRoute({ path: '/logout', element: <LogoutPage /> }, '/admin/users');
    await act(() => router.navigate('/logout'));
    await user.click(screen.getByRole('button', { name: i18n.t('auth:logout.cancel') }));
    expect(currentUrl(router)).toBe('/admin/users');
  });

  it('without a session goes straight to login', async () => {
    const { router } = renderLogout();
    await screen.findByTestId('landed');
    expect(currentUrl(router)).toBe('/login');
  });
});
