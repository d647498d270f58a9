import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RemotePagesModule } from '@vitrine/contracts';
import { i18n, Outlet } from '@vitrine/core';

let mockRemote: RemotePagesModule | undefined;
const mockListeners = new Set<() => void>();
jest.mock('../federation/remotes', () => ({
  loadedRemotePages: () => mockRemote,
  subscribeToRemotes: (listener: () => void) => {
    mockListeners.add(listener);
    return () => mockListeners.delete(listener);
  },
}));

// Imported after the mock so the frame reads the fake admin remote.
import { AdminFrame } from './admin-frame';

/** The admin remote arrives (or is forgotten) as the shell's loader would report it. */
function remoteIs(remote: RemotePagesModule | undefined) {
  mockRemote = remote;
  act(() => mockListeners.forEach((listener) => listener()));
}

const Page = () => <p>the page</p>;
const Chrome = () => (
  <div data-testid="remote-chrome">
    <Outlet />
  </div>
);

function renderFrame() {
  const router = createMemoryRouter([{ path: '/admin', element: <AdminFrame />, children: [{ index: true, element: <Page /> }] }], {
    initialEntries: ['/admin'],
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

beforeEach(() => {
  mockRemote = undefined;
  mockListeners.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('the admin frame', () => {
  it("draws the admin remote's chrome around the page", async () => {
    mockRemote = { pages: {}, layout: Chrome };
    renderFrame();
    expect(await screen.findByTestId('remote-chrome')).toHaveTextContent('the page');
  });

  it('keeps the page in a plain frame, with a way out, while the remote is missing, and takes the chrome when it arrives', async () => {
    renderFrame();
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-chrome')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sair' })).toHaveAttribute('href', '/logout');
    remoteIs({ pages: {}, layout: Chrome });
    expect(await screen.findByTestId('remote-chrome')).toHaveTextContent('the page');
  });

  it('keeps the plain frame for an older remote without a chrome', async () => {
    mockRemote = { pages: {} };
    renderFrame();
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByText('the page'));
  });

  it('falls back to the plain frame when the chrome throws', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    mockRemote = { pages: {}, layout: Broken };
    renderFrame();
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sair' })).toBeInTheDocument();
  });
});
