import { definePage } from '../../lib/route';
import { feedLinks, websiteJsonLd } from '../../lib/head';
import { homeLoader, teamLoader } from './loader';

export const homeRoute = definePage({
  loaders: [homeLoader, teamLoader],
  head: (_read, ctx) => ({
    title: ctx.t('public:meta.homeTitle'),
    description: ctx.t('public:meta.homeDescription'),
    canonical: '/',
    type: 'website',
    links: feedLinks(ctx),
    jsonLd: [websiteJsonLd(ctx)],
  }),
});
