import { definePage } from '../../lib/route';
import { feedLinks, websiteJsonLd } from '../../lib/head';
import { homeLoader, teamLoader } from './loader';

export const homeRoute = definePage({
  loaders: [homeLoader, teamLoader],
  head: (_read, ctx) => ({
    title: ctx.t('public:meta.homeTitle', { name: ctx.site.name }),
    description: ctx.t('public:meta.homeDescription', { name: ctx.site.name }),
    canonical: '/',
    type: 'website',
    links: feedLinks(ctx),
    jsonLd: [websiteJsonLd(ctx)],
  }),
});
