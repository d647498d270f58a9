import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { I18nextProvider, i18n } from '@vitrine/core';

type Router = ReturnType<typeof createMemoryRouter>;

/**
 * A page as the shell mounts it: i18n, antd ConfigProvider + App, inside a
 * data router at `path`. Any other path renders itself so a test sees where it went.
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
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={ptBR} theme={{ hashed: false, token: { motion: false } }} wave={{ disabled: true }}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>,
  );
  return { ...result, router };
}
