import type { FastifyBaseLogger } from 'fastify';
import type { ArticleCard, CategoryChip } from '@vitrine/contracts';
import type { AppConfig } from '../config';
import type { Db } from '../db';
import { NotFoundError } from '../errors';
import { defaultExcerpt, escapeHtml, sanitizeArticleHtml } from '../lib/html';
import { DEFAULT_IMAGE_WIDTH } from '../lib/image-pipeline';
import type { ImageStorage } from '../lib/image-storage';
import * as articles from '../repositories/articles';
import * as categories from '../repositories/categories';
import * as contentVersion from '../repositories/content-version';
import * as images from '../repositories/images';
import type { ImageRow } from '../repositories/images';
import * as seo from '../repositories/seo-pages';
import { toImage } from './content-presenters';
import type { PublicContentService } from './public-content';

/**
 * Findable without JavaScript (docs/decisions/findable-without-js.md): the
 * shell's index.html with the page's head (title, description, canonical, Open
 * Graph, Twitter card, JSON-LD) and its content for crawlers inside #root, plus
 * the sitemap, robots.txt and RSS feeds. Only what the public API shows is
 * shown here: published articles whose time has come, active categories.
 */

export const SITE_NAME = 'Vitrine';
export const SITE_LOCALE = 'pt_BR';
export const SITE_LANGUAGE = 'pt-BR';
/** The public remote's blog page size (remotes/public BLOG_PAGE_SIZE). */
export const BLOG_PAGE_SIZE = 12;
export const HOME_LIST_SIZE = 12;
export const RELATED_SIZE = 4;
export const FEED_SIZE = 20;
/** Sitemap, robots.txt and feeds: shared caches may keep them five minutes. */
export const FEED_CACHE_CONTROL = 'public, max-age=300';
const MAX_PAGE = 100_000;
const DISPLAY_TIME_ZONE = 'America/Sao_Paulo';

// pt-BR copy of the public remote (shared/i18n pt-BR `public` namespace), for pages without JavaScript.
const TEXT = {
  blogTitle: 'Blog',
  blogSubtitle: 'Ideias práticas sobre tecnologia, design, marketing e gestão.',
  recent: 'Artigos recentes',
  allArticles: 'Ver todos os artigos',
  categories: 'Categorias',
  related: 'Leia também',
  by: 'Por',
  about: 'Sobre',
  noBiography: 'Nenhuma biografia cadastrada',
  articlesBy: 'Artigos',
  page: 'Página',
  previous: 'Anterior',
  next: 'Próxima',
  home: 'Início',
  contact: 'Contato',
  empty: 'Nenhum artigo publicado ainda.',
} as const;

// ---------------------------------------------------------------- escaping

/** Text and attribute values in HTML: & < > " ' as character references. */
export const escapeAttr = escapeHtml;

/** Drops what XML 1.0 does not allow at all: control characters but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF. */
function xmlChars(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c === 9 || c === 10 || c === 13 || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000) out += ch;
  }
  return out;
}
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return xmlChars(text).replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

/**
 * JSON for a <script type="application/ld+json">: `<`, `>` and `&` as \u escapes,
 * so no text in it ("</script>", "<!--") can end the script element; U+2028/9 too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

// ---------------------------------------------------------------- small helpers

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function iso(value: Date | string): string {
  return toDate(value).toISOString();
}

/** RFC 822 date (RSS 2.0): "Tue, 02 Jan 2024 15:04:05 GMT". */
export function rfc822(value: Date | string): string {
  return toDate(value).toUTCString();
}

/** DD/MM/YYYY (SPEC §9), Brazil's time. */
function displayDate(value: Date | string): string {
  return new Intl.DateTimeFormat(SITE_LANGUAGE, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: DISPLAY_TIME_ZONE }).format(toDate(value));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function postPath(article: { unique_key: string; id: number }): string {
  return `/post/${encodeURIComponent(article.unique_key)}/${article.id}`;
}

