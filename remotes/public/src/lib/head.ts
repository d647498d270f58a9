import { DEFAULT_LOCALE, type HeadContext, type PageHead, type SiteIdentity } from '@vitrine/contracts';

/**
 * What a page's head is built with: the shell's context, and the site's identity from the page's data (the
 * every-page site answer; the default name without it). Its name is in titles, Open Graph, JSON-LD and feeds.
 */
export interface PageHeadContext extends HeadContext {
  site: SiteIdentity;
}

/** `Title · <site name>`. */
export const titled = (ctx: PageHeadContext, title: string) => `${title} · ${ctx.site.name}`;

/** One line of at most 160 characters (meta descriptions). */
export function describe(text: string | null | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157).trimEnd()}…` : line;
}

export const absolute = (ctx: HeadContext, path: string) => (/^https?:\/\//i.test(path) ? path : `${ctx.origin}${path}`);

/** schema.org Organization: the site's name, its address and its logo (the one search engines show) when there is one. */
export const organization = (ctx: PageHeadContext) => ({
  '@type': 'Organization',
  name: ctx.site.name,
  url: absolute(ctx, '/'),
  ...(ctx.site.logo ? { logo: absolute(ctx, ctx.site.logo.url) } : {}),
});

/** A feed's address in the page's language (the default language's has no ?lang=, as the feeds' own links). */
const feedUrl = (ctx: PageHeadContext, path: string) => absolute(ctx, ctx.lang === DEFAULT_LOCALE ? path : `${path}?lang=${encodeURIComponent(ctx.lang)}`);

/** The RSS feed of the whole blog (and of a category), in the page's language. */
export function feedLinks(ctx: PageHeadContext, category?: { unique_key: string; name: string }): NonNullable<PageHead['links']> {
  const name = ctx.site.name;
  const links = [{ rel: 'alternate', href: feedUrl(ctx, '/rss.xml'), type: 'application/rss+xml', title: name }];
  if (category) {
    links.push({ rel: 'alternate', href: feedUrl(ctx, `/rss/${category.unique_key}.xml`), type: 'application/rss+xml', title: `${name} — ${category.name}` });
  }
  return links;
}

/** schema.org WebSite with the site search (the home and the blog). */
export function websiteJsonLd(ctx: PageHeadContext): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: ctx.site.name,
    url: absolute(ctx, '/'),
    inLanguage: ctx.lang,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absolute(ctx, '/list-article-results/')}{search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The head of a page whose subject is not there (its not-found state): titled, never indexed. */
export function notFoundHead(ctx: PageHeadContext, titleKey: string): PageHead {
  return { title: titled(ctx, ctx.t(titleKey)), description: '', canonical: '/blog', type: 'website', index: false };
}
