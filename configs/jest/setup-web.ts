import '@testing-library/jest-dom';
import { runInThisContext } from 'node:vm';
import { TextDecoder, TextEncoder } from 'node:util';

// antd and our responsive hooks read matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
window.scrollTo = () => undefined;

// jsdom lacks the fetch classes and TextEncoder that react-router's data router uses
// (loaders get a Request, redirect() makes a Response): borrow Node's own. Run in the
// main context, this returns Node's globals rather than the jsdom window's.

const nodeGlobals = runInThisContext('({ Request, Response, Headers, AbortController, AbortSignal })') as Record<string, unknown>;
Object.assign(globalThis, nodeGlobals, { TextEncoder, TextDecoder });
