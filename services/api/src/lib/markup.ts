import { randomUUID } from 'node:crypto';
import { Parser, type DefaultTreeAdapterMap, type ParserOptions, type Token } from 'parse5';

/**
 * What in a piece of staff-written markup can run code (docs/decisions/seo-markup.md): the one place that says
 * it. The SEO entries' markup goes as it is into every public page, on the back-office's own origin, and the
 * page's Content-Security-Policy lets its inline scripts run by their hashes; so markup that can run code is an
 * administrator's to store, and everyone else's markup must be plain (meta tags, links, JSON-LD, images…).
 *
 * The markup is read by a real HTML parser (parse5, the WHATWG parsing algorithm browsers implement), never by
 * patterns: entities are decoded, `<svg>`/`<math>` content and CDATA are read as browsers read them, and what a
 * comment or a `<title>` holds is text. Every start tag the tokenizer emits is looked at, also those the tree
 * builder then drops, and the markup is read in the places it goes: the end of the `<head>` and the start of
 * the `<body>` of a server-rendered page, a fragment as the shell inserts it, and with scripting off too (what
 * a `<noscript>` holds).
 */

/** Why markup can run code; the key of its field error in the API's answer. */
export type MarkupFindingKind =
  /** Any `<script>` but a JSON-LD data block; `<handler>`/`<listener>`. */
  | 'script'
  /** An `on…` attribute, on any element (SVG and MathML included). */
  | 'eventHandler'
  /** A `javascript:`, `vbscript:` or `livescript:` address, or a `data:` one that is no image, font, text or CSS. */
  | 'scriptUrl'
  /** `<iframe>`, `<frame>`, `<frameset>`, `<object>`, `<embed>`, `<applet>`, `<portal>`, `<fencedframe>`. */
  | 'frame'
  /** `<base>`: every relative address of the page, its scripts' included, would point elsewhere. */
  | 'base'
  /** `<meta http-equiv>`, any (refresh, a policy of its own, cookies…). */
  | 'metaHttpEquiv'
  /** `<link rel=import>`. */
  | 'linkImport'
  /** `srcdoc=`: a whole document in an attribute. */
  | 'srcdoc'
  /** SVG animation (`<set>`, `<animate…>`): can turn a link into a javascript: address. */
  | 'svgAnimation'
  /** CSS that runs code in some browser: `expression(`, `-moz-binding`, `behavior:`, a javascript: address. */
  | 'styleCode'
  /** A tag or attribute name holding `<` (`<scr<script>`): tag soup other readers of the markup read otherwise. */
  | 'malformed'
  /**
   * The markup ends inside a tag, an attribute, a comment, an element read as text (`<style>`, `<noscript>`…),
   * SVG/MathML, a `<template>`, a `<select>` or a table: what follows it on the page (the next entry, the page
   * itself) would be read differently, and could become code.
   */
  | 'unclosed';

export interface MarkupFinding {
  kind: MarkupFindingKind;
  /** What was found, as written in markup (`<script>`, `onerror=`, `javascript:`): the same in every language. */
  label: string;
}

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];
type Attribute = Token.Attribute;

const HTML_NS = 'http://www.w3.org/1999/xhtml';

const FRAMES = new Set(['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'fencedframe']);
const SVG_ANIMATION = new Set(['set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor']);
/** SVG Tiny's event elements (no browser runs them today; nothing an SEO tag needs either). */
const SVG_HANDLERS = new Set(['handler', 'listener']);
const JSON_LD = 'application/ld+json';
/** What a JSON-LD block may carry besides its type. */
const JSON_LD_ATTRIBUTES = new Set(['type', 'id', 'class']);
/** What inside a script's text changes where the HTML parser ends it (the script data escaped states). */
const SCRIPT_TEXT_ESCAPE = /<!--|<\/?script/i;

/** Schemes that run what follows them. */
const SCRIPT_SCHEMES = ['javascript:', 'vbscript:', 'livescript:'];
/** `data:` media types that cannot hold code (no HTML, XML, SVG or script). */
const INERT_DATA = /^(?:|text\/plain|text\/css|font\/[a-z0-9.+-]+|image\/(?:png|apng|gif|jpeg|jpg|pjpeg|webp|avif|bmp|x-icon|vnd\.microsoft\.icon))$/;
/**
 * What a browser ignores or drops in an address before reading its scheme (ASCII whitespace and control
 * characters), and more (C1 controls, zero-width and other invisible characters): `java\nscript:`, `&#1;javascript:`.
 */
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g;

/** Attributes that hold words for people, never an address a browser follows or code: not read as addresses. */
function isTextAttribute(element: string, attribute: Attribute, attributes: readonly Attribute[]): boolean {
  const name = attribute.name.toLowerCase();
  if (name === 'alt' || name === 'title' || name === 'placeholder' || name.startsWith('aria-')) return true;
  // A meta's content is text (a description may start with "JavaScript:"); one with http-equiv is refused anyway.
  return element === 'meta' && name === 'content' && !attributes.some((a) => a.name.toLowerCase() === 'http-equiv');
}

/** The address's scheme problem, as a label: `javascript:`, `data:text/html`; undefined when it runs nothing. */
export function scriptUrl(value: string): string | undefined {
  const url = value.replace(INVISIBLE, '').toLowerCase();
  const scheme = SCRIPT_SCHEMES.find((s) => url.startsWith(s));
  if (scheme) return scheme;
  if (!url.startsWith('data:')) return undefined;
  const type = (url.slice(5).split(/[,;]/, 1)[0] ?? '').trim();
  return INERT_DATA.test(type) ? undefined : `data:${type || '…'}`;
}

/** CSS escapes (`\65 `, `\e`) read as the characters they stand for, comments left out. */
function plainCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?/g, (_, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    })
    .replace(/\\([\s\S])/g, '$1')
    .replace(INVISIBLE, '')
    .toLowerCase();
}

