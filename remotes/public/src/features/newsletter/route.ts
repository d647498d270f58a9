import { buildPath, PUBLIC_ROUTES } from '@vitrine/contracts';
import { describe, titled } from '../../lib/head';
import { definePage } from '../../lib/route';
import { subscriptionLoader } from './loader';

export const unsubscribeRoute = definePage({
  loaders: [subscriptionLoader],
  query: ['status'],
  // Every state has something to show (an invalid link shows the sign-up form): the page is never a 404.
  subject: null,
  // A personal page (its link is a subscriber's key): never indexed, canonical without the key.
  head: (_read, ctx) => ({
    title: titled(ctx, ctx.t('public-pages:unsubscribe.title')),
    description: describe(ctx.t('public:meta.newsletterDescription')),
    canonical: buildPath(PUBLIC_ROUTES['unsubscribe-newsletter']),
    type: 'website',
    index: false,
  }),
});