export function profilePath(author: { unique_key: string; id: number }): string {
  return `/profile/${encodeURIComponent(author.unique_key)}/${author.id}`;
}

export function blogPath(category?: string, page = 1): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (page > 1) query.set('page', String(page));
  const qs = query.toString();
  return qs ? `/blog?${qs}` : '/blog';
}

function fullName(author: { name: string; last_name: string }): string {
  return oneLine(`${author.name} ${author.last_name}`);
}

// ---------------------------------------------------------------- the shell's HTML

export interface PageHead {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  type: 'article' | 'profile' | 'website';
  image?: { url: string; alt: string } | undefined;
  /** Extra meta tags after Open Graph: [attribute, name, content] (article:*, profile:*). */
  extra?: [string, string, string][];
  /** Extra <link> tags: [rel, href, type?, title?]. */
  links?: [string, string, string?, string?][];
  jsonLd: object[];
}

const TAG = /<(meta|link)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const ATTRIBUTE = /([a-z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(ATTRIBUTE)) out[(m[1] ?? '').toLowerCase()] = (m[2] ?? m[3] ?? m[4] ?? '').toLowerCase();
  return out;
}

/** Tags of the shell's head this page replaces (its description, and any canonical/OG/Twitter tags it may carry). */
function isReplaced(tag: string, kind: string): boolean {
  const attrs = attributes(tag);
  if (kind.toLowerCase() === 'link') return attrs.rel === 'canonical';
  const name = attrs.name ?? '';
  const property = attrs.property ?? '';
  return name === 'description' || name.startsWith('twitter:') || /^(og|article|profile):/.test(property);
}

export function headTags(head: PageHead): string {
  const meta = (attr: string, key: string, content: string) => `<meta ${attr}="${escapeAttr(key)}" content="${escapeAttr(content)}">`;
  const tags = [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeAttr(head.canonical)}">`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', SITE_LOCALE),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
  ];
  if (head.image) tags.push(meta('property', 'og:image', head.image.url), meta('property', 'og:image:alt', head.image.alt));
  for (const [attr, key, content] of head.extra ?? []) tags.push(meta(attr, key, content));
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image.url), meta('name', 'twitter:image:alt', head.image.alt));
  for (const [rel, href, type, title] of head.links ?? []) {
    tags.push(`<link rel="${escapeAttr(rel)}" href="${escapeAttr(href)}"${type ? ` type="${escapeAttr(type)}"` : ''}${title ? ` title="${escapeAttr(title)}"` : ''}>`);
  }
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.join('');
}

