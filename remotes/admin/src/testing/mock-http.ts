import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { http } from '@vitrine/core';

export interface HttpCall {
  method: string;
  url: string;
  body: unknown;
}

export interface HttpReply {
  status: number;
  data?: unknown;
}

/**
 * Answers the core's axios client from a handler instead of the network (the
 * interceptors still run). Every request is recorded in `calls`; `restore`
 * puts the real adapter back. Same idea as the shell's auth tests.
 */
export function mockHttp(handler: (call: HttpCall) => HttpReply | Promise<HttpReply>) {
  const calls: HttpCall[] = [];
  const original = http.defaults.adapter;
  http.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const call: HttpCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
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

/** `{ data }` envelope reply. */
export const ok = (data: unknown): HttpReply => ({ status: 200, data: { data } });
