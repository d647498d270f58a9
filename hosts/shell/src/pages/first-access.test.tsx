import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, i18n } from '@vitrine/core';
import { notify } from '@vitrine/ui';
import { FirstAccessPage } from './first-access';
import { currentUrl, label, makeUser, mockHttp, renderRoute, type HttpCall, type HttpReply } from './auth/test-utils';

const STRONG = 'Minha#Senha1';

describe('FirstAccessPage', () => {
  let http: ReturnType<typeof mockHttp> | undefined;

  beforeAll(() => i18n.changeLanguage('pt-BR'));
  beforeEach(() => {
    localStorage.clear();
    authStore.getState().signIn(makeUser({ status: 'first-access', verified_at: '2025-05-01T10:00:00.000Z' }), 'token-1');
    act(() => notify.clear());
  });
  afterEach(() => http?.restore());

  it('chooses the password and goes to the dashboard with the refreshed user', async () => {
    const active = makeUser({ status: 'active' });
    http = mockHttp((call: HttpCall): HttpReply => (call.url === '/auth/first-access' ? { status: 200, data: { data: active } } : { status: 404 }));
    const user = userEvent.setup();
    const { router } = renderRoute({ path: '/first-access', element: <FirstAccessPage /> }, '/first-access');

    await user.type(screen.getByLabelText(label(i18n.t('auth:firstAccess.password'))), STRONG);
    await user.type(screen.getByLabelText(label(i18n.t('auth:firstAccess.confirm'))), STRONG);
    await user.click(screen.getByRole('button', { name: i18n.t('auth:firstAccess.submit') }));

    await screen.findByTestId('landed');
    expect(currentUrl(router)).toBe('/admin/dashboard');
    expect(http.calls).toEqual([
      expect.objectContaining({ method: 'POST', url: '/auth/first-access', body: { new_password: STRONG, confirm_password: STRONG }, authorization: 'Bearer token-1' }),
    ]);
    expect(authStore.getState().authUser?.status).toBe('active');
  });

  it('a weak password is refused before any request', async () => {
    http = mockHttp(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderRoute({ path: '/first-access', element: <FirstAccessPage /> }, '/first-access');
    await user.type(screen.getByLabelText(label(i18n.t('auth:firstAccess.password'))), 'password');
    await user.type(screen.getByLabelText(label(i18n.t('auth:firstAccess.confirm'))), 'password');
    await user.click(screen.getByRole('button', { name: i18n.t('auth:firstAccess.submit') }));
    expect(screen.getAllByText(i18n.t('errors:passwordWeak')).length).toBeGreaterThan(0);
    expect(http.calls).toHaveLength(0);
  });
});
