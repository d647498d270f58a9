import { jsonForScript, MAIN_CONTENT_ID, SHELL_STARTER, SSR_DATA_ID, type ServerRenderedPage } from '@vitrine/contracts';
import { escapeHtml } from '../lib/html';

const TITLE = /<title\b[^>]*>[\s\S]*?<\/title\s*>/i;
const DESCRIPTION = /<meta\b(?:[^>"']|"[^"]*"|'[^']*')*\bname\s*=\s*(?:"description"|'description'|description)(?=[\s>/])(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const HTML_OPEN = /<html\b[^>]*>/i;
const HEAD_END = /<\/head\s*>/i;
const BODY_OPEN = /<body\b[^>]*>/i;
const BODY_END = /<\/body\s*>/i;
/** The shell's entry script (the first script with a src): `src` in group 1, 2 or 3 (by its quotes). */
const ENTRY_SCRIPT = /<script\b(?:[^>"']|"[^"]*"|'[^']*')*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))(?:[^>"']|"[^"]*"|'[^']*')*>\s*<\/script\s*>/i;
/** The shell's empty mount point. */
const ROOT = /(<div\b(?:[^>"']|"[^"]*"|'[^']*')*?\bid\s*=\s*(?:"root"|'root'|root)(?=[\s>/])(?:[^>"']|"[^"]*"|'[^']*')*>)\s*(<\/div\s*>)/i;

/**
 * A remote's stylesheet: its address (an absolute path or URL) and its file name in the remote's build. The file
 * name goes in `data-href`, which is how webpack's CSS chunk loader in the browser recognizes a stylesheet already
 * in the page; without it the remote adds a second copy of the file during hydration, and the browser recomputes
 * the whole page's style (docs/performance.md).
 */
export interface PageStylesheet {
  href: string;
  file: string;
}

export interface DocumentParts {
  /** Stylesheets of the remote the page comes from. */
  styles: readonly PageStylesheet[];
  /** Scripts hydration needs (the remote's entry and exposed chunks): prefetched, so starting costs no round trip. */
  scripts?: readonly string[];
  /** The staff's SEO markup (head and body snippets), as the browser's shell would insert it. */
  seo: readonly { head_markup: string; body_markup: string }[];
  /** The release of each remote the page was rendered with: `<meta name="release:<remote>" content="<id>">`. */
  releases?: Readonly<Record<string, string>>;
}

/**
 * The shell's index.html around a rendered page: its language, its head (title, tags, the remote's
 * stylesheets, the SEO markup), its markup inside #root, its hydration data, and the shell's starter in
 * place of its entry script. Replacements use
 * functions, never strings, so `$&` in a title stays literal. Undefined when the shell has no empty
 * #root (the plain shell is sent then).
 */
export function composeDocument(shellHtml: string, page: ServerRenderedPage, parts: DocumentParts): string | undefined {
  if (!ROOT.test(shellHtml)) return undefined;
  // The first paint waits for the page's content to be parsed whole: a paint of a half-parsed document would
  // show a header without its last buttons, which then shift into place.
  const styles =
    `<link rel="expect" href="#${MAIN_CONTENT_ID}" blocking="render">` +
    parts.styles.map(({ href, file }) => `<link rel="stylesheet" href="${escapeHtml(href)}" data-href="${escapeHtml(file)}">`).join('') +
    (parts.scripts ?? []).map((href) => `<link rel="prefetch" as="script" href="${escapeHtml(href)}">`).join('');
  const seoHead = parts.seo.map((entry) => entry.head_markup.trim()).filter(Boolean).join('');
  // Which build rendered the page (docs/decisions/releases.md, "One version per page").
  const releases = Object.entries(parts.releases ?? {})
    .map(([remote, id]) => `<meta name="release:${escapeHtml(remote)}" content="${escapeHtml(id)}">`)
    .join('');
  const seoBody = parts.seo.map((entry) => entry.body_markup.trim()).filter(Boolean).join('');
  const data = `<script id="${SSR_DATA_ID}" type="application/json">${jsonForScript(page.data)}</script>`;
  let html = shellHtml.replace(TITLE, '').replace(DESCRIPTION, '');
  // The page's load runs only the shell's starter; it starts the entry on the visitor's first intent
  // (hosts/shell/src/start/start.ts; docs/decisions/server-rendering.md, "Starting on intent").
  html = html.replace(ENTRY_SCRIPT, (_match, double?: string, single?: string, bare?: string) => {
    const entry = double ?? single ?? bare ?? '';
    const starter = entry.slice(0, entry.lastIndexOf('/') + 1) + SHELL_STARTER;
    const beacon = page.beacon ? ` data-beacon="${escapeHtml(page.beacon)}" data-api="${escapeHtml(page.data.runtime?.apiBaseUrl ?? '/api')}"` : '';
    return `<script defer src="${escapeHtml(starter)}" data-main="${escapeHtml(entry)}"${beacon}></script>`;
  });
  html = html.replace(HTML_OPEN, (open) => (/\blang\s*=/.test(open) ? open.replace(/\blang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, () => `lang="${escapeHtml(page.data.lang)}"`) : open.replace(/>$/, () => ` lang="${escapeHtml(page.data.lang)}">`)));
  html = html.replace(HEAD_END, (end) => `${page.head}${releases}${styles}${seoHead}${end}`);
  if (seoBody) html = html.replace(BODY_OPEN, (open) => `${open}${seoBody}`);
  html = html.replace(ROOT, (_match, open: string, close: string) => `${open}${page.body}${close}`);
  return html.replace(BODY_END, (end) => `${data}${end}`);
}
