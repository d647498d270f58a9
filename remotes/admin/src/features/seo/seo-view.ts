import { buildPath, isSeoPage, PUBLIC_ROUTES, type ErrorEnvelope, type PublicRouteName, type SeoCreateInput, type SeoEntry, type SeoUpdateInput } from '@vitrine/contracts';
import { isHttpError } from '@vitrine/core';

/**
 * The public routes whose pages get the active entries' markup, and those that never do, as the shell
 * (app/seo.ts) and the server's rendered pages (plugins/seo-pages.ts) decide it: contracts' isSeoPage.
 * (Admin pages and unknown addresses are no public route: they never get it either.)
 */
const PUBLIC_ROUTE_NAMES = Object.keys(PUBLIC_ROUTES) as PublicRouteName[];
export const SEO_PAGE_ROUTES = PUBLIC_ROUTE_NAMES.filter((name) => isSeoPage(buildPath(PUBLIC_ROUTES[name])));
export const NON_SEO_PAGE_ROUTES = PUBLIC_ROUTE_NAMES.filter((name) => !SEO_PAGE_ROUTES.includes(name));

/** The elements the summary counts one by one; any other is counted as `other`. */
export const COUNTED_TAGS = ['script', 'meta', 'link', 'style', 'noscript', 'iframe', 'img'] as const;
export type CountedTag = (typeof COUNTED_TAGS)[number];

export type MarkupPlace = 'head' | 'body';

export interface MarkupSummary {
  /** Opening tags by element. */
  tags: Record<CountedTag, number>;
  /** Opening tags of any other element (div, p, span…). */
  otherTags: number;
  /** Scripts loaded from an address (src) and scripts with code of their own. */
  externalScripts: number;
  inlineScripts: number;
  /** Every host the markup names, in attributes or inside code, sorted. */
  domains: string[];
  /**
   * Hosts named inside code (an inline script or style) but never as a `src=` or `href=` address: the
   * public pages' Content-Security-Policy lets them load only from the hosts the active entries write
   * so (the API's seoSources, plugins/security-headers.ts), so loading from these is blocked unless
   * another active entry names them that way.
   */
  codeOnlyDomains: string[];
  /** on…= attributes and javascript: addresses: the public pages' policy never lets them run. */
  eventHandlers: number;
  javascriptUrls: number;
  /**
   * Elements whose content the HTML parser reads up to their closing tag (script, style, iframe…), and
   * comments, left open: on a server-rendered page they swallow the rest of the page.
   */
  unclosed: string[];
  /** In the head: elements that do not belong there (browsers end the head and move them into the body). */
  misplaced: string[];
}

/** Elements whose content is text up to `</name` (the HTML parser's raw text and RCDATA elements). */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'title', 'textarea', 'xmp', 'noembed', 'noframes']);
/** What may stand in a document's head. */
const HEAD_ELEMENTS = new Set(['meta', 'link', 'style', 'script', 'noscript', 'title', 'base', 'template']);

