import type { HeadContext, PageHead } from '@vitrine/contracts';

/** The site's name in titles, Open Graph and JSON-LD. */
export const SITE_NAME = 'Vitrine';

/** `Title · Vitrine`. */
export const titled = (title: string) => `${title} · ${SITE_NAME}`;

/** One line of at most 160 characters (meta descriptions). */
export function describe(text: string | null | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157).trimEnd()}…` : line;
}

export const absolute = (ctx: HeadContext, path: string) => (/^https?:\/\//i.test(path) ? path : `${ctx.origin}${path}`);

export const organization = (ctx: HeadContext) => ({ '@type': 'Organization', name: SITE_NAME, url: absolute(ctx, '/') });

/** The RSS feed of the whole blog (and of a category). */
export function feedLinks(ctx: HeadContext, category?: { unique_key: string; name: string }): NonNullable<PageHead['links']> {
  const links = [{ rel: 'alternate', href: absolute(ctx, '/rss.xml'), type: 'application/rss+xml', title: SITE_NAME }];
  if (category) {
    links.push({ rel: 'alternate', href: absolute(ctx, `/rss/${category.unique_key}.xml`), type: 'application/rss+xml', title: `${SITE_NAME} — ${category.name}` });
  }
  return links;
}

/** schema.org WebSite with the site search (the home and the blog). */
export function websiteJsonLd(ctx: HeadContext): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
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
export function notFoundHead(ctx: HeadContext, titleKey: string): PageHead {
  return { title: titled(ctx.t(titleKey)), description: '', canonical: '/blog', type: 'website', index: false };
}
