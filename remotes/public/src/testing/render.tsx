import type { ComponentType } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, i18n } from '@vitrine/core';

export interface HttpCall {
  method: string;
  url: string;
  params: Record<string, unknown>;
}

export interface HttpReply {
  status: number;
  data?: unknown;
}

/**
 * Answers the core's axios client from a handler instead of the network
 * (same idea as the shell's auth test-utils). Every request is recorded in
 * `calls`; `restore` puts the real adapter back.
 */
export function mockHttp(handler: (call: HttpCall) => HttpReply | Promise<HttpReply>) {
  const calls: HttpCall[] = [];
  const original = http.defaults.adapter;
  http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const call: HttpCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Record<string, unknown>,
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

/** `{ data }`, the API's success envelope. */
export const ok = (data: unknown): HttpReply => ({ status: 200, data: { data } });

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
