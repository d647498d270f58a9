import axios, { type AxiosInstance } from 'axios';
import { authStore } from './auth-store';
import { getRuntimeConfig } from './runtime-config';
import { handleError } from './error-handler';

/**
 * The one axios client (SPEC §7): base URL from the runtime config, no
 * timeout, the bearer token from the auth store. A 401 anywhere goes through
 * the common error handler, which clears the session and returns to login.
 */
export const http: AxiosInstance = axios.create({ timeout: 0 });

http.interceptors.request.use((config) => {
  config.baseURL ??= getRuntimeConfig().apiBaseUrl;
  const token = authStore.getState().authToken;
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

http.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 401 && authStore.getState().authToken) {
    handleError(error);
  }
  return Promise.reject(error);
});
