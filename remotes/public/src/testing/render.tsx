import type { ComponentType } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '@vitrine/core';
import { loadPageTexts } from '../page-texts';

// The public texts are the remote's own (pages.ts loads them with each page, and the contact, leaving and FAQ
// pages' own with those); a language switch in a test fetches them too.
beforeAll(() => loadPageTexts());

export { mockHttp, ok, type HttpCall, type HttpReply } from '@vitrine/core/testing';

/**
 * A page at `path` (the shell's route pattern) in a memory router opened at
 * `url`; every other path shows itself so a test can see where a link went.
 */
export function renderPage(Page: ComponentType, path: string, url: string): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(
    [
      { path, element: <Page /> },
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...result, router };
}

/** Where the router is now (path and query). */
export const currentUrl = (router: ReturnType<typeof createMemoryRouter>) => router.state.location.pathname + router.state.location.search;
