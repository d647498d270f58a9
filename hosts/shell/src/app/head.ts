import { DEFAULT_LOCALE, DEFAULT_SITE_NAME, jsonForScript, type PageHead } from '@vitrine/contracts';
import { LOCALES } from '@vitrine/i18n';

/** Marks the head tags a page owns: the browser replaces them on navigation. */
export const HEAD_ATTRIBUTE = 'data-vt-head';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const absolute = (origin: string, pathOrUrl: string) => (/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`);

/** `?lang=<code>` on a URL (the form every language of a page is reachable at). */
function withLang(url: string, lang: string): string {
  const at = new URL(url);
  at.searchParams.set('lang', lang);
  return at.toString();
}

/** What a head is written with besides the page's own: its language, the site's address and name (og:site_name). */
export interface HeadOptions {
  lang: string;
  origin: string;
  /** The site's name from the page's data (`identityOf`); DEFAULT_SITE_NAME without one. */
  siteName?: string | undefined;
}

/**
 * A page's head tags but its <title>, one string: description, canonical (the URL of the content's own language),
 * the page in each language its content exists in (hreflang, with x-default), Open Graph, Twitter card, feeds and JSON-LD. The server writes it into
 * the HTML; the browser puts the same tags in place after a navigation (applyHead).
 */
export function headTags(head: PageHead, { lang, origin, siteName }: HeadOptions): string {
  const mark = HEAD_ATTRIBUTE;
  const meta = (attr: string, key: string, content: string) => `<meta ${mark} ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}">`;
  const link = (attrs: Record<string, string | undefined>) =>
    `<link ${mark} ${Object.entries(attrs)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}="${escapeHtml(v ?? '')}"`)
      .join(' ')}>`;
  // The page without ?lang= is the default language's version (and x-default); each other language's is at ?lang=.
  const base = absolute(origin, head.canonical);
  const versionUrl = (code: string) => (code === DEFAULT_LOCALE ? base : withLang(base, code));
  const languages = head.languages ?? LOCALES.map((locale) => locale.code);
  const contentLang = head.contentLang ?? lang;
  const canonical = versionUrl(languages.includes(contentLang) ? contentLang : (languages[0] ?? DEFAULT_LOCALE));
  const tags = [meta('name', 'description', head.description)];
  if (head.index === false) tags.push(meta('name', 'robots', 'noindex, follow'));
  tags.push(link({ rel: 'canonical', href: canonical }));
  if (head.index !== false && languages.length > 0) {
    for (const code of languages) tags.push(link({ rel: 'alternate', hreflang: code, href: versionUrl(code) }));
    tags.push(link({ rel: 'alternate', hreflang: 'x-default', href: base }));
  }
  tags.push(
    meta('property', 'og:site_name', siteName || DEFAULT_SITE_NAME),
    meta('property', 'og:locale', lang.replace('-', '_')),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
  );
  if (head.image) tags.push(meta('property', 'og:image', head.image.url), meta('property', 'og:image:alt', head.image.alt));
  for (const [attr, key, content] of head.meta ?? []) tags.push(meta(attr, key, content));
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image.url), meta('name', 'twitter:image:alt', head.image.alt));
  for (const l of head.links ?? []) tags.push(link({ rel: l.rel, href: l.href, type: l.type, title: l.title }));
  for (const data of head.jsonLd ?? []) tags.push(`<script ${mark} type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.join('');
}

/**
 * After a navigation: the page's title and head tags replace the previous page's. Imported when first needed
 * (remote-page.tsx): a server-rendered first page has its head already, so this is no part of its first load.
 */
export function applyHead(head: PageHead, options: HeadOptions): void {
  document.title = head.title;
  for (const old of Array.from(document.head.querySelectorAll(`[${HEAD_ATTRIBUTE}]`))) old.remove();
  // Parsed in an inert <template>: JSON-LD scripts are data, never run.
  const template = document.createElement('template');
  template.innerHTML = headTags(head, options);
  document.head.append(template.content);
}
