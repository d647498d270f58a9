import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { User } from '@vitrine/contracts';
import { i18n, loadTexts } from '@vitrine/core';

export { mockHttp, type HttpCall, type HttpReply } from '@vitrine/core/testing';

// The sign-in texts are fetched with the sign-in pages in the product (the shell's router loads them).
beforeAll(() => loadTexts(['auth', 'errors']));

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 3,
    unique_key: '5d8f3c1a-9b7e-4f2a-8c6d-1e2f3a4b5c6d',
    name: 'Bruno',
    last_name: 'Lima',
    email: 'bruno@vitrine.com.br',
    position: 'Editor',
    type: 'manager',
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
  };
}

/** A page in a memory router at `path`; every other route shows its own path so a test can see where it went. */
export function renderRoute(
  page: RouteObject,
  initialEntry: string,
  extra: RouteObject[] = [],
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const landing = (path: string): RouteObject => ({ path, element: <p data-testid="landed">{path}</p> });
  const elsewhere = ['/login', '/recover-password', '/admin/*', '/verify-account', '/first-access']
    .filter((path) => path !== page.path)
    .map(landing);
  const router = createMemoryRouter([page, ...extra, ...elsewhere], { initialEntries: [initialEntry] });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...result, router };
}

/** Where the router is now (path and query). */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}

/** A field's label as TextField renders it (a required field's label ends with an aria-hidden ' *'). */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}
