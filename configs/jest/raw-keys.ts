/**
 * Translation keys on screen instead of words (for the tests that render every screen in every language).
 *
 * i18next shows a key it cannot find as the key itself ('forbidden.backDashboard', 'menu.not-found'), whether the
 * key is missing in one language or in all of them, or was never written. This reads what a person sees or hears
 * of a rendered tree — its text and the attributes read aloud or shown (aria-label, title, placeholder, alt…) — and
 * returns every piece that is a key:
 *  - a whole text or attribute written like a key (`ns:a.b`, `a.b-c.d`: words joined by dots, no space), unless it
 *    ends like a host or file name ('vitrine.com.br', 'leads-101500.csv'), which a key never does;
 *  - a key-like word inside a longer text when it starts with a namespace or a top-level key of a namespace the
 *    instance holds ('Total: admin:dashboard.x', '… menu.settings …'): a key interpolated into a sentence.
 * Text set as code (code, kbd, samp: a webhook's event name 'lead.created') is code, not words.
 */
import type { i18n as I18n } from 'i18next';

const KEY = /^(?:[A-Za-z][\w-]*:)?[A-Za-z_][\w-]*(?:\.[\w-]+)+$/;
/** Host names and file names look like keys; a key never ends like one of these. */
const HOST_OR_FILE = /\.(?:com|br|org|net|io|dev|app|local|test|example|csv|json|txt|xml|html?|pdf|png|jpe?g|gif|webp|avif|svg|ico)$/i;
/** The attributes people read or hear (the same list the literal-text check reads). */
const READ_ATTRIBUTES = ['aria-label', 'aria-description', 'aria-valuetext', 'aria-placeholder', 'aria-roledescription', 'title', 'placeholder', 'alt'];

/** The namespaces the instance holds (any language) and the top-level keys of each. */
function knownRoots(instance: I18n): Set<string> {
  const roots = new Set<string>();
  const data = (instance.store?.data ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  for (const namespaces of Object.values(data)) {
    for (const [ns, tree] of Object.entries(namespaces)) {
      roots.add(`${ns}:`);
      for (const key of Object.keys(tree ?? {})) roots.add(key);
    }
  }
  return roots;
}

function rawKeysInText(text: string, roots: Set<string>): string[] {
  const whole = text.trim();
  if (!whole) return [];
  if (KEY.test(whole)) return HOST_OR_FILE.test(whole) ? [] : [whole];
  return whole
    .split(/\s+/)
    // A call ('loading.show()') is code a specimen names, not a key.
    .filter((word) => !word.includes('('))
    .map((word) => word.replace(/^[^\w]+|[^\w]+$/g, ''))
    .filter((word) => KEY.test(word) && !HOST_OR_FILE.test(word))
    .filter((word) => {
      const ns = /^([A-Za-z][\w-]*):/.exec(word)?.[1];
      return ns ? roots.has(`${ns}:`) : roots.has(word.split('.')[0]!);
    });
}

/** Every key shown or read out in `root` (its text and people-read attributes), each once, with where it was. */
export function rawKeysIn(root: ParentNode, instance: I18n): string[] {
  const roots = knownRoots(instance);
  const found = new Set<string>();
  const doc = (root as Node).ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent?.closest('script, style, noscript, template, code, kbd, samp')) continue;
    for (const key of rawKeysInText(node.textContent ?? '', roots)) found.add(`"${key}" in <${parent?.tagName.toLowerCase() ?? '#text'}>`);
  }
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of READ_ATTRIBUTES) {
      const value = element.getAttribute(attribute);
      if (value) for (const key of rawKeysInText(value, roots)) found.add(`"${key}" in ${attribute} of <${element.tagName.toLowerCase()}>`);
    }
  }
  return [...found];
}
