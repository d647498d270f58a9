/**
 * No translation key on the shell's screens, in any language: every page the shell draws itself (sign-in and account
 * pages, error-forbidden signed in and out, not-found on the site and inside /admin, a remote's fallback), through the
 * real route table and its guards, rendered in each of the five languages and read for keys shown instead of words
 * (configs/jest/raw-keys.ts). A key missing in every language shows as itself, which the locale files' parity tests
 * cannot see. The admin's and the public remote's screens have the same test in their own package.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LOCALE_CODES, type Locale, type User } from '@vitrine/contracts';
import { authStore, i18n, loadTexts, setLanguage } from '@vitrine/core';
import { mockHttp, type HttpCall, type HttpReply } from '@vitrine/core/testing';
import { rawKeysIn } from '../../../../configs/jest/raw-keys';

// No remote is reachable: the shell's own pages render, a remote's route shows the shell's fallback.
jest.mock('../federation/remotes', () => ({
  loadedRemotePages: () => undefined,
  loadRemotePages: () => Promise.reject(new Error('remote down')),
  resetRemote: () => undefined,
  subscribeToRemotes: () => () => undefined,
  registerRuntimeRemotes: () => undefined,
}));

// Every screen opens in a new router here: no SEO markup, so no page is reloaded as a new document to leave it.
jest.mock('./seo', () => ({ ...jest.requireActual('./seo'), leavesSeoMarkup: () => false, loadSeoOnce: () => Promise.resolve() }));

// Imported after the mocks.
import { routes } from './router';

const user = (overrides: Partial<User> = {}): User => ({
  id: 3,
  unique_key: 'k3',
  name: 'Bruno',
  last_name: 'Lima',
  email: 'bruno@vitrine.test',
  position: 'Editor',
  type: 'operational',
  status: 'active',
  accesses: ['dashboard'],
  gender: 'male',
  phone: null,
  tax_id: null,
  biography: null,
  photo: null,
  verified_at: '2025-02-01T10:00:00.000Z',
  created_at: '2025-01-01T10:00:00.000Z',
  updated_at: '2025-02-01T10:00:00.000Z',
  ...overrides,
});

type Session = 'signed-out' | 'staff' | 'unverified' | 'verified';

const SESSION_USERS: Record<Exclude<Session, 'signed-out'>, User> = {
  staff: user(),
  unverified: user({ status: 'first-access', verified_at: null }),
  verified: user({ status: 'first-access' }),
};

/** What the shell asks the API on these pages: a valid reset link, the user's roles (the dashboard alone). */
function api(call: HttpCall): HttpReply {
  if (call.url.startsWith('/auth/reset-password/')) return { status: 200, data: { data: { valid: true } } };
  if (call.url.startsWith('/user/user/user-active-routes/')) {
    const signedIn = authStore.getState().authUser!;
    return { status: 200, data: { data: { user: signedIn, roles: [{ name: 'staff', active_routes: ['dashboard'] }], allowed: false } } };
  }
  return { status: 404, data: { error: true, statusCode: 404, code: 'NOT_FOUND', message: 'Not found' } };
}

/** The shell's own screens: where, as whom, and what shows once it is drawn. */
const SCREENS: { path: string; session: Session; shows: string }[] = [
  { path: '/login', session: 'signed-out', shows: 'heading' },
  { path: '/recover-password', session: 'signed-out', shows: 'heading' },
  { path: '/reset-password/12/abc', session: 'signed-out', shows: 'heading' },
  { path: '/reset-password', session: 'signed-out', shows: 'invalid-link' },
  { path: '/error-forbidden', session: 'signed-out', shows: 'forbidden' },
  { path: '/error-forbidden', session: 'staff', shows: 'forbidden' },
  { path: '/no-such-page', session: 'signed-out', shows: 'not-found' },
  { path: '/admin/no-such-screen', session: 'staff', shows: 'not-found' },
  { path: '/contact', session: 'signed-out', shows: 'remote-fallback' },
  { path: '/verify-account', session: 'unverified', shows: 'heading' },
  { path: '/first-access', session: 'verified', shows: 'heading' },
];

let http: ReturnType<typeof mockHttp>;
beforeAll(async () => {
  await loadTexts(['auth', 'errors', 'chrome']);
  http = mockHttp(api);
});
afterAll(() => http.restore());
afterEach(() => {
  cleanup();
  authStore.getState().clear();
});

async function open(screenDef: (typeof SCREENS)[number]): Promise<HTMLElement> {
  if (screenDef.session !== 'signed-out') await authStore.getState().signIn(SESSION_USERS[screenDef.session], 'token-1');
  const router = createMemoryRouter(routes, { initialEntries: [screenDef.path] });
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  try {
    if (screenDef.shows === 'heading') await screen.findByRole('heading', { level: 1 });
    else await screen.findByTestId(screenDef.shows);
  } catch {
    throw new Error(`${screenDef.path} (${screenDef.session}) never showed its ${screenDef.shows}; it is at ${router.state.location.pathname}`);
  }
  return container;
}

describe("the shell's screens", () => {
  it.each(LOCALE_CODES.map((locale) => [locale]))('show no translation key in %s', async (locale: Locale) => {
    await act(() => setLanguage(locale));
    const shown: string[] = [];
    for (const entry of SCREENS) {
      const container = await open(entry);
      shown.push(...rawKeysIn(container, i18n).map((key) => `${entry.path} (${entry.session}): ${key}`));
      cleanup();
      authStore.getState().clear();
    }
    expect(shown).toEqual([]);
  });
});