const CSS_CODE = ['expression(', '-moz-binding', 'behavior:', 'javascript:', 'vbscript:'];

/** What in a style sheet or a style attribute runs code in some browser, as a label. */
export function styleCode(css: string): string | undefined {
  const plain = plainCss(css);
  return CSS_CODE.find((code) => plain.includes(code));
}

/** A start tag as the tokenizer emitted it (names in lower case, entities decoded). */
interface StartTag {
  name: string;
  attrs: Attribute[];
}

/** parse5's parser, keeping every start tag its tokenizer emits, also those the tree builder ignores. */
class RecordingParser extends Parser<DefaultTreeAdapterMap> {
  readonly startTags: StartTag[] = [];

  override onStartTag(token: Token.TagToken): void {
    this.startTags.push({ name: token.tagName, attrs: token.attrs.map((a) => ({ ...a })) });
    super.onStartTag(token);
  }
}

type Options = ParserOptions<DefaultTreeAdapterMap>;

function parseDocument(html: string, options: Options): { root: Node; startTags: StartTag[] } {
  const parser = new RecordingParser(options);
  parser.tokenizer.write(html, true);
  return { root: parser.document, startTags: parser.startTags };
}

function parseFragment(html: string, options: Options): { root: Node; startTags: StartTag[] } {
  // The shell inserts each entry with createContextualFragment in the body (and the head, read as the body).
  const context = (parseDocument('<body>', options).root as DefaultTreeAdapterMap['document']).childNodes[0] as Element;
  const body = context.childNodes.find((n) => n.nodeName === 'body') as Element;
  const parser = RecordingParser.getFragmentParser(body, options) as RecordingParser;
  parser.tokenizer.write(html, true);
  return { root: parser.getFragment(), startTags: parser.startTags };
}

const inHead = (markup: string) => `<!DOCTYPE html><html><head>${markup}</head><body></body></html>`;
const inBody = (markup: string) => `<!DOCTYPE html><html><head></head><body>${markup}</body></html>`;

/** Element children, template contents included (a declarative shadow root's content is live). */
function* elements(node: Node, inTemplate = false): Generator<{ element: Element; ancestors: Element[]; inTemplate: boolean }> {
  const stack: { node: Node; ancestors: Element[]; inTemplate: boolean }[] = [{ node, ancestors: [], inTemplate }];
  while (stack.length > 0) {
    const { node: current, ancestors, inTemplate: templated } = stack.pop()!;
    const isElement = 'tagName' in current;
    if (isElement) yield { element: current, ancestors, inTemplate: templated };
    const below = isElement ? [...ancestors, current] : ancestors;
    const children = 'childNodes' in current ? current.childNodes : [];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push({ node: children[i]!, ancestors: below, inTemplate: templated });
    if (isElement && current.tagName === 'template' && 'content' in current) stack.push({ node: current.content, ancestors: below, inTemplate: true });
  }
}

const textOf = (element: Element) => element.childNodes.map((n) => ('value' in n && n.nodeName === '#text' ? n.value : '')).join('');
const attr = (attrs: readonly Attribute[], name: string) => attrs.find((a) => a.name.toLowerCase() === name)?.value;

/** Whether a script start tag names a JSON-LD block and nothing else. */
function isJsonLdTag(attrs: readonly Attribute[]): boolean {
  return (attr(attrs, 'type') ?? '').trim().toLowerCase() === JSON_LD && attrs.every((a) => JSON_LD_ATTRIBUTES.has(a.name.toLowerCase()));
}

