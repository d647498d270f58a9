import { buildPath, PUBLIC_ROUTES } from '@vitrine/contracts';
import { describe, titled } from '../../lib/head';
import { definePage } from '../../lib/route';
import { categoriesLoader } from '../categories/loader';
import { searchLoader, searchQuery } from './loader';

/** Search results are not indexed (noindex): the blog and the posts are what crawlers should keep. */
export const searchRoute = definePage({
  loaders: [searchLoader, categoriesLoader],
  query: ['page'],
  // No term is the search prompt, not a missing page.
  subject: null,
  head: (_read, ctx) => {
    const { term } = searchQuery(ctx.params, ctx.search);
    return {
      title: titled(ctx, term ? ctx.t('public:search.title', { term }) : ctx.t('public:home.searchLabel')),
      description: describe(term ? ctx.t('public:meta.searchDescription', { term }) : ctx.t('public:blog.subtitle')),
      canonical: buildPath(PUBLIC_ROUTES['list-article-results'], { search: term }),
      type: 'website',
      index: false,
    };
  },
});
