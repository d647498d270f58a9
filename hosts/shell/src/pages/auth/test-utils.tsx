import { render, type RenderResult } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { User } from '@vitrine/contracts';
import { http, i18n } from '@vitrine/core';

export interface HttpCall {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
}

export interface HttpReply {
  status: number;
  data?: unknown;
}

/**
 * Answers the core's axios client from a handler instead of the network (the
 * interceptors still run, so a 401 goes through the common error handler).
 * Every request is recorded in `calls`; `restore` puts the real adapter back.
 */
export function mockHttp(handler: (call: HttpCall) => HttpReply | Promise<HttpReply>) {
  const calls: HttpCall[] = [];
  const original = http.defaults.adapter;
  http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const call: HttpCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: config.headers.get('Authorization')?.toString(),
    };
    calls.push(call);
    const reply = await handler(call);
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: String(reply.status), headers: {}, config };
    if (reply.status >= 400) {
      throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    }
    return response;
  };
  return {
    calls,
    restore: () => {
      http.defaults.adapter = original;
    },
  };
}

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
