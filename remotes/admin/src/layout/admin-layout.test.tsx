import type { ComponentType } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AdminRouteName } from '@vitrine/contracts';
import { authStore, i18n } from '@vitrine/core';
import { loadAdminTexts } from '../texts';
import { MENU_COLLAPSED_KEY } from './menu-collapsed';

jest.mock('./badges', () => ({ badges: {} }));

// Imported after the mock so the layout draws the test's badges.
import { AdminLayout } from './admin-layout';
import { badges as mockBadges } from './badges';

const setBadges = (badges: Partial<Record<AdminRouteName, ComponentType>>) => {
  for (const key of Object.keys(mockBadges)) delete mockBadges[key as AdminRouteName];
  Object.assign(mockBadges, badges);
};

// antd's menu observes its size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const Page = () => <p>page</p>;

function renderLayout() {
  const router = createMemoryRouter([{ path: '/admin', element: <AdminLayout />, children: [{ index: true, handle: { name: 'dashboard' }, element: <Page /> }] }], {
    initialEntries: ['/admin'],
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const menuItem = (label: string) => within(screen.getByTestId('admin-menu')).getByText(label).closest('li')!;

beforeAll(async () => {
  await i18n.changeLanguage('pt-BR');
  await loadAdminTexts();
});
beforeEach(() => {
  authStore.getState().setRoles([{ name: 'site_editor', active_routes: ['dashboard', 'message-received'] }]);
  window.localStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('the admin menu', () => {
  it("draws a route's badge after its label", async () => {
    setBadges({ 'message-received': () => <span data-testid="badge">7</span> });
    renderLayout();
    expect(await within(menuItem('Mensagens recebidas')).findByTestId('badge')).toHaveTextContent('7');
    expect(within(menuItem('Painel')).queryByTestId('badge')).not.toBeInTheDocument();
  });

  it('keeps the menu when a badge throws, showing no badge', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    setBadges({ 'message-received': Broken });
    renderLayout();
    expect(await screen.findByText('page')).toBeInTheDocument();
    expect(menuItem('Mensagens recebidas')).toHaveTextContent(/^Mensagens recebidas$/);
    expect(menuItem('Painel')).toBeInTheDocument();
  });

  it('works without badges', () => {
    setBadges({});
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
    setBadges({});
    renderLayout();
    expect(screen.queryByTestId('admin-menu')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    act(() => button.click());
    const menu = await screen.findByTestId('admin-menu');
    expect(within(menu).getByRole('link', { name: 'Mensagens recebidas' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The drawer is as it was: labels only, and nothing to collapse.
    expect(menu.querySelector('svg')).toBeNull();
    expect(screen.queryByTestId('admin-menu-toggle')).not.toBeInTheDocument();
    // Escape closes it and gives the focus back to the menu button.
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('is a column on a wide screen, the open page marked', () => {
    setPhone(false);
    setBadges({});
    renderLayout();
    expect(screen.getByTestId('admin-menu')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('admin-menu')).getByRole('link', { name: 'Painel' })).toHaveAttribute('aria-current', 'page');
  });

  it('is skipped by the first link of the page, which leads to the main content', () => {
    setPhone(false);
    setBadges({});
    renderLayout();
    const skip = screen.getAllByRole('link')[0]!;
    expect(skip).toHaveTextContent('Pular para o conteúdo');
    const target = document.getElementById(skip.getAttribute('href')!.slice(1));
    expect(target?.tagName).toBe('MAIN');
    expect(target).toContainElement(screen.getByText('page'));
  });
});

describe('the menu column, collapsible to its icons', () => {
  const column = () => screen.getByTestId('admin-sider');
  const toggle = () => screen.getByTestId('admin-menu-toggle');

  it('collapses and expands from its labelled toggle, which says which it does and what it controls', () => {
    setBadges({});
    renderLayout();
    expect(column()).not.toHaveClass('vt-admin__sider--collapsed');
    expect(screen.getByRole('button', { name: 'Recolher o menu' })).toBe(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle()).toHaveAttribute('aria-controls', column().id);

    act(() => toggle().click());
    expect(column()).toHaveClass('vt-admin__sider--collapsed');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveAccessibleName('Expandir o menu');
    expect(toggle()).toHaveAttribute('data-tip', 'Expandir o menu');

    act(() => toggle().click());
    expect(column()).not.toHaveClass('vt-admin__sider--collapsed');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle()).toHaveAccessibleName('Recolher o menu');
  });

  it('is remembered across reloads (local storage)', () => {
    setBadges({});
    const first = renderLayout();
    act(() => toggle().click());
    expect(window.localStorage.getItem(MENU_COLLAPSED_KEY)).toBe('1');
    first.unmount();

    const second = renderLayout();
    expect(column()).toHaveClass('vt-admin__sider--collapsed');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    act(() => toggle().click());
    expect(window.localStorage.getItem(MENU_COLLAPSED_KEY)).toBe('0');
    second.unmount();

    renderLayout();
    expect(column()).not.toHaveClass('vt-admin__sider--collapsed');
  });

  it('keeps working, expanded by default, when local storage throws', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    setBadges({});
    renderLayout();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    act(() => toggle().click());
    expect(column()).toHaveClass('vt-admin__sider--collapsed');
    act(() => toggle().click());
    expect(column()).not.toHaveClass('vt-admin__sider--collapsed');
    // Once local storage works again, the next choice is saved.
    jest.restoreAllMocks();
    act(() => toggle().click());
    expect(window.localStorage.getItem(MENU_COLLAPSED_KEY)).toBe('1');
  });

  it('keeps each icon-only entry named by its label (and its badge), the open one marked', async () => {
    window.localStorage.setItem(MENU_COLLAPSED_KEY, '1');
    setBadges({ 'message-received': () => <span data-testid="badge">7 não lidas</span> });
    renderLayout();
    expect(column()).toHaveClass('vt-admin__sider--collapsed');
    const menu = within(screen.getByTestId('admin-menu'));
    const dashboard = menu.getByRole('link', { name: 'Painel' });
    expect(dashboard).toHaveAttribute('aria-current', 'page');
    expect(dashboard.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await screen.findByTestId('badge');
    expect(menu.getByRole('link', { name: 'Mensagens recebidas 7 não lidas' })).toHaveAttribute('href', '/admin/message-received');
    expect(screen.getByRole('navigation', { name: 'Navegação do painel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vitrine' })).toBeInTheDocument();
  });

  it("shows an icon's label in a tip on keyboard focus and on hover, gone on Escape, and only when collapsed", () => {
    setBadges({});
    renderLayout();
    const dashboard = () => within(screen.getByTestId('admin-menu')).getByRole('link', { name: 'Painel' });
    act(() => dashboard().focus());
    expect(screen.queryByTestId('admin-menu-tip')).not.toBeInTheDocument();

    act(() => toggle().click());
    act(() => toggle().focus());
    act(() => dashboard().focus());
    const tip = screen.getByTestId('admin-menu-tip');
    expect(tip).toHaveTextContent('Painel');
    expect(tip).toHaveAttribute('aria-hidden', 'true');
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(screen.queryByTestId('admin-menu-tip')).not.toBeInTheDocument();

    fireEvent.pointerOver(toggle());
    expect(screen.getByTestId('admin-menu-tip')).toHaveTextContent('Expandir o menu');
    fireEvent.pointerLeave(column());
    expect(screen.queryByTestId('admin-menu-tip')).not.toBeInTheDocument();
  });
});

describe('the user menu', () => {
  it('opens from the user button with the profile, the site and sign-out, and closes on Escape', () => {
    authStore.setState({ authUser: { id: 1, name: 'Ana', last_name: 'Lima' } as never });
    setBadges({});
    renderLayout();
    const button = screen.getByTestId('admin-user');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    act(() => button.click());
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = within(button.nextElementSibling as HTMLElement);
    expect(list.getByRole('link', { name: 'Meu perfil' })).toHaveAttribute('href', '/admin/settings-profile');
    expect(list.getByRole('link', { name: 'Ver o site' })).toHaveAttribute('href', '/');
    expect(list.getByRole('link', { name: 'Sair' })).toHaveAttribute('href', '/logout');
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(screen.queryByRole('link', { name: 'Sair' })).not.toBeInTheDocument();
  });
});
