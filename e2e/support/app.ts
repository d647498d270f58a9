// The global setup shared by the test files: the server the harness (e2e/run.ts) started
// (BASE_URL), or, when a file is run on its own, a server of the file's own.
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type RunningServer, type StartOptions } from './server';
import { keepProof, proofOf } from './session';

export interface Suite {
  baseUrl: string;
  browser: Browser;
}

/**
 * Registers before/after hooks for a file: the shared server (or a dedicated one when
 * `options` is given — a function is awaited in the hook first (to start a helper the server needs) — or
 * BASE_URL is not set) and one Chromium for the file.
 */
export function setupSuite(options?: StartOptions | (() => StartOptions | Promise<StartOptions>)): Suite & { server(): RunningServer | undefined } {
  const suite = {} as Suite;
  let own: RunningServer | undefined;
  before(async () => {
    const shared = process.env.BASE_URL;
    if (shared && !options) suite.baseUrl = shared.replace(/\/+$/, '');
    else {
      own = await startServer((typeof options === 'function' ? await options() : options) ?? { name: 'standalone' });
      suite.baseUrl = own.baseUrl;
    }
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close().catch(() => undefined);
    if (own) await own.stop();
  });
  return Object.assign(suite, { server: () => own });
}

/** JSON call to the API (outside the browser), keeping each sign-in's proof cookie like a browser would. */
export async function api<T = unknown>(baseUrl: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) {
    headers.authorization = `Bearer ${options.token}`;
    const proof = proofOf(options.token);
    if (proof) headers.cookie = proof;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  const proof = res.headers.getSetCookie().find((line) => line.startsWith('vt_session='))?.split(';')[0];
  const token = (body as { token?: unknown } | null)?.token;
  if (proof && typeof token === 'string') keepProof(token, proof);
  return { status: res.status, body: body as T };
}
