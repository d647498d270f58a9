import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
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

// What webpack's DefinePlugin writes into the bundles (configs/webpack/create-config.js).
(globalThis as { __BUILD_ID__?: string }).__BUILD_ID__ = 'test-build';

// findBy… and waitFor wait up to 5 s instead of 1 s: on a loaded 2-core CI machine (two jest workers, API suites
// compiling replicas) a form's validation can take longer than a second to show, and a wait that passes early
// costs nothing.
configure({ asyncUtilTimeout: 5000 });
