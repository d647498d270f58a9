import { runInThisContext } from 'node:vm';
import { TextDecoder, TextEncoder } from 'node:util';

/**
 * Import first in a test file. jsdom has no fetch classes nor TextEncoder,
 * which react-router's data routers use (loaders get a Request, redirect()
 * makes a Response). Borrow Node's own: run in the main context, this returns
 * Node's globals rather than the jsdom window's. AbortController comes along
 * so a Request accepts the router's signal.
 */
const node = runInThisContext('({ Request, Response, Headers, FormData, AbortController, AbortSignal })') as Record<string, unknown>;
Object.assign(globalThis, node, { TextEncoder, TextDecoder });
