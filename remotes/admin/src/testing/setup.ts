import { runInThisContext } from 'node:vm';
import { loadAdminTexts } from '../texts';

/**
 * Import first in a test file. jsdom lacks what the TipTap editor and antd
 * use: layout APIs ProseMirror calls when it scrolls the selection into view
 * (range rects, elementFromPoint), ResizeObserver, MessageChannel.
 */
// (Request, Response, TextEncoder… come from configs/jest/setup-web.ts; the editor's uploads need Node's FormData too.)
const node = runInThisContext('({ FormData })') as Record<string, unknown>;
Object.assign(globalThis, node);

const emptyRect = (): DOMRect => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });
const emptyRects = (): DOMRectList => Object.assign([], { item: () => null }) as unknown as DOMRectList;

Range.prototype.getBoundingClientRect = emptyRect;
Range.prototype.getClientRects = emptyRects;
Element.prototype.getClientRects = emptyRects;
if (!document.elementFromPoint) document.elementFromPoint = () => null;

// antd's tables, selects and textareas observe their size; jsdom has no ResizeObserver.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// antd's forms batch watchers in a macro task through MessageChannel, which jsdom lacks.
class TimeoutMessageChannel {
  port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
  port2 = { postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data }), 0) };
}
globalThis.MessageChannel ??= TimeoutMessageChannel as unknown as typeof MessageChannel;

// antd measures the scrollbar with getComputedStyle(el, '::-webkit-scrollbar'); jsdom implements no pseudo-elements.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// antd pages in jsdom take seconds per interaction on a 2-core runner, more when it is busy.
jest.setTimeout(90000);

// The admin texts are fetched on demand in the product (each admin page waits for them, pages.ts).
beforeAll(() => loadAdminTexts());
