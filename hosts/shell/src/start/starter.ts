// The starter of a server-rendered public page (docs/decisions/server-rendering.md, "Starting on intent").
//
// The page arrives rendered and styled; what the app's code adds is behaviour (client navigation, forms, the
// menu, the language switch). Evaluating that code (the federation runtime, React DOM, the router, the remote's
// page) and hydrating is about a second of a phone's main thread, so it starts when the visitor first shows
// intent (a touch, a click, a key, the pointer, a scroll) instead of during the load, where it delays
// everything the browser does for the page. Before that:
// - the page's beacon (a post's read) is sent at once, so counting does not wait for the code;
// - what was typed in the page's fields is handed over to the page's code once it has hydrated;
// - a form with an action (search, the public forms) is submitted as it is, to the server, which handles it:
//   it works whether or not the code ever arrives; a click on a button (or a form without an action) made
//   before the code runs is replayed once the page has hydrated (links need nothing: they are links);
// - the code is prefetched when the page has loaded, so starting costs no round trip.
// Pages the server did not render (sign-in, the back-office) are never started through this file.
import { recordSentBeacon, STARTED_EVENT } from '@vitrine/contracts';
import { whenIdle } from '@vitrine/utils';

type Pending = { kind: 'click'; target: HTMLElement } | { kind: 'submit'; form: HTMLFormElement };

const MAX_TRIES = 20;
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'] as const;

/**
 * The page's beacon (`data-beacon`, an API path such as a post's read; `data-api`, the API's base), sent once and
 * recorded so the page's code does not send it again (takeSentBeacon).
 */
function sendBeacon(path: string | undefined, api: string | undefined): void {
  if (!path) return;
  try {
    if (navigator.sendBeacon?.(`${api ?? '/api'}${path}`)) recordSentBeacon(path);
  } catch {
    // not sent: the page counts it when its code runs
  }
}

/**
 * Hands what the visitor typed or chose in `root`'s fields before the code ran to the page. React took those
 * values as they were when it hydrated and sees no change in them: a text field is set back through its own
 * setter (React's record of it) and to the text through the element's prototype, then an input event tells
 * React, as typing would; a changed checkbox or a chosen radio is set to its other state and clicked, as a
 * visitor would.
 */
function handOver(root: ParentNode): void {
  for (const field of Array.from(root.querySelectorAll('input, textarea'))) {
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.disabled) continue;
    // A form with an action is the server's too: its page takes what was typed itself, right after hydration.
    if (field.form?.hasAttribute('action')) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      const chosen = field.checked;
      if (chosen === field.defaultChecked || (field.type === 'radio' && !chosen)) continue;
      field.checked = !chosen;
      field.click();
      continue;
    }
    if (field.type === 'hidden' || field.type === 'file' || field.value === field.defaultValue) continue;
    const typed = field.value;
    const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Installs the starter on this document. `script` is the starter's own element: `data-main` the shell's entry,
 * `data-beacon` and `data-api` the page's beacon. Answers a stop (tests).
 */
export function installStarter(script: HTMLScriptElement | null): () => void {
  const main = script?.dataset.main ?? '/main.js';
  let pending: Pending | undefined;
  let started = false;

  /** What the visitor did before the code ran, kept to be done again once it has (the last action wins). */
  function keep(event: Event): void {
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === 'submit' && target instanceof HTMLFormElement) {
      // A form with its own action is the server's to handle (search, the public forms): it goes as it is, so it
      // works even if the code never arrives. One without would go to this page's address: held for the code.
      if (target.hasAttribute('action')) return;
      event.preventDefault();
      pending = { kind: 'submit', form: target };
      return;
    }
    const button = target?.closest<HTMLElement>('button, [role="button"]');
    if (button && !button.closest('a[href]') && !(button instanceof HTMLButtonElement && button.type === 'submit' && button.form)) {
      pending = { kind: 'click', target: button };
    }
  }

  /**
   * Does the held action again. A form's submission counts as done only if the page's code took it (it cancels
   * the plain request); a part of the page React has not hydrated yet does not, so it is held again and retried
   * (a form nothing ever takes goes as a plain request after MAX_TRIES).
   */
  function replay(tries = 0): void {
    const action = pending;
    if (!action) return;
    if (action.kind === 'click') {
      pending = undefined;
      if (action.target.isConnected) action.target.click();
      return;
    }
    const { form } = action;
    if (!form.isConnected) {
      pending = undefined;
      return;
    }
    let taken = false;
    // At the window, in the bubbling phase: after React's listener on its root.
    const check = (event: Event) => {
      if (event.target !== form) return;
      taken = event.defaultPrevented;
      if (!taken && tries < MAX_TRIES) event.preventDefault();
    };
    addEventListener('submit', check);
    // The first try follows the hand-over of the page's fields (onStarted); a retry hands this form's over again.
    if (tries > 0) handOver(form);
    form.requestSubmit();
    removeEventListener('submit', check);
    if (taken || tries >= MAX_TRIES) pending = undefined;
    // After the browser's pending work: React hydrates a page's parts in tasks of their own after the root's.
    else whenIdle(() => replay(tries + 1));
  }

  function start(): void {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) removeEventListener(type, start, true);
    const element = document.createElement('script');
    element.src = main;
    element.async = true;
    document.head.appendChild(element);
  }

  function prefetch(): void {
    if (started) return;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = main;
    document.head.appendChild(link);
  }

  const stopKeeping = () => {
    removeEventListener('click', keep, true);
    removeEventListener('submit', keep, true);
  };

  sendBeacon(script?.dataset.beacon, script?.dataset.api);
  addEventListener('click', keep, true);
  addEventListener('submit', keep, true);
  // Once the page has hydrated, the held action is done by the page's own code; later clicks are the app's.
  const onStarted = () => {
    stopKeeping();
    whenIdle(() => {
      handOver(document);
      replay();
    });
  };
  addEventListener(STARTED_EVENT, onStarted, { once: true });
  for (const type of INTENT_EVENTS) addEventListener(type, start, { capture: true, passive: true });
  if (document.readyState === 'complete') prefetch();
  else addEventListener('load', prefetch, { once: true });
  return () => {
    stopKeeping();
    removeEventListener(STARTED_EVENT, onStarted);
    for (const type of INTENT_EVENTS) removeEventListener(type, start, true);
    removeEventListener('load', prefetch);
  };
}
