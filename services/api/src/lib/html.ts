import sanitizeHtml from 'sanitize-html';

/**
 * Article HTML allow-list: what the editor produces and nothing else, so an
 * article can never carry script into a reader's page. Scripts, styles, iframes, SVG, event handlers, style/class
 * attributes and javascript:/data: URLs never survive.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'img', 'br', 'hr', 'figure', 'figcaption'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped with their content (not just the tags).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      const rel = new Set((out.rel ?? '').split(/\s+/).filter((r) => ['noopener', 'noreferrer', 'nofollow', 'ugc'].includes(r)));
      rel.add('noopener');
      out.rel = [...rel].join(' ');
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag !== 'img') return false;
    const src = frame.attribs.src ?? '';
    // Images come from our uploads or an https address; anything else (data:, http:, relative paths) goes.
    return !(src.startsWith('/uploads/') || /^https:\/\//i.test(src));
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags ?? [], disallowedTagsMode: 'discard' };

/**
 * Text that may hold markup or entities, as HTML that shows it as plain text and nothing else: tags are
 * dropped (scripts, styles and the like with their content), entities decoded, and what is left written
 * back with `&`, `<` and `>` as entities, on one line. For places read as HTML where text is meant: an
 * RSS description is HTML to a feed reader, so `&lt;img onerror=…&gt;` in an excerpt must reach it as
 * the text `<img onerror=…>`, never as an image.
 */
export function htmlAsText(html: string): string {
  return sanitizeHtml(html, TEXT_ONLY).replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const BLOCKS = /<\/?(p|h[1-6]|li|ul|ol|blockquote|pre|figure|figcaption|br|hr)\b[^>]*>/gi;

/** Plain text of sanitized HTML (search, excerpts, reading time); control characters removed. */
export function htmlToText(html: string): string {
  return html
    .replace(BLOCKS, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|apos|#39);/g, (_, name: string) => ENTITIES[name] ?? ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .split('')
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The excerpt default: about the first 160 characters, cut at a word, with an ellipsis when cut. */
export function defaultExcerpt(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** Markers ts_headline puts around matches: control characters, which htmlToText removes from the stored text. */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_STOP = '\u0003';

/** A ts_headline result as safe HTML: the text escaped, only our markers turned into <mark>. */
export function highlightToHtml(headline: string): string {
  return escapeHtml(headline).split(HIGHLIGHT_START).join('<mark>').split(HIGHLIGHT_STOP).join('</mark>');
}
