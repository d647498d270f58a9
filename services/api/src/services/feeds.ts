import { faqProductSlug } from '@vitrine/utils';
import { buildPath, DEFAULT_LOCALE, LOCALE_CODES, PUBLIC_ROUTES, type Locale } from '@vitrine/contracts';
import type { AppConfig } from '../config';
import type { Db } from '../db';
import { htmlAsText } from '../lib/html';
import { DEFAULT_IMAGE_WIDTH } from '../lib/image-pipeline';
import type { ImageStorage } from '../lib/image-storage';
import * as articles from '../repositories/articles';
import * as categories from '../repositories/categories';
import type { ImageRow } from '../repositories/images';
import * as seo from '../repositories/seo-pages';
import * as siteSettings from '../repositories/site-settings';

/**
 * What crawlers and feed readers read besides the pages (docs/decisions/findable-without-js.md):
 * /sitemap.xml, /robots.txt, /rss.xml and /rss/{category}.xml. Only what the public API shows is
 * listed: published articles whose time has come, active categories. The pages themselves are
 * server-rendered by the public remote's React components (docs/decisions/server-rendering.md).
 */

const FEED_SIZE = 20;
/** Pages of the sitemap that are not articles: home and blog follow the content; the others have no lastmod. */
const STATIC_PAGES = ['/', '/blog', '/contact', '/rc-sistemI', '/faq'] as const;
const CONTENT_PAGES: readonly string[] = ['/', '/blog'];

/** Sitemap, robots.txt and feeds: shared caches may keep them five minutes. */
export const FEED_CACHE_CONTROL = 'public, max-age=300';
// The feed's channel texts in each language (the public remote's blog.title and blog.subtitle).
const BLOG_TITLE = 'Blog';
const BLOG_SUBTITLE: Record<Locale, string> = {
  'pt-BR': 'Ideias práticas sobre tecnologia, design, marketing e gestão.',
  'en-US': 'Practical ideas on technology, design, marketing and management.',
  'es-ES': 'Ideas prácticas sobre tecnología, diseño, marketing y gestión.',
  'fr-FR': 'Des idées pratiques sur la technologie, le design, le marketing et la gestion.',
  'ht-HT': 'Ide pratik sou teknoloji, design, maketing ak jesyon.',
};
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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
 * A description (an item's excerpt, a channel's text) for the feed: feed readers read an RSS description
 * as HTML, so staff text becomes plain text (tags dropped, entities decoded), that text is written as HTML
 * showing exactly it, and the whole is escaped for XML. Markup in an excerpt, typed or entity-encoded,
 * reaches the reader as text.
 */
