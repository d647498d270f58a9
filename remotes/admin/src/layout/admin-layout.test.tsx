import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RemotePagesModule } from '@vitrine/contracts';
import { authStore, i18n, loadTexts } from '@vitrine/core';

let remote: RemotePagesModule;
jest.mock('../federation/remotes', () => ({
  loadedRemotePages: () => remote,
  loadRemotePages: () => Promise.resolve(remote),
}));

// Imported after the mock so the layout reads the fake admin remote.
import { AdminLayout } from './admin-layout';

// antd's menu observes its size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const Page = () => <p>page</p>;

function renderLayout() {
  const router = createMemoryRouter([{ path: '/admin', element: <AdminLayout />, children: [{ index: true, element: <Page /> }] }], {
    initialEntries: ['/admin'],
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const menuItem = (label: string) => within(screen.getByTestId('admin-menu')).getByRole('link', { name: label }).closest('li')!;

beforeAll(async () => {
  await loadTexts(['chrome']);
  await i18n.changeLanguage('pt-BR');
});
beforeEach(() => authStore.getState().setRoles([{ name: 'site_editor', active_routes: ['dashboard', 'message-received'] }]));
afterEach(() => jest.restoreAllMocks());

describe('the admin menu', () => {
  it("draws a remote's badge after its route's label", async () => {
    remote = { pages: { dashboard: Page, 'message-received': Page }, badges: { 'message-received': () => <span data-testid="badge">7</span> } };
    renderLayout();
    expect(await within(menuItem('Mensagens recebidas')).findByTestId('badge')).toHaveTextContent('7');
    expect(within(menuItem('Painel')).queryByTestId('badge')).not.toBeInTheDocument();
  });

  it('keeps the menu when a badge throws, showing no badge', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    remote = { pages: { dashboard: Page, 'message-received': Page }, badges: { 'message-received': Broken } };
    renderLayout();
    expect(await screen.findByText('page')).toBeInTheDocument();
    expect(menuItem('Mensagens recebidas')).toHaveTextContent(/^Mensagens recebidas$/);
    expect(menuItem('Painel')).toBeInTheDocument();
  });

  it('works with a remote that provides no badges', () => {
    remote = { pages: { dashboard: Page, 'message-received': Page } };
    renderLayout();
    expect(menuItem('Mensagens recebidas')).toHaveTextContent(/^Mensagens recebidas$/);
  });
});

describe('the admin menu on a phone', () => {
  /** The phone query matches or not (antd's own queries never do). */
  const setPhone = (phone: boolean) =>
    jest.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: phone && query.includes('991.98px'),
          media: query,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );

  it('is a drawer opened from the header, not a column beside the page', async () => {
    setPhone(true);
    remote = { pages: { dashboard: Page, 'message-received': Page } };
    renderLayout();
    expect(screen.queryByTestId('admin-menu')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    act(() => button.click());
    const menu = await screen.findByTestId('admin-menu');
    expect(within(menu).getByRole('link', { name: 'Mensagens recebidas' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });

  it('is a column on a wide screen', () => {
    setPhone(false);
    remote = { pages: { dashboard: Page } };
    renderLayout();
    expect(screen.getByTestId('admin-menu')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