const OPEN_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
const CLOSE_TAG = /<\/([a-zA-Z][a-zA-Z0-9-]*)\s*>/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const HOST = '([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+)';
/** http(s)://host, also JSON-escaped (https:\/\/host), and //host after a quote, `(`, `=` or a space. */
const URL_HOSTS = [new RegExp(`https?:\\\\?/\\\\?/${HOST}`, 'gi'), new RegExp(`["'(=\\s]//${HOST}`, 'gi')];
/** A `src=` or `href=` address anywhere in the text, as the API reads the markup for the pages' policy. */
const URL_ATTR = /\b(?:src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

function hostsIn(text: string): string[] {
  return URL_HOSTS.flatMap((re) => [...text.matchAll(re)].map((m) => (m[1] ?? '').toLowerCase()));
}

/** The hosts the public pages' policy lets this markup load from: absolute http(s) `src=`/`href=` addresses. */
function allowedHosts(markup: string): Set<string> {
  const hosts = new Set<string>();
  for (const match of markup.matchAll(URL_ATTR)) {
    const value = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    try {
      const url = new URL(value.startsWith('//') ? `https:${value}` : value);
      if (url.protocol === 'https:' || url.protocol === 'http:') hosts.add(url.hostname);
    } catch {
      // a relative address: this site
    }
  }
  return hosts;
}

function attributesOf(text: string): { name: string; value: string }[] {
  return [...text.matchAll(ATTRIBUTE)].map((m) => ({ name: (m[1] ?? '').toLowerCase(), value: m[2] ?? m[3] ?? m[4] ?? '' }));
}

const emptyTags = (): Record<CountedTag, number> => Object.fromEntries(COUNTED_TAGS.map((tag) => [tag, 0])) as Record<CountedTag, number>;

/**
 * What a markup holds, read as text (nothing is parsed by the browser, nothing runs): its elements, its
 * scripts, the hosts it names, what the public pages' policy blocks and what would break a page.
 */
export function summarizeMarkup(markup: string, place: MarkupPlace): MarkupSummary {
  const tags = emptyTags();
  let otherTags = 0;
  let externalScripts = 0;
  let inlineScripts = 0;
  let eventHandlers = 0;
  let javascriptUrls = 0;
  const codeHosts = new Set<string>();
  const unclosed = new Set<string>();
  const misplaced = new Set<string>();
  /** How deep in <noscript> (what is in it stays where it is). */
  let noscript = 0;

  const lower = markup.toLowerCase();
  let at = 0;
  while (at < markup.length) {
    const lt = markup.indexOf('<', at);
    if (lt < 0) break;
    if (markup.startsWith('<!--', lt)) {
      const end = markup.indexOf('-->', lt + 4);
      if (end < 0) {
        unclosed.add('comment');
        break;
      }
      at = end + 3;
      continue;
    }
    CLOSE_TAG.lastIndex = lt;
    const close = CLOSE_TAG.exec(markup);
    if (close) {
      if (close[1]?.toLowerCase() === 'noscript' && noscript > 0) noscript -= 1;
      at = CLOSE_TAG.lastIndex;
      continue;
    }
    OPEN_TAG.lastIndex = lt;
    const open = OPEN_TAG.exec(markup);
    if (!open) {
      at = lt + 1;
      continue;
    }
    at = OPEN_TAG.lastIndex;
    const name = (open[1] ?? '').toLowerCase();
    const attributes = attributesOf(open[2] ?? '');
    if ((COUNTED_TAGS as readonly string[]).includes(name)) tags[name as CountedTag] += 1;
    else otherTags += 1;
    if (place === 'head' && noscript === 0 && !HEAD_ELEMENTS.has(name)) misplaced.add(name);
    for (const { name: attribute, value } of attributes) {
      if (/^on[a-z]+$/.test(attribute)) eventHandlers += 1;
      if (/^\s*javascript:/i.test(value)) javascriptUrls += 1;
    }
    if (name === 'noscript' && !open[0].endsWith('/>')) noscript += 1;
    if (!RAW_TEXT.has(name)) continue;
    // Raw text: the content ends at the first `</name`, whatever it holds.
    const end = lower.indexOf(`</${name}`, at);
    const content = markup.slice(at, end < 0 ? markup.length : end);
    if (name === 'script') {
      if (attributes.some((a) => a.name === 'src')) externalScripts += 1;
      else if (content.trim()) inlineScripts += 1;
    }
    if (name === 'script' || name === 'style') for (const host of hostsIn(content)) codeHosts.add(host);
    if (end < 0) {
      unclosed.add(name);
      break;
    }
    at = end;
  }

  const allowed = allowedHosts(markup);
  return {
    tags,
    otherTags,
    externalScripts,
    inlineScripts,
    domains: [...new Set([...hostsIn(markup), ...allowed])].sort(),
    codeOnlyDomains: [...codeHosts].filter((host) => !allowed.has(host)).sort(),
    eventHandlers,
    javascriptUrls,
    unclosed: [...unclosed],
    misplaced: [...misplaced].sort(),
  };
}

/** The non-zero counts of a summary, in COUNTED_TAGS order, then `other`. */
export function tagCounts(summary: Pick<MarkupSummary, 'tags' | 'otherTags'>): { tag: CountedTag | 'other'; count: number }[] {
  const counts: { tag: CountedTag | 'other'; count: number }[] = COUNTED_TAGS.filter((tag) => summary.tags[tag] > 0).map((tag) => ({ tag, count: summary.tags[tag] }));
  if (summary.otherTags > 0) counts.push({ tag: 'other', count: summary.otherTags });
  return counts;
}

/** An entry's two markups together (the list's line): the elements and the hosts of both. */
export function entrySummary(entry: Pick<SeoEntry, 'head_markup' | 'body_markup'>): { counts: ReturnType<typeof tagCounts>; domains: string[] } {
  const head = summarizeMarkup(entry.head_markup, 'head');
  const body = summarizeMarkup(entry.body_markup, 'body');
  const tags = Object.fromEntries(COUNTED_TAGS.map((tag) => [tag, head.tags[tag] + body.tags[tag]])) as Record<CountedTag, number>;
  return { counts: tagCounts({ tags, otherTags: head.otherTags + body.otherTags }), domains: [...new Set([...head.domains, ...body.domains])].sort() };
}

/** The editor's values. */
export interface SeoFormValues {
  name: string;
  head_markup: string;
  body_markup: string;
  active: boolean;
}

export const EMPTY_VALUES: SeoFormValues = { name: '', head_markup: '', body_markup: '', active: true };

export const valuesOf = (entry: SeoEntry | null): SeoFormValues =>
  entry ? { name: entry.name, head_markup: entry.head_markup, body_markup: entry.body_markup, active: entry.active } : EMPTY_VALUES;

/** A new entry as POST /seo/seo takes it (the name trimmed, the markups as typed). */
export const createInput = (values: SeoFormValues): SeoCreateInput => ({
  name: values.name.trim(),
  head_markup: values.head_markup,
  body_markup: values.body_markup,
  active: values.active,
});

/** What an edit changed, for PUT /seo/seo/{id}/{unique_key}; empty when nothing did. */
export function updateInput(values: SeoFormValues, entry: SeoEntry): SeoUpdateInput {
  const input: SeoUpdateInput = {};
  if (values.name.trim() !== entry.name) input.name = values.name.trim();
  if (values.head_markup !== entry.head_markup) input.head_markup = values.head_markup;
  if (values.body_markup !== entry.body_markup) input.body_markup = values.body_markup;
  if (values.active !== entry.active) input.active = values.active;
  return input;
}

/** Whether the editor holds something not saved (a new entry: anything typed). */
export function isDirty(values: SeoFormValues, entry: SeoEntry | null): boolean {
  if (entry) return Object.keys(updateInput(values, entry)).length > 0;
  return values.name.trim() !== '' || values.head_markup.trim() !== '' || values.body_markup.trim() !== '';
}

/** The markup's lines, for the preview (numbered, shown as text). */
export const linesOf = (markup: string): string[] => markup.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');

const MARKUP_FIELDS = ['head_markup', 'body_markup'] as const;
type MarkupField = (typeof MARKUP_FIELDS)[number];

/** What the API found in a markup it refused to store for a non-admin. */
export interface ScriptMarkupRefusal {
  property: MarkupField;
  /** What can run code, as written in markup (`<script>`, `onerror=`, `javascript:`): the same in every language. */
  found: string[];
  /** The markup ends inside a tag, a comment or an element left open (what follows it would be read otherwise). */
  unfinished: boolean;
}

/**
 * The API's refusal of markup that can run code from someone who is not an administrator (403
 * SCRIPT_MARKUP_ADMIN_ONLY), per markup field: its field errors name the field, and what was found by kind
 * (`{ script: '<script>', eventHandler: 'onerror=, onload=', unclosed: '…' }`). A refusal that names no field is
 * put on each markup the save sent. Empty for any other failure.
 */
export function scriptMarkupRefusal(error: unknown, sent: SeoCreateInput | SeoUpdateInput): ScriptMarkupRefusal[] {
  if (!isHttpError(error) || error.response?.status !== 403) return [];
  const body = error.response.data as Partial<ErrorEnvelope> | undefined;
  if (body?.code !== 'SCRIPT_MARKUP_ADMIN_ONLY') return [];
  const named = (body.errors ?? []).filter((item): item is typeof item & { property: MarkupField } => (MARKUP_FIELDS as readonly string[]).includes(item.property));
  if (named.length === 0) return MARKUP_FIELDS.filter((field) => sent[field] !== undefined).map((property) => ({ property, found: [], unfinished: false }));
  return named.map(({ property, message = {} }) => ({
    property,
    found: Object.entries(message)
      .filter(([kind, text]) => kind !== 'unclosed' && text)
      .map(([, text]) => text),
    unfinished: 'unclosed' in message,
  }));
}