const TITLE = /<title\b[^>]*>[\s\S]*?<\/title\s*>/i;
const HEAD_END = /<\/head\s*>/i;
/** The shell's empty mount point; React's createRoot replaces whatever is inside when the SPA boots. */
const ROOT = /(<div\b(?:[^>"']|"[^"]*"|'[^']*')*?\bid\s*=\s*(?:"root"|'root'|root)(?=[\s>/])(?:[^>"']|"[^"]*"|'[^']*')*>)\s*(<\/div\s*>)/i;

/**
 * The shell's index.html with this page's head and body content. Replacements
 * use functions, never strings, so `$&` and friends in a title stay literal.
 * When the shell has no empty #root, the body is left alone (content outside
 * the React root would stay on screen after the SPA boots).
 */
export function injectIntoShell(shellHtml: string, page: { head?: PageHead; body?: string }): string {
  let html = shellHtml;
  if (page.head) {
    const head = page.head;
    html = html.replace(TAG, (tag: string, kind: string) => (isReplaced(tag, kind) ? '' : tag));
    const title = `<title>${escapeAttr(head.title)}</title>`;
    if (TITLE.test(html)) html = html.replace(TITLE, () => title);
    const tags = headTags(head);
    html = HEAD_END.test(html) ? html.replace(HEAD_END, (end) => `${TITLE.test(html) ? '' : title}${tags}${end}`) : `${title}${tags}${html}`;
  }
  if (page.body !== undefined) {
    const body = page.body;
    html = html.replace(ROOT, (_match, open: string, close: string) => `${open}${body}${close}`);
  }
  return html;
}

/** The shell's own <title> and meta description (the home page keeps them). */
export function shellTitleAndDescription(shellHtml: string): { title: string | undefined; description: string | undefined } {
  const decode = (text: string) =>
    text
      .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
      .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
      .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '');
  const titleMatch = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(shellHtml);
  let description: string | undefined;
  for (const m of shellHtml.matchAll(/<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
    const tag = m[0];
    if (!/\bname\s*=\s*(?:"description"|'description'|description)(?=[\s>/])/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
    if (content) description = decode(content[1] ?? content[2] ?? content[3] ?? '');
  }
  return { title: titleMatch ? oneLine(decode(titleMatch[1] ?? '')) || undefined : undefined, description };
}

// ---------------------------------------------------------------- rendering

export interface RenderedPage {
  statusCode: number;
  html: string;
}

export interface SeoPagesDeps {
  db: Db;
  config: AppConfig;
  storage: ImageStorage;
  publicContent: PublicContentService;
  log?: FastifyBaseLogger;
}

/** The page paths rendered for crawlers (and whose first-render data is embedded): slug or key, then id. */
export const POST = /^\/post\/([^/]+)\/(\d{1,9})\/?$/;
export const PROFILE = /^\/profile\/([^/]+)\/(\d{1,9})\/?$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function cardList(cards: ArticleCard[]): string {
  if (cards.length === 0) return `<p>${escapeAttr(TEXT.empty)}</p>`;
  const items = cards.map((card) => {
    const date = card.published_at ? ` · <time datetime="${escapeAttr(card.published_at)}">${escapeAttr(displayDate(card.published_at))}</time>` : '';
    const excerpt = card.excerpt ? `<p>${escapeAttr(card.excerpt)}</p>` : '';
    return `<li><article><h3><a href="${escapeAttr(postPath(card))}">${escapeAttr(card.title)}</a></h3><p>${escapeAttr(fullName(card.author))}${date}</p>${excerpt}</article></li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

function categoryNav(chips: CategoryChip[]): string {
  if (chips.length === 0) return '';
  const items = chips.map((c) => `<li><a href="${escapeAttr(blogPath(c.unique_key))}">${escapeAttr(c.name)}</a></li>`);
  return `<nav aria-label="${escapeAttr(TEXT.categories)}"><h2>${escapeAttr(TEXT.categories)}</h2><ul>${items.join('')}</ul></nav>`;
}

/** Plain, readable markup (no styles of its own): what a crawler or a no-JS visitor sees until React replaces #root. */
function frame(main: string): string {
  return (
    `<header><a href="/">${escapeAttr(SITE_NAME)}</a> <nav><a href="/">${escapeAttr(TEXT.home)}</a> · <a href="/blog">${escapeAttr(TEXT.blogTitle)}</a> · <a href="/contact">${escapeAttr(TEXT.contact)}</a></nav></header>` +
    `<main>${main}</main>`
  );
}

function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n|\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeAttr(p)}</p>`)
    .join('');
}

export class SeoPagesService {
  constructor(private readonly deps: SeoPagesDeps) {}

  /** PUBLIC_URL + path; an address that is already absolute stays as it is. */
  absolute(pathOrUrl: string): string {
    if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
    return `${this.deps.config.publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
  }

  private websiteJsonLd(): object {
    return {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE_NAME,
      url: this.absolute('/'),
      inLanguage: SITE_LANGUAGE,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${this.absolute('/list-article-results/')}{search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    };
  }

  private organization(): object {
    return { '@type': 'Organization', name: SITE_NAME, url: this.absolute('/') };
  }

  private feedLinks(category?: { unique_key: string; name: string }): [string, string, string, string][] {
    const links: [string, string, string, string][] = [['alternate', this.absolute('/rss.xml'), 'application/rss+xml', SITE_NAME]];
    if (category) links.push(['alternate', this.absolute(`/rss/${category.unique_key}.xml`), 'application/rss+xml', `${SITE_NAME} — ${category.name}`]);
    return links;
  }

  /**
   * The page of a browser navigation, or undefined when the path is not one of
   * ours (post, profile, blog, home): the static files and the plain SPA fallback answer it.
   */
  async render(url: string, shellHtml: string): Promise<RenderedPage | undefined> {
    const [rawPath = '/', rawQuery = ''] = url.split('?', 2);
    const pathname = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const notFound: RenderedPage = { statusCode: 404, html: shellHtml };
    const post = POST.exec(rawPath);
    if (post) {
      const slug = decodeSegment(post[1] ?? '');
      const page = slug !== undefined ? await this.post(Number(post[2]), slug) : undefined;
      return page ? { statusCode: 200, html: injectIntoShell(shellHtml, page) } : notFound;
    }
    const profile = PROFILE.exec(rawPath);
    if (profile) {
      const key = decodeSegment(profile[1] ?? '');
      const page = key !== undefined ? await this.profile(Number(profile[2]), key) : undefined;
      return page ? { statusCode: 200, html: injectIntoShell(shellHtml, page) } : notFound;
    }
    if (pathname === '/blog') {
      const page = await this.blog(new URLSearchParams(rawQuery));
      return page ? { statusCode: 200, html: injectIntoShell(shellHtml, page) } : notFound;
    }
    if (pathname === '/') return { statusCode: 200, html: injectIntoShell(shellHtml, await this.home(shellHtml)) };
    return undefined;
  }

  async post(id: number, slug: string): Promise<{ head: PageHead; body: string } | undefined> {
    if (!SLUG.test(slug)) return undefined;
    const { db, storage } = this.deps;
    const row = await articles.findPublic(db, id, slug);
    if (!row) return undefined;
    const related = await articles.related(db, row.id, RELATED_SIZE);
    const canonical = this.absolute(postPath(row));
    const description = oneLine(row.meta_description || row.excerpt || defaultExcerpt(row.content_text));
    const social = toImage(row.social_image, storage);
    const image = social?.url ? { url: this.absolute(social.url), alt: row.title } : undefined;
    const published = row.public_at ?? row.published_at ?? row.created_at;
    const author = row.author;
    const authorUrl = author ? this.absolute(profilePath(author)) : undefined;
    const authorName = author ? fullName(author) : SITE_NAME;
    const extra: [string, string, string][] = [
      ['property', 'article:published_time', iso(published)],
      ['property', 'article:modified_time', iso(row.updated_at)],
    ];
    if (authorUrl) extra.push(['property', 'article:author', authorUrl]);
    const section = row.categories[0];
    if (section) extra.push(['property', 'article:section', section.name]);
    for (const category of row.categories) extra.push(['property', 'article:tag', category.name]);

    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: row.title,
      description,
      ...(image ? { image: [image.url] } : {}),
      datePublished: iso(published),
      dateModified: iso(row.updated_at),
      author: author ? { '@type': 'Person', name: authorName, url: authorUrl } : this.organization(),
      publisher: this.organization(),
      mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
      url: canonical,
      inLanguage: SITE_LANGUAGE,
      ...(row.categories.length ? { articleSection: row.categories.map((c) => c.name) } : {}),
      wordCount: row.word_count,
    };

    const mainImage = toImage(row.image, storage);
    const byline = author ? `<a href="${escapeAttr(profilePath(author))}" rel="author">${escapeAttr(authorName)}</a>` : escapeAttr(authorName);
    const chips = row.categories.map((c) => `<a href="${escapeAttr(blogPath(c.unique_key))}" rel="tag">${escapeAttr(c.name)}</a>`).join(', ');
    const relatedCards = related.map((r) => `<li><a href="${escapeAttr(postPath(r))}">${escapeAttr(r.title)}</a></li>`).join('');
    const body = frame(
      `<article><header><h1>${escapeAttr(row.title)}</h1>` +
        `<p>${escapeAttr(TEXT.by)} ${byline} · <time datetime="${escapeAttr(iso(published))}">${escapeAttr(displayDate(published))}</time>${chips ? ` · ${chips}` : ''}</p>` +
        (mainImage?.url ? `<img src="${escapeAttr(mainImage.url)}" alt="${escapeAttr(row.title)}" width="${mainImage.width}" height="${mainImage.height}">` : '') +
        `</header>${sanitizeArticleHtml(row.content)}</article>` +
        (relatedCards ? `<aside><h2>${escapeAttr(TEXT.related)}</h2><ul>${relatedCards}</ul></aside>` : ''),
    );
    return {
      head: { title: `${row.title} · ${SITE_NAME}`, description, canonical, type: 'article', image, extra, links: this.feedLinks(), jsonLd: [jsonLd] },
      body,
    };
  }

  async profile(id: number, key: string): Promise<{ head: PageHead; body: string } | undefined> {
    let profile;
    try {
      profile = await this.deps.publicContent.author(id, key);
    } catch (err) {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    }
    const { author, articles: list } = profile;
    const name = fullName(author);
    const canonical = this.absolute(profilePath(author));
    const biography = (author.biography ?? '').trim();
    const description = defaultExcerpt(oneLine(biography || [author.position, `${TEXT.articlesBy}: ${name} · ${SITE_NAME}`].filter(Boolean).join(' · ')));
    const photo = author.photo ? this.absolute(author.photo) : undefined;
    const image = photo ? { url: photo, alt: name } : undefined;
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Person',
      name,
      givenName: author.name,
      familyName: author.last_name,
      ...(author.position ? { jobTitle: author.position } : {}),
      ...(biography ? { description: biography } : {}),
      ...(photo ? { image: photo } : {}),
      url: canonical,
      worksFor: this.organization(),
    };
    const body = frame(
      `<article><header><h1>${escapeAttr(name)}</h1>${author.position ? `<p>${escapeAttr(author.position)}</p>` : ''}</header>` +
        `<section><h2>${escapeAttr(TEXT.about)}</h2>${biography ? paragraphs(biography) : `<p>${escapeAttr(TEXT.noBiography)}</p>`}</section>` +
        `<section><h2>${escapeAttr(TEXT.articlesBy)}</h2>${cardList(list)}</section></article>`,
    );
    return {
      head: {
        title: `${name} · ${SITE_NAME}`,
        description,
        canonical,
        type: 'profile',
        image,
        extra: [
          ['property', 'profile:first_name', author.name],
          ['property', 'profile:last_name', author.last_name],
        ],
        links: this.feedLinks(),
        jsonLd: [jsonLd],
      },
      body,
    };
  }

  /** /blog, ?category=<active slug>, ?page=N (12 a page, as the SPA). Unknown category or a page past the end: not found. */
  async blog(query: URLSearchParams): Promise<{ head: PageHead; body: string } | undefined> {
    const categoryKey = query.get('category') || undefined;
    const rawPage = query.get('page');
    const page = rawPage && /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
    let category: categories.CategoryRow | undefined;
    if (categoryKey !== undefined) {
      if (!SLUG.test(categoryKey)) return undefined;
      category = await categories.findActiveByKey(this.deps.db, categoryKey);
      if (!category) return undefined;
    }
    const [list, chips] = await Promise.all([
      this.deps.publicContent.articles({ page, limit: BLOG_PAGE_SIZE, ...(category ? { category: category.unique_key } : {}) }),
      this.deps.publicContent.categories(),
    ]);
    if (page > 1 && list.items.length === 0) return undefined;
    const pages = Math.max(1, Math.ceil(list.total / BLOG_PAGE_SIZE));
    const key = category?.unique_key;
    const canonical = this.absolute(blogPath(key, page));
    const pageSuffix = page > 1 ? ` · ${TEXT.page} ${page}` : '';
    const title = `${category ? `${category.name} · ` : ''}${TEXT.blogTitle}${pageSuffix} · ${SITE_NAME}`;
    const description = oneLine(category?.description || TEXT.blogSubtitle);
    const categoryImage = category?.image_id ? toImage((await images.findById(this.deps.db, category.image_id)) ?? null, this.deps.storage) : null;
    const image = categoryImage?.url ? { url: this.absolute(categoryImage.url), alt: category?.name ?? SITE_NAME } : undefined;
    const links: [string, string, string?, string?][] = this.feedLinks(category);
    if (page > 1) links.push(['prev', this.absolute(blogPath(key, page - 1))]);
    if (page < pages) links.push(['next', this.absolute(blogPath(key, page + 1))]);
    const pager = [
      page > 1 ? `<a href="${escapeAttr(blogPath(key, page - 1))}" rel="prev">${escapeAttr(TEXT.previous)}</a>` : '',
      page < pages ? `<a href="${escapeAttr(blogPath(key, page + 1))}" rel="next">${escapeAttr(TEXT.next)}</a>` : '',
    ].filter(Boolean);
    const body = frame(
      `<header><h1>${escapeAttr(category ? `${TEXT.blogTitle}: ${category.name}` : TEXT.blogTitle)}</h1><p>${escapeAttr(description)}</p></header>` +
        categoryNav(chips) +
        `<section><h2>${escapeAttr(TEXT.recent)}</h2>${cardList(list.items)}</section>` +
        (pager.length ? `<nav aria-label="${escapeAttr(TEXT.page)}">${pager.join(' · ')}</nav>` : ''),
    );
    const blogJsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Blog',
      name: category ? `${SITE_NAME} — ${category.name}` : `${SITE_NAME} — ${TEXT.blogTitle}`,
      url: canonical,
      inLanguage: SITE_LANGUAGE,
      publisher: this.organization(),
    };
    return { head: { title, description, canonical, type: 'website', image, links, jsonLd: [this.websiteJsonLd(), blogJsonLd] }, body };
  }

  /** The home keeps the shell's own title and description; the body lists the recent articles and the categories. */
  async home(shellHtml: string): Promise<{ head: PageHead; body: string }> {
    const shell = shellTitleAndDescription(shellHtml);
    const [list, chips] = await Promise.all([
      this.deps.publicContent.articles({ page: 1, limit: HOME_LIST_SIZE }),
      this.deps.publicContent.categories(),
    ]);
    const title = shell.title ?? SITE_NAME;
    const description = shell.description ?? TEXT.blogSubtitle;
    const body = frame(
      `<header><h1>${escapeAttr(title)}</h1><p>${escapeAttr(description)}</p></header>` +
        `<section><h2>${escapeAttr(TEXT.recent)}</h2>${cardList(list.items)}<p><a href="/blog">${escapeAttr(TEXT.allArticles)}</a></p></section>` +
        categoryNav(chips),
    );
    return {
      head: { title, description, canonical: this.absolute('/'), type: 'website', links: this.feedLinks(), jsonLd: [this.websiteJsonLd()] },
      body,
    };
  }

  // ---------------------------------------------------------------- sitemap, robots, feeds

  version(): Promise<number> {
    return contentVersion.current(this.deps.db);
  }

  robotsTxt(): string {
    return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${this.absolute('/sitemap.xml')}`, ''].join('\n');
  }

  /** Home, blog, every active category's blog page, every visible post, every author with visible posts. */
  async sitemapXml(): Promise<string> {
    const db = this.deps.db;
    const [last, cats, authors] = await Promise.all([
      seo.lastContentChange(db),
      seo.activeCategories(db, 1_000),
      seo.authorsWithArticles(db, 5_000),
    ]);
    const posts = await seo.visibleArticles(db, seo.SITEMAP_MAX_URLS - 2 - cats.length - authors.length);
    const url = (path: string, lastmod: Date | string | null) =>
      `<url><loc>${escapeXml(this.absolute(path))}</loc>${lastmod ? `<lastmod>${iso(lastmod)}</lastmod>` : ''}</url>`;
    const urls = [
      url('/', last),
      url('/blog', last),
      ...cats.map((c) => url(blogPath(c.unique_key), c.lastmod)),
      ...posts.map((p) => url(postPath(p), p.updated_at)),
      ...authors.map((a) => url(profilePath(a), a.lastmod)),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  /**
   * RSS 2.0 of the latest 20 visible articles, of the whole blog or of one
   * active category (undefined for an unknown or inactive one).
   */
  async rssXml(categoryKey?: string): Promise<string | undefined> {
    const db = this.deps.db;
    let category: categories.CategoryRow | undefined;
    if (categoryKey !== undefined) {
      if (!SLUG.test(categoryKey)) return undefined;
      category = await categories.findActiveByKey(db, categoryKey);
      if (!category) return undefined;
    }
    const rows = await articles.listPublic(db, { limit: FEED_SIZE, offset: 0, ...(category ? { categoryId: category.id } : {}) });
    const self = this.absolute(category ? `/rss/${category.unique_key}.xml` : '/rss.xml');
    const link = this.absolute(blogPath(category?.unique_key));
    const title = category ? `${SITE_NAME} — ${category.name}` : `${SITE_NAME} — ${TEXT.blogTitle}`;
    const description = oneLine(category?.description || TEXT.blogSubtitle);
    const newest = rows.reduce<Date | undefined>((max, r) => {
      const d = toDate(r.updated_at);
      return !max || d > max ? d : max;
    }, undefined);
    const items = rows.map((row) => {
      const href = this.absolute(postPath(row));
      const date = row.public_at ?? row.published_at ?? row.created_at;
      const enclosure = this.enclosure(row.image);
      return [
        '<item>',
        `<title>${escapeXml(row.title)}</title>`,
        `<link>${escapeXml(href)}</link>`,
        `<guid isPermaLink="true">${escapeXml(href)}</guid>`,
        `<pubDate>${rfc822(date)}</pubDate>`,
        `<description>${escapeXml(row.excerpt)}</description>`,
        `<dc:creator>${escapeXml(row.author ? fullName(row.author) : SITE_NAME)}</dc:creator>`,
        ...row.categories.map((c) => `<category>${escapeXml(c.name)}</category>`),
        enclosure,
        '</item>',
      ].join('');
    });
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      '<channel>',
      `<title>${escapeXml(title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<description>${escapeXml(description)}</description>`,
      `<language>${SITE_LANGUAGE}</language>`,
      newest ? `<lastBuildDate>${rfc822(newest)}</lastBuildDate>` : '',
      `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
      ...items,
      '</channel>',
      '</rss>',
      '',
    ]
      .filter((line, i, all) => line !== '' || i === all.length - 1)
      .join('\n');
  }

  /** The article's image as an RSS enclosure (the variant the site shows, with its size in bytes). */
  private enclosure(image: ImageRow | null): string {
    if (!image) return '';
    const variants = [...image.variants].sort((a, b) => a.width - b.width);
    const main = variants.filter((v) => v.width <= DEFAULT_IMAGE_WIDTH).pop() ?? variants[0];
    if (!main) return '';
    const url = this.absolute(this.deps.storage.url(image.id, main.width));
    return `<enclosure url="${escapeXml(url)}" length="${main.bytes}" type="image/webp"/>`;
  }
}
