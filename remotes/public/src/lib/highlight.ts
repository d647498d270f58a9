const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'NOSCRIPT']);

function serialize(node: Node): string {
  let out = '';
  node.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) {
      out += escapeText(child.textContent ?? '');
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      const tag = (child as Element).tagName;
      if (DROPPED.has(tag)) return;
      const inner = serialize(child);
      out += tag === 'MARK' ? `<mark>${inner}</mark>` : inner;
    }
  });
  return out;
}

/**
 * A search snippet safe for innerHTML: only bare <mark> elements survive;
 * every other tag (and all attributes) is dropped, its text kept and escaped.
 * Parsed in an inert <template>, so nothing in the input runs or loads.
 */
export function sanitizeHighlight(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return serialize(template.content);
}
