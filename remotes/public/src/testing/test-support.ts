import { runInThisContext } from 'node:vm';
import { TextDecoder, TextEncoder } from 'node:util';

/**
 * Import first in a test file. jsdom has no fetch classes nor TextEncoder,
 * which react-router's data routers use (FormData stays jsdom's: React builds one from a submitted form). Borrow Node's own (run in the main
 * context, this returns Node's globals rather than the jsdom window's).
 */
const node = runInThisContext('({ Request, Response, Headers, AbortController, AbortSignal })') as Record<string, unknown>;
Object.assign(globalThis, node, { TextEncoder, TextDecoder });
