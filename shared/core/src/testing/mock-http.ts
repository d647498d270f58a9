import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../http';

/** For tests only (`@vitrine/core/testing`); never imported by app code. */
export interface HttpCall {
  method: string;
  url: string;
  body: unknown;
  params: Record<string, unknown>;
  authorization: string | undefined;
}

export interface HttpReply {
  status: number;
  data?: unknown;
  /** Response headers, lower-case names as axios gives them (e.g. 'retry-after'). */
  headers?: Record<string, string>;
}

/**
 * Answers the core's axios client from a handler instead of the network (the
 * interceptors still run, so a 401 goes through the common error handler).
 * Every request is recorded in `calls`; `restore` puts the network back.
 */
export function mockHttp(handler: (call: HttpCall) => HttpReply | Promise<HttpReply>) {
  const calls: HttpCall[] = [];
  http.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const call: HttpCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      params: (config.params ?? {}) as Record<string, unknown>,
      authorization: config.headers.get('Authorization')?.toString(),
    };
    calls.push(call);
    const reply = await handler(call);
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: String(reply.status), headers: reply.headers ?? {}, config };
    if (reply.status >= 400) {
      throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
    }
    return response;
  };
  return {
    calls,
    restore: () => {
      http.adapter = undefined;
    },
  };
}

/** `{ data }`, the API's success envelope. */
export const ok = (data: unknown): HttpReply => ({ status: 200, data: { data } });