export function feedDescription(text: string): string {
  return escapeXml(htmlAsText(text));
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function iso(value: Date | string): string {
  return toDate(value).toISOString();
}

/** RFC 822 date (RSS 2.0): "Tue, 02 Jan 2024 15:04:05 GMT". */
function rfc822(value: Date | string): string {
  return toDate(value).toUTCString();
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A page's address in a language: the default language's is the page itself (also x-default), another's carries
 * ?lang= (the same rule as the pages' hreflang links).
 */
export function inLanguage(path: string, lang: Locale): string {
  if (lang === DEFAULT_LOCALE) return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
}

/** A post's and an author's page: the route table's own paths (what the public remote links to). */
const postPath = (article: { unique_key: string; id: number }) => buildPath(PUBLIC_ROUTES.post, { uniqueKey: article.unique_key, id: article.id });
const profilePath = (author: { unique_key: string; id: number }) => buildPath(PUBLIC_ROUTES.profile, { uniqueKey: author.unique_key, id: author.id });

function blogPath(category?: string): string {
  return category ? `/blog?category=${encodeURIComponent(category)}` : '/blog';
}

function fullName(author: { name: string; last_name: string }): string {
  return oneLine(`${author.name} ${author.last_name}`);
}

export interface FeedsDeps {
  db: Db;
  config: AppConfig;
  storage: ImageStorage;
}

export class FeedsService {
  constructor(private readonly deps: FeedsDeps) {}

  /** PUBLIC_URL + path; an address that is already absolute stays as it is. */
  absolute(pathOrUrl: string): string {
    if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
    return `${this.deps.config.publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
  }

  robotsTxt(): string {
    return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api', '', `Sitemap: ${this.absolute('/sitemap.xml')}`, ''].join('\n');
  }

  /** The FAQ's product pages (slugs of products with an active question). */
  private async faqProducts(): Promise<string[]> {
    const rows = await this.deps.db.query<{ product: string }>('SELECT DISTINCT product FROM faq_entries WHERE active ORDER BY product');
    return [...new Set(rows.map((r) => faqProductSlug(r.product)))];
  }

  /**
   * Every <url> of the sitemap, with its lastmod: home, blog, contact, the product landing, the FAQ and its
   * products, active categories' blog pages, visible posts, authors with visible posts. Every page in each language it
   * exists in: one <url> per version, each listing all of them and x-default (xhtml:link). The pages' texts are in
   * all five; an article is in the languages it is published in.
   */
  private async sitemapEntries(): Promise<{ xml: string; lastmod: Date | null }[]> {
    const db = this.deps.db;
    const [last, cats, authors, faq, posts] = await Promise.all([
      seo.lastContentChange(db),
      seo.activeCategories(db, 1_000),
      seo.authorsWithArticles(db, 5_000),
      this.faqProducts(),
      seo.visibleArticles(db, seo.SITEMAP_MAX_ARTICLES),
    ]);
    const pages: [string, Date | string | null, readonly Locale[]][] = [
      ...STATIC_PAGES.map((path): [string, Date | null, readonly Locale[]] => [path, CONTENT_PAGES.includes(path) ? last : null, LOCALE_CODES]),
      ...faq.map((slug): [string, null, readonly Locale[]] => [`/faq/${encodeURIComponent(slug)}`, null, LOCALE_CODES]),
      ...cats.map((c): [string, Date | null, readonly Locale[]] => [blogPath(c.unique_key), c.lastmod, LOCALE_CODES]),
      ...posts.map((p): [string, Date, readonly Locale[]] => [postPath(p), p.updated_at, p.languages]),
      ...authors.map((a): [string, Date, readonly Locale[]] => [profilePath(a), a.lastmod, LOCALE_CODES]),
    ];
    return pages.flatMap(([path, lastmod, languages]) => {
      const alternates = [
        ...languages.map((code) => `<xhtml:link rel="alternate" hreflang="${code}" href="${escapeXml(this.absolute(inLanguage(path, code)))}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(this.absolute(path))}"/>`,
      ].join('');
      return languages.map((code) => ({
        xml: `<url><loc>${escapeXml(this.absolute(inLanguage(path, code)))}</loc>${lastmod ? `<lastmod>${iso(lastmod)}</lastmod>` : ''}${alternates}</url>`,
        lastmod: lastmod === null ? null : toDate(lastmod),
      }));
    });
  }

  private urlset(entries: readonly { xml: string }[]): string {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.map((e) => e.xml).join('\n')}\n</urlset>\n`;
  }

  /**
   * /sitemap.xml: every <url> (sitemapEntries) when there are at most SITEMAP_FILE_URLS of them; more, and it is a
   * sitemap index of /sitemaps/1.xml, /sitemaps/2.xml… of that many each, in the same order (newest posts first), each
   * with the newest lastmod of its entries. Search engines read both; each file stays small to send and to rebuild.
   */
  async sitemapXml(): Promise<string> {
    const entries = await this.sitemapEntries();
    const size = this.deps.config.sitemapFileUrls;
    if (entries.length <= size) return this.urlset(entries);
    const files: string[] = [];
    for (let n = 1; (n - 1) * size < entries.length; n += 1) {
      const newest = entries.slice((n - 1) * size, n * size).reduce<Date | null>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), null);
      files.push(`<sitemap><loc>${escapeXml(this.absolute(`/sitemaps/${n}.xml`))}</loc>${newest ? `<lastmod>${iso(newest)}</lastmod>` : ''}</sitemap>`);
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join('\n')}\n</sitemapindex>\n`;
  }

  /** /sitemaps/<n>.xml: the n-th file of the sitemap index; undefined when /sitemap.xml is no index or has no such file. */
  async sitemapFile(n: number): Promise<string | undefined> {
    const entries = await this.sitemapEntries();
    const size = this.deps.config.sitemapFileUrls;
    if (entries.length <= size || n < 1 || (n - 1) * size >= entries.length) return undefined;
    return this.urlset(entries.slice((n - 1) * size, n * size));
  }

  /**
   * RSS 2.0 of the latest 20 visible articles, of the whole blog or of one active category (undefined for an unknown
   * or inactive one), in `lang`: each article as the blog in that language shows it (its translation when published,
   * else its original, whose item then says its language in dc:language), the channel's texts and category names in
   * the language, links to the pages in it.
   */
  async rssXml(categoryKey?: string, lang: Locale = DEFAULT_LOCALE): Promise<string | undefined> {
    const db = this.deps.db;
    let category: categories.CategoryRow | undefined;
    if (categoryKey !== undefined) {
      if (!SLUG.test(categoryKey)) return undefined;
      category = await categories.findActiveByKey(db, categoryKey, lang);
      if (!category) return undefined;
    }
    // The site's name (settings 'identity'): a change rebuilds the feed at once, like any content (content version).
    const [rows, { identity }] = await Promise.all([
      articles.listPublic(db, { limit: FEED_SIZE, offset: 0, lang, ...(category ? { categoryId: category.id } : {}) }),
      siteSettings.read(db, ['identity']),
    ]);
    const siteName = identity.name;
    const self = this.absolute(inLanguage(category ? `/rss/${category.unique_key}.xml` : '/rss.xml', lang));
    const link = this.absolute(inLanguage(blogPath(category?.unique_key), lang));
    const title = category ? `${siteName} — ${category.name}` : `${siteName} — ${BLOG_TITLE}`;
    const description = category?.description || BLOG_SUBTITLE[lang];
    const newest = rows.reduce<Date | undefined>((max, r) => {
      const d = toDate(r.updated_at);
      return !max || d > max ? d : max;
    }, undefined);
    const items = rows.map((row) => {
      const href = this.absolute(inLanguage(postPath(row), lang));
      const date = row.public_at ?? row.published_at ?? row.created_at;
      const enclosure = this.enclosure(row.image);
      return [
        '<item>',
        `<title>${escapeXml(row.title)}</title>`,
        `<link>${escapeXml(href)}</link>`,
        `<guid isPermaLink="true">${escapeXml(href)}</guid>`,
        `<pubDate>${rfc822(date)}</pubDate>`,
        `<description>${feedDescription(row.excerpt)}</description>`,
        `<dc:creator>${escapeXml(row.author ? fullName(row.author) : siteName)}</dc:creator>`,
        row.lang && row.lang !== lang ? `<dc:language>${row.lang}</dc:language>` : '',
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
      `<description>${feedDescription(description)}</description>`,
      `<language>${lang}</language>`,
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
