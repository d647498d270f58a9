import type { PageHead } from '@vitrine/contracts';
import { absolute, describe, feedLinks, organization, titled, websiteJsonLd } from '../../lib/head';
import { definePage } from '../../lib/route';
import { categoriesLoader } from '../categories/loader';
import { blogLoader, blogQuery } from './loader';

/** /blog, ?category=<slug>, ?page=N: the canonical form of a blog page. */
export function blogPath(category: string | undefined, page: number): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (page > 1) query.set('page', String(page));
  const qs = query.toString();
  return qs ? `/blog?${qs}` : '/blog';
}

export const blogRoute = definePage({
  loaders: [blogLoader, categoriesLoader],
  query: ['page', 'category'],
  head: (read, ctx) => {
    const list = read(blogLoader);
    const { page, category: key } = blogQuery(ctx.search);
    const pages = list ? Math.max(1, Math.ceil(list.total / Math.max(1, list.limit))) : 1;
    const category = key ? read(categoriesLoader)?.find((c) => c.unique_key === key) : undefined;
    const name = ctx.t('public:blog.title');
    const canonical = blogPath(key, page);
    const links: NonNullable<PageHead['links']> = feedLinks(ctx, category);
    if (page > 1) links.push({ rel: 'prev', href: absolute(ctx, blogPath(key, page - 1)) });
    if (page < pages) links.push({ rel: 'next', href: absolute(ctx, blogPath(key, page + 1)) });
    const parts = [category?.name, name, page > 1 ? ctx.t('public:meta.page', { page }) : undefined].filter(Boolean);
    return {
      title: titled(ctx, parts.join(' · ')),
      // A category's own description (in the page's language) says what its page is about.
      description: describe(category?.description || ctx.t('public:blog.subtitle')),
      canonical,
      type: 'website',
      links,
      jsonLd: [
        websiteJsonLd(ctx),
        {
          '@context': 'https://schema.org',
          '@type': 'Blog',
          name: category ? `${ctx.site.name} — ${category.name}` : `${ctx.site.name} — ${name}`,
          url: absolute(ctx, canonical),
          inLanguage: ctx.lang,
          publisher: organization(ctx),
        },
      ],
    };
  },
});
