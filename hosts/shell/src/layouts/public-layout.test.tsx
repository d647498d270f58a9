import { act, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { IDENTITY_ENTRY, type FooterProps, type RemotePagesModule, type RouteData, type SiteIdentity } from '@vitrine/contracts';
import { i18n, loadTexts } from '@vitrine/core';

let remote: RemotePagesModule | undefined;
jest.mock('../federation/remotes', () => ({
  loadedRemotePages: () => remote,
  loadRemotePages: () => (remote ? Promise.resolve(remote) : Promise.reject(new Error('down'))),
}));

// Imported after the mock so the layout reads the fake public remote.
import { PublicLayout } from './public-layout';

const routeData = { status: 200, entries: { 'site:site': { ok: true, data: { phone: '+55 11 4000-1234' } } } };
const RemoteFooter = ({ data }: FooterProps) => <p data-testid="remote-footer">{Object.keys(data.entries).join()}</p>;

/** A remote page (its loader answers its route data) and a shell page (no route data), under the public layout. */
function renderAt(url: string, data: RouteData = routeData) {
  const router = createMemoryRouter(
    [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', loader: () => ({ routeData: data }), element: <p>home</p> },
          { path: '/login', element: <p>login</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  return render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const footer = () => screen.getByRole('contentinfo');

beforeAll(async () => {
  await loadTexts(['chrome']);
  await i18n.changeLanguage('pt-BR');
});
afterEach(() => jest.restoreAllMocks());

describe('the public footer', () => {
  it("draws the public remote's part at its top on the remote's pages, with the page's data", async () => {
    remote = { pages: {}, footer: RemoteFooter };
    renderAt('/');
    expect(await screen.findByTestId('remote-footer')).toHaveTextContent('site:site');
    expect(footer().firstElementChild).toBe(screen.getByTestId('remote-footer'));
    expect(screen.getByRole('navigation', { name: 'Navegação do rodapé' })).toBeInTheDocument();
  });

  it("has no remote part on the shell's own pages (no route data), so the server and the browser agree", async () => {
    remote = { pages: {}, footer: RemoteFooter };
    renderAt('/login');
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-footer')).not.toBeInTheDocument();
  });

  it("keeps its own navigation when the remote's part throws, or the remote has none", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    remote = {
      pages: {},
      footer: () => {
        throw new Error('broken footer');
      },
    };
    const { unmount } = renderAt('/');
    await waitFor(() => expect(screen.getByText('home')).toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'Navegação do rodapé' })).toBeInTheDocument();
    unmount();

    remote = { pages: {} };
    renderAt('/');
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(footer()).toHaveTextContent('Vitrine');
  });
});

describe("the site's identity in the public chrome", () => {
  const logo = { id: 'logo1', url: '/uploads/images/logo1/640.webp', srcset: '/uploads/images/logo1/320.webp 320w, /uploads/images/logo1/640.webp 640w', width: 640, height: 160 };
  const withIdentity = (identity: SiteIdentity): RouteData => ({ ...routeData, entries: { ...routeData.entries, [IDENTITY_ENTRY]: identity } });
  const brand = () => screen.getByRole('banner').querySelector('.vt-public__brand')!;
  const year = new Date().getFullYear();

  it('draws the saved logo in the header at its box size (width and height set: nothing shifts), the name in the footer', async () => {
    remote = { pages: {} };
    renderAt('/', withIdentity({ name: 'Acme Studio', logo }));
    expect(await screen.findByText('home')).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Acme Studio' });
    expect(brand()).toContainElement(image);
    expect(brand()).toHaveAttribute('aria-label', 'Acme Studio');
    // 640 × 160 in a 200 × 40 box: 160 × 40, the variant for that width (and the screen's density) from the srcset.
    expect(image).toHaveAttribute('width', '160');
    expect(image).toHaveAttribute('height', '40');
    expect(image).toHaveAttribute('sizes', '160px');
    expect(image).toHaveAttribute('srcset', logo.srcset);
    expect(footer()).toHaveTextContent(`© ${year} Acme Studio.`);
    expect(footer()).not.toHaveTextContent('Vitrine');
  });

  it('without a logo, the default mark with the saved name', async () => {
    remote = { pages: {} };
    renderAt('/', withIdentity({ name: 'Acme Studio', logo: null }));
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(brand().querySelector('.vt-logo__mark')).not.toBeNull();
    expect(brand()).toHaveTextContent('Acme Studio');
    expect(screen.getByRole('banner')).not.toHaveTextContent('Vitrine');
  });

  it("the shell's own pages (no route data) and a remote that sends no identity show the default mark and name", async () => {
    remote = { pages: {} };
    const { unmount } = renderAt('/login');
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(brand()).toHaveTextContent('Vitrine');
    expect(footer()).toHaveTextContent(`© ${year} Vitrine.`);
    unmount();
    renderAt('/');
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(brand()).toHaveTextContent('Vitrine');
  });
});

describe('what works before the page’s code: language links and the phone menu', () => {
  it('offers this page in each language as links (with its own parameters), the current one marked', async () => {
    remote = { pages: {} };
    renderAt('/?page=2');
    expect(await screen.findByText('home')).toBeInTheDocument();
    const header = screen.getByRole('banner');
    const english = within(header.querySelector('.vt-public__actions') as HTMLElement).getByRole('link', { name: 'English (US)', hidden: true });
    expect(english).toHaveAttribute('href', '/?page=2&lang=en-US');
    expect(english).toHaveAttribute('hreflang', 'en-US');
    expect(english).toHaveAttribute('lang', 'en-US');
    const current = within(header.querySelector('.vt-public__actions') as HTMLElement).getByRole('link', { name: 'Português (Brasil)', hidden: true });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(header.querySelector('.vt-public__actions select')).toBeNull();
  });

  it('a phone menu the visitor opened before the code started stays open; a navigation closes it', async () => {
    remote = { pages: {} };
    const { container } = renderAt('/');
    expect(await screen.findByText('home')).toBeInTheDocument();
    const menu = container.querySelector('details.vt-public__menu') as HTMLDetailsElement;
    menu.open = true;
    // Re-rendering (the code starting, the language loading) leaves it as the visitor set it.
    await act(async () => {
      await i18n.changeLanguage('pt-BR');
    });
    expect(menu.open).toBe(true);
    await act(async () => {
      (menu.querySelector('a[href="/login"]') as HTMLAnchorElement).click();
    });
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(menu.open).toBe(false);
  });
});