/** What a start tag (its name and its attributes) can run. */
function startTagFindings(tag: StartTag, add: (kind: MarkupFindingKind, label: string) => void): void {
  const name = tag.name.toLowerCase();
  if (name.includes('<')) add('malformed', `<${tag.name}>`);
  if (name === 'script' && !isJsonLdTag(tag.attrs)) add('script', '<script>');
  if (SVG_HANDLERS.has(name)) add('script', `<${name}>`);
  if (FRAMES.has(name)) add('frame', `<${name}>`);
  if (name === 'base') add('base', '<base>');
  if (name === 'meta' && attr(tag.attrs, 'http-equiv') !== undefined) add('metaHttpEquiv', '<meta http-equiv>');
  if (name === 'link' && (attr(tag.attrs, 'rel') ?? '').toLowerCase().split(/[\t\n\f\r ]+/).includes('import')) add('linkImport', '<link rel=import>');
  if (SVG_ANIMATION.has(name)) add('svgAnimation', `<${name}>`);
  for (const attribute of tag.attrs) {
    const attrName = (attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name).toLowerCase();
    if (attrName.includes('<')) add('malformed', `${attrName}=`);
    // A prefixed name (`xlink:…`, `foo:onclick`) counts by its local part too.
    if (attrName.startsWith('on') || (attrName.split(':').pop() ?? '').startsWith('on')) add('eventHandler', `${attrName}=`);
    if (attrName === 'srcdoc') add('srcdoc', 'srcdoc=');
    if (attrName === 'style') {
      const code = styleCode(attribute.value);
      if (code) add('styleCode', code);
    }
    if (!isTextAttribute(name, attribute, tag.attrs)) {
      const url = scriptUrl(attribute.value);
      if (url) add('scriptUrl', url);
    }
  }
}

/** What the parsed tree holds that the start tags alone do not say: a script's namespace and text, a style sheet. */
function treeFindings(root: Node, add: (kind: MarkupFindingKind, label: string) => void): void {
  for (const { element } of elements(root)) {
    const name = element.tagName.toLowerCase();
    if (name === 'script') {
      const plainJsonLd = element.namespaceURI === HTML_NS && isJsonLdTag(element.attrs) && !SCRIPT_TEXT_ESCAPE.test(textOf(element));
      if (!plainJsonLd) add('script', '<script>');
    } else if (name === 'style') {
      const code = styleCode(textOf(element));
      if (code) add('styleCode', code);
    }
  }
}

/** Elements whose being left open changes how what follows is read (or that make it inert and then live again). */
const NOT_CLOSED = new Set(['template', 'noscript', 'select', 'table', 'caption', 'colgroup', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'frameset']);

/**
 * Whether the markup ends where it began: in the tokenizer's data state, with only harmless HTML elements left
 * open. Read with a marker after it (a text and a script, their content unguessable): the marker must come out
 * as that text followed by that script, in the HTML namespace, under no element of NOT_CLOSED. An unfinished
 * tag, attribute, comment or `<`, an element read as text (`<style>`, `<textarea>`, `<noscript>`…), SVG/MathML
 * or a template swallows or changes it.
 */
function endsClosed(markup: string, wrap: (markup: string) => string): boolean {
  const id = randomUUID().replace(/-/g, '');
  const text = `Zq${id}`;
  const code = `/*${id}*/`;
  const { root } = parseDocument(wrap(`${markup}${text}<script>${code}</script>`), { scriptingEnabled: true });
  for (const { element, ancestors, inTemplate } of elements(root)) {
    if (element.tagName !== 'script' || element.namespaceURI !== HTML_NS || element.attrs.length > 0 || textOf(element) !== code) continue;
    if (inTemplate || ancestors.some((a) => a.namespaceURI !== HTML_NS || NOT_CLOSED.has(a.tagName))) return false;
    const siblings = element.parentNode?.childNodes ?? [];
    const before = siblings[siblings.indexOf(element) - 1];
    return before !== undefined && before.nodeName === '#text' && 'value' in before && before.value.endsWith(text);
  }
  return false;
}

/**
 * Everything in `markup` that can run code, each once, in the order found; empty when the markup is plain.
 * Not executable: meta tags (but http-equiv), links (but rel=import), styles, images, noscript, text, comments,
 * and `<script type="application/ld+json">` with only an id or class besides, whose text holds no `<!--`,
 * `<script` or `</script`.
 */
export function executableMarkup(markup: string): MarkupFinding[] {
  if (markup.trim() === '') return [];
  const found = new Map<string, MarkupFinding>();
  const add = (kind: MarkupFindingKind, label: string) => {
    const key = `${kind}|${label}`;
    if (!found.has(key)) found.set(key, { kind, label });
  };
  const reads = [
    parseDocument(inHead(markup), { scriptingEnabled: true }),
    parseDocument(inBody(markup), { scriptingEnabled: true }),
    // Scripting off: what a <noscript> holds is read as markup.
    parseDocument(inHead(markup), { scriptingEnabled: false }),
    parseDocument(inBody(markup), { scriptingEnabled: false }),
    parseFragment(markup, { scriptingEnabled: true }),
  ];
  for (const { root, startTags } of reads) {
    for (const tag of startTags) startTagFindings(tag, add);
    treeFindings(root, add);
  }
  if (!endsClosed(markup, inHead) || !endsClosed(markup, inBody)) add('unclosed', 'unclosed');
  return [...found.values()];
}

/** Whether storing `markup` is an administrator's power (it can run code). */
export const isExecutableMarkup = (markup: string): boolean => executableMarkup(markup).length > 0;
