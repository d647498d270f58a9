import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { I18nextProvider, i18n } from '@vitrine/core';
import { createQueryClient } from '../lib/queries';

type Router = ReturnType<typeof createMemoryRouter>;

/**
 * A page as the shell mounts it: i18n, antd ConfigProvider + App, a fresh QueryClient (no retries:
 * a failed answer shows at once), inside a data router at `path`. Any other path renders itself so a test sees where it went.
 */
export function renderPage(path: string, element: ReactElement, initialEntry: string): RenderResult & { router: Router } {
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
      <ConfigProvider locale={ptBR} theme={{ hashed: false, token: { motion: false } }} wave={{ disabled: true }}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, router };
}
