import type { User } from '@vitrine/contracts';
import { authStore } from '@vitrine/core';
import { firstAccessStep, redirectIfSignedIn, requireFirstAccess, requireRoute, requireSignedIn, requireSignedInWithRoles } from './guard';
import { makeUser, mockHttp, type HttpReply } from '../pages/auth/test-utils';

const request = (path: string) => new Request(`http://localhost${path}`);

/** What a guard threw: the redirect Response's status and Location. */
async function thrown(run: () => unknown): Promise<{ status: number; location: string | null }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get('Location') };
    throw error;
  }
  throw new Error('the guard did not redirect');
}

function activeRoutes(user: User, routes: string[]): HttpReply {
  return { status: 200, data: { data: { user, roles: [{ name: 'role', active_routes: routes }], allowed: true } } };
}

describe('route guard', () => {
  let api: ReturnType<typeof mockHttp> | undefined;

  beforeEach(() => {
    localStorage.clear();
    authStore.getState().clear();
  });
  afterEach(() => api?.restore());

  describe('requireRoute', () => {
    it('sends a visitor without a token to login, keeping where they were going', async () => {
      api = mockHttp(() => ({ status: 500 }));
      const result = await thrown(() => requireRoute('users')({ request: request('/admin/users?page=2') }));
      expect(result).toEqual({ status: 302, location: `/login?redirect=${encodeURIComponent('/admin/users?page=2')}` });
      expect(api.calls).toHaveLength(0);
    });

    it('refreshes the active routes and sends to error-forbidden when no role lists the route', async () => {
      const user = makeUser();
      authStore.getState().signIn(user, 'token-1');
      api = mockHttp(() => activeRoutes(user, ['dashboard', 'list-of-articles']));

      const result = await thrown(() => requireRoute('users')({ request: request('/admin/users') }));

      expect(result.location).toBe('/error-forbidden');
      expect(api.calls).toEqual([
        expect.objectContaining({ method: 'GET', url: `/user/user/user-active-routes/${user.id}/users`, authorization: 'Bearer token-1' }),
      ]);
      expect(authStore.getState().roles).toEqual([{ name: 'role', active_routes: ['dashboard', 'list-of-articles'] }]);
    });

    it('starts a user who may not open the dashboard at the first screen they may open', async () => {
      const user = makeUser();
      authStore.getState().signIn(user, 'token-1');
      api = mockHttp(() => activeRoutes(user, ['list-of-articles', 'compose', 'list-of-categories']));
      expect((await thrown(() => requireRoute('dashboard')({ request: request('/admin/dashboard') }))).location).toBe('/admin/list-of-articles');
      api.restore();
      api = mockHttp(() => activeRoutes(user, []));
      expect((await thrown(() => requireRoute('dashboard')({ request: request('/admin/dashboard') }))).location).toBe('/admin/settings-profile');
    });

    it('lets an allowed route through', async () => {
      const user = makeUser();
      authStore.getState().signIn(user, 'token-1');
      api = mockHttp(() => activeRoutes(user, ['users']));

      await expect(requireRoute('users')({ request: request('/admin/users') })).resolves.toBeNull();
    });

    it('sends an unverified first-access user to verify-account, whatever their roles', async () => {
      const user = makeUser({ status: 'first-access', verified_at: null });
      authStore.getState().signIn(user, 'token-1');
      api = mockHttp(() => activeRoutes(user, ['dashboard']));

      expect((await thrown(() => requireRoute('dashboard')({ request: request('/admin/dashboard') }))).location).toBe('/verify-account');
    });

    it('sends a verified first-access user to first-access', async () => {
      const user = makeUser({ status: 'first-access', verified_at: '2025-03-01T00:00:00.000Z' });
      authStore.getState().signIn(user, 'token-1');
      api = mockHttp(() => activeRoutes(user, ['dashboard']));

      expect((await thrown(() => requireRoute('dashboard')({ request: request('/admin/dashboard') }))).location).toBe('/first-access');
    });

    it('goes back to login when the server answers 401 (the session is cleared)', async () => {
      authStore.getState().signIn(makeUser(), 'expired');
      api = mockHttp(() => ({ status: 401, data: { error: true, statusCode: 401, code: 'SESSION_EXPIRED', message: 'expired' } }));

      const result = await thrown(() => requireRoute('dashboard')({ request: request('/admin/dashboard') }));

      expect(result.location).toBe(`/login?redirect=${encodeURIComponent('/admin/dashboard')}`);
      expect(authStore.getState().authToken).toBeNull();
    });
  });

  describe('redirectIfSignedIn', () => {
    it('sends a signed-in visitor from login to the dashboard', async () => {
      authStore.getState().signIn(makeUser(), 'token-1');
      expect((await thrown(() => redirectIfSignedIn())).location).toBe('/admin/dashboard');
    });

    it('sends a signed-in first-access user to their next step', async () => {
      authStore.getState().signIn(makeUser({ status: 'first-access', verified_at: null }), 'token-1');
      expect((await thrown(() => redirectIfSignedIn())).location).toBe('/verify-account');
    });

    it('lets a visitor without a token open login', () => {
      expect(redirectIfSignedIn()).toBeNull();
    });
  });

  describe('requireFirstAccess', () => {
    it('needs a signed-in user', async () => {
      const result = await thrown(() => requireFirstAccess('/first-access')({ request: request('/first-access') }));
      expect(result.location).toBe(`/login?redirect=${encodeURIComponent('/first-access')}`);
    });

    it('sends a user who is not first-access to the dashboard', async () => {
      authStore.getState().signIn(makeUser(), 'token-1');
      expect((await thrown(() => requireFirstAccess('/verify-account')({ request: request('/verify-account') }))).location).toBe('/admin/dashboard');
    });

    it('keeps the order: verify first, then choose a password', async () => {
      authStore.getState().signIn(makeUser({ status: 'first-access', verified_at: null }), 'token-1');
      expect((await thrown(() => requireFirstAccess('/first-access')({ request: request('/first-access') }))).location).toBe('/verify-account');
      expect(requireFirstAccess('/verify-account')({ request: request('/verify-account') })).toBeNull();
    });
  });

  it('requireSignedIn sends a visitor without a token to login', async () => {
    expect((await thrown(() => requireSignedIn({ request: request('/admin') }))).location).toBe(`/login?redirect=${encodeURIComponent('/admin')}`);
    authStore.getState().signIn(makeUser(), 'token-1');
    expect(requireSignedIn({ request: request('/admin') })).toBeNull();
  });

  describe('requireSignedInWithRoles (an /admin address that is no screen)', () => {
    it("refreshes the user's roles, so the menu beside the not-found page lists their screens", async () => {
      const user = makeUser();
      authStore.getState().signIn(user, 'token-1');
      api = mockHttp(() => activeRoutes(user, ['dashboard', 'list-of-articles']));

      await expect(requireSignedInWithRoles({ request: request('/admin/nothing-here') })).resolves.toBeNull();

      expect(api.calls).toEqual([expect.objectContaining({ method: 'GET', url: `/user/user/user-active-routes/${user.id}/all` })]);
      expect(authStore.getState().roles).toEqual([{ name: 'role', active_routes: ['dashboard', 'list-of-articles'] }]);
    });

    it('sends a visitor without a token to login, and a first-access user to their next step', async () => {
      api = mockHttp(() => ({ status: 500 }));
      expect((await thrown(() => requireSignedInWithRoles({ request: request('/admin/nothing-here') }))).location).toBe(
        `/login?redirect=${encodeURIComponent('/admin/nothing-here')}`,
      );
      api.restore();
      const user = makeUser({ status: 'first-access', verified_at: null });
      authStore.getState().signIn(user, 'token-1');
      api = mockHttp(() => activeRoutes(user, ['dashboard']));
      expect((await thrown(() => requireSignedInWithRoles({ request: request('/admin/nothing-here') }))).location).toBe('/verify-account');
    });
  });

  it('firstAccessStep is null for anyone but first-access users', () => {
    expect(firstAccessStep({ status: 'active', verified_at: null })).toBeNull();
    expect(firstAccessStep({ status: 'first-access', verified_at: null })).toBe('/verify-account');
    expect(firstAccessStep({ status: 'first-access', verified_at: '2025-01-01T00:00:00.000Z' })).toBe('/first-access');
  });
});
