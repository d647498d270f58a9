import { PUBLIC_ROUTES } from '@vitrine/contracts';
import { describe, titled } from '../../lib/head';
import { definePage } from '../../lib/route';

/** The playground: nothing to load, never indexed (a working page, not the site's content). */
export const playgroundRoute = definePage({
  loaders: [],
  subject: null,
  head: (_read, ctx) => ({
    title: titled(ctx, ctx.t('playground:title', { defaultValue: 'Playground' })),
    description: describe(ctx.t('playground:description')),
    canonical: PUBLIC_ROUTES.playground,
    type: 'website',
    index: false,
  }),
});
