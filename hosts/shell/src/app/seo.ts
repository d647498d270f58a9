import { isSeoPage, type PublicSeo } from '@vitrine/contracts';
import { fetchPublicSeo } from '../api/seo';

let applied: Promise<void> | null = null;

/**
 * Parses markup so that any <script> in it runs once inserted: parsed scripts
 * are inert, so each is replaced by a fresh element with the same attributes and code.
 */
function fragment(markup: string, context: Element): DocumentFragment {
  const range = document.createRange();
  range.selectNodeContents(context);
  const parsed = range.createContextualFragment(markup);
  for (const old of Array.from(parsed.querySelectorAll('script'))) {
    const script = document.createElement('script');
    for (const attr of Array.from(old.attributes)) script.setAttribute(attr.name, attr.value);
    script.text = old.text;
    old.replaceWith(script);
  }
  return parsed;
}

export function injectSeo(entries: PublicSeo[]): void {
  const head = document.head;
  const body = document.body;
  const bodyNodes: Node[] = [];
  for (const entry of entries) {
    if (entry.head_markup.trim()) head.appendChild(fragment(entry.head_markup, head));
    if (entry.body_markup.trim()) bodyNodes.push(fragment(entry.body_markup, body));
  }
  // Body markup goes at the start of the body, in the entries' order.
  for (const node of bodyNodes.reverse()) body.insertBefore(node, body.firstChild);
}

/**
 * Public SEO data is loaded once, on the first public page; failures are ignored.
 * Never on admin or account pages (contracts' isSeoPage): staff-written script stays away from the session.
 */
export function loadSeoOnce(pathname: string): Promise<void> {
  if (typeof document === 'undefined' || !isSeoPage(pathname)) return Promise.resolve();
  applied ??= fetchPublicSeo().then(injectSeo);
  return applied;
}

/** A server-rendered page carries the SEO markup already. */
export function markSeoApplied(): void {
  applied ??= Promise.resolve();
}

/**
 * Whether a navigation to `pathname` leaves the pages that carry the SEO markup for one that must not (sign-in,
 * account pages, the admin): the markup, its scripts included, stays in the document once added, so the only
 * way to be rid of it is a new document.
 */
export function leavesSeoMarkup(pathname: string): boolean {
  return applied !== null && !isSeoPage(pathname);
}

/** Loads `url` as a new document; the navigation in this one never settles (the page stays until it unloads). */
export function loadInNewDocument(url: URL): Promise<never> {
  window.location.assign(url.pathname + url.search + url.hash);
  return new Promise<never>(() => undefined);
}

/** Should the root loader run again for this navigation (the markup still to load, or to be left behind)? */
export function seoPending(pathname: string): boolean {
  return (applied === null && isSeoPage(pathname)) || leavesSeoMarkup(pathname);
}
