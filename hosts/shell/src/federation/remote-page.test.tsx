import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '@vitrine/core';

const loadRemote = jest.fn();
const registerRemotes = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => loadRemote(...args),
  registerRemotes: (...args: unknown[]) => registerRemotes(...args),
  satisfy: jest.requireActual('@module-federation/enhanced/runtime').satisfy,
}));

// Imported after the mock so the loader uses it.
import { RemotePage } from './remote-page';
import { resetRemote } from './remotes';
import { rememberManifest } from './compatibility';

function renderPage(page: 'dashboard' | 'users' = 'dashboard') {
  // The app's router is a data router (route loaders feed public pages): the page is rendered in one.
  const router = createMemoryRouter([{ path: '*', element: <RemotePage remote="admin_remote" page={page} /> }]);
  return render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

beforeEach(() => {
  resetRemote('admin_remote'); // the loader caches per remote at module level
  loadRemote.mockReset();
  registerRemotes.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

test('a remote that fails to load shows the fallback, and Retry loads it again', async () => {
  loadRemote.mockRejectedValueOnce(new Error('RUNTIME-003 failed to fetch manifest'));
  renderPage();
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  expect(loadRemote).toHaveBeenCalledWith('admin_remote/pages');

  loadRemote.mockResolvedValueOnce({ pages: { dashboard: () => <p>painel carregado</p> } });
  await userEvent.click(screen.getByRole('button', { name: i18n.t('common:actions.retry') }));
  expect(await screen.findByText('painel carregado')).toBeInTheDocument();
  // Retry re-registers the remote so its manifest is fetched again.
  expect(registerRemotes).toHaveBeenCalledWith([{ name: 'admin_remote', entry: expect.any(String) }], { force: true });
});

test('a page that throws while rendering shows the fallback instead of a blank screen', async () => {
  const Broken = () => {
    throw new Error('boom');
  };
  loadRemote.mockResolvedValue({ pages: { dashboard: Broken } });
  renderPage();
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  expect(screen.getByRole('heading')).toHaveTextContent(i18n.t('common:remote.renderFailedTitle'));
});

test('a route the remote does not export shows not-found', async () => {
  loadRemote.mockResolvedValue({ pages: { dashboard: () => <p>painel</p> } });
  await act(async () => {
    renderPage('users');
  });
  expect(await screen.findByTestId('not-found')).toBeInTheDocument();
});

test('a remote that needs a newer shared package than the shell provides is refused with its own text', async () => {
  // What Module Federation throws (strictVersion) when the remote's range is not met by the shell's singleton.
  loadRemote.mockRejectedValueOnce(
    new Error(
      '[ Federation Runtime ]: Version 1.0.0 from shell of shared singleton module @vitrine/core does not satisfy the requirement of admin_remote which needs ^2.0.0)',
    ),
  );
  renderPage();
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  expect(screen.getByRole('heading')).toHaveTextContent(i18n.t('common:remote.incompatibleTitle'));
  expect(screen.getByText(i18n.t('common:remote.incompatibleText'))).toBeInTheDocument();
  expect(console.error).toHaveBeenCalledWith(expect.stringContaining('admin_remote needs @vitrine/core ^2.0.0'));
});

test("a remote whose manifest needs a newer shared surface is refused even when its module comes back", async () => {
  // What webpack's DefinePlugin gives the shell's build.
  (globalThis as { __SHARED_SURFACE__?: Record<string, string> }).__SHARED_SURFACE__ = { '@vitrine/core': '1.0.0' };
  rememberManifest('admin_remote', { shared: [{ name: '@vitrine/core', requiredVersion: '^2.0.0' }] });
  loadRemote.mockResolvedValue({ pages: { dashboard: () => <p>painel</p> } });
  renderPage();
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  expect(screen.getByRole('heading')).toHaveTextContent(i18n.t('common:remote.incompatibleTitle'));
  expect(screen.queryByText('painel')).not.toBeInTheDocument();
  rememberManifest('admin_remote', { shared: [] });
  delete (globalThis as { __SHARED_SURFACE__?: unknown }).__SHARED_SURFACE__;
});

test('a half-evaluated remote module (its pages throw on access) shows the fallback, not a blank screen', async () => {
  const broken = Object.defineProperty({}, 'pages', {
    enumerable: true,
    get() {
      throw new ReferenceError("Cannot access 'h' before initialization");
    },
  });
  loadRemote.mockResolvedValue(broken);
  renderPage();
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
});
