import type { AxiosAdapter, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { authStore } from './auth-store';
import { getRuntimeConfig } from './runtime-config';
import { handleError, isHttpError } from './error-handler';
import { loadTexts } from './i18n';

let client: Promise<AxiosInstance> | null = null;

/**
 * The one axios client: base URL from the runtime config, no
 * timeout, the bearer token from the auth store, and the browser's cookies: the session's
 * proof is an HttpOnly cookie the API set at sign-in, which must go with the token (to an API on
 * another origin of the same site too: `withCredentials`; docs/security.md). A 401 anywhere goes through
 * the common error handler, which clears the session and returns to login.
 * Created on first use: axios (21 KiB gzip) is fetched only when a page
 * really calls the API (docs/decisions/public-weight.md).
 */
export function httpClient(): Promise<AxiosInstance> {
  // The error texts come with the client: only a page that calls the API can show its errors.
  client ??= Promise.all([import('axios'), loadTexts(['errors'])]).then(([{ default: axios }]) => {
    const instance = axios.create({ timeout: 0, withCredentials: true });
    instance.interceptors.request.use((config) => {
      config.baseURL ??= getRuntimeConfig().apiBaseUrl;
      const token = authStore.getState().authToken;
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      if (http.adapter) config.adapter = http.adapter;
      return config;
    });
    instance.interceptors.response.use(undefined, (error: unknown) => {
      if (isHttpError(error) && error.response?.status === 401 && authStore.getState().authToken) {
        handleError(error);
      }
      return Promise.reject(error);
    });
    return instance;
  });
  return client;
}

/** What the screens call: the axios client's verbs, loaded on demand. */
export const http = {
  /** Replaces the network for every request (tests answer from a handler). */
  adapter: undefined as AxiosAdapter | undefined,

  async get<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    return (await httpClient()).get<T>(url, config);
  },
  async post<T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    return (await httpClient()).post<T>(url, data, config);
  },
  async put<T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    return (await httpClient()).put<T>(url, data, config);
  },
  async delete<T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> {
    return (await httpClient()).delete<T>(url, config);
  },
};
