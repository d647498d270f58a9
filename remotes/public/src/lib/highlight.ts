const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** Elements whose content is dropped with them (code, not text). */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'noscript']);
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>?|[^<]+|</g;

/** Character references as the text they stand for (the output escapes it again). */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * A search snippet safe for innerHTML: only bare <mark> elements survive; every other tag (and all
 * attributes) is dropped, its text kept and escaped; script-like elements go with their content.
 * A plain string function, so the server's render and the browser's hydration give the same markup.
 */
export function sanitizeHighlight(html: string): string {
  let out = '';
  let dropping: string | null = null;
  let open = 0;
  for (const match of html.matchAll(TOKEN)) {
    const token = match[0];
    const tag = match[1]?.toLowerCase();
    if (token.startsWith('<!--')) continue;
    if (tag && token.startsWith('<')) {
      const closing = token.startsWith('</');
      if (dropping) {
        if (closing && tag === dropping) dropping = null;
        continue;
      }
      if (!closing && DROPPED.has(tag)) dropping = tag;
      else if (tag === 'mark' && !closing) {
        out += '<mark>';
        open += 1;
      } else if (tag === 'mark' && closing && open > 0) {
        out += '</mark>';
        open -= 1;
      }
      continue;
    }
    if (!dropping) out += escapeText(decode(token));
  }
  return out + '</mark>'.repeat(open);
}
