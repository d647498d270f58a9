import type { PublicSeo } from '@vitrine/contracts';
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

/** SPEC §2: public SEO data is loaded on the first navigation only; failures are ignored. */
export function loadSeoOnce(): Promise<void> {
  applied ??= fetchPublicSeo().then(injectSeo);
  return applied;
}
