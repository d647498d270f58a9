import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import ptBR from 'antd/locale/pt_BR';
import { I18nextProvider, i18n } from '@vitrine/core';
import { createQueryClient } from '../lib/queries';

type Router = ReturnType<typeof createMemoryRouter>;

/**
 * antd's generated styles are kept out of the test document (StyleProvider mock="server"): jsdom recomputes
 * every style sheet on each getComputedStyle, which the role queries call for every node, and antd injects
 * hundreds — a page test took minutes (84 s for the FAQ page, 16 s without). What the queries need of those
 * styles is which closed popups are hidden, so that alone is written here.
 */
function hideClosedPopups(): void {
  if (document.getElementById('test-antd-hidden')) return;
  const style = document.createElement('style');
  style.id = 'test-antd-hidden';
  // antd marks a closed popup (dropdown, select list, tooltip, popover…) and a hidden form item with a `…-hidden` class.
  style.textContent = ['dropdown', 'select-dropdown', 'picker-dropdown', 'tooltip', 'popover', 'form-item'].map((name) => `.ant-${name}-hidden`).join(', ') + ' { display: none; }';
  document.head.append(style);
}

/**
 * A page as the shell mounts it: i18n, antd ConfigProvider + App, a fresh QueryClient (no retries:
 * a failed answer shows at once), inside a data router at `path`. Any other path renders itself so a test sees where it went.
 */
export function renderPage(path: string, element: ReactElement, initialEntry: string): RenderResult & { router: Router } {
  hideClosedPopups();
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p data-testid="landed">landed</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  const result = render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
    <I18nextProvider i18n={i18n}>
      <StyleProvider mock="server" cache={createCache()}>
      <ConfigProvider locale={ptBR} theme={{ hashed: false, token: { motion: false } }} wave={{ disabled: true }}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
      </StyleProvider>
    </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}

/** Where the router is now (path and query). */
export const currentUrl = (router: Router) => router.state.location.pathname + router.state.location.search;
