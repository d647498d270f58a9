import { PUBLIC_ROUTES } from '@vitrine/contracts';
import { absolute, describe, organization, titled } from '../../lib/head';
import { definePage } from '../../lib/route';
import { siteLoader } from '../../lib/site';
import { demoHref, FEATURES, PRODUCT_NAME } from './content';

/**
 * The landing page of the systems product. Its content is its texts: it loads nothing of its own,
 * only the site's settings every page gets, whose contact details join the publisher in the JSON-LD.
 */
export const rcSistemRoute = definePage({
  loaders: [],
  subject: null,
  head: (read, ctx) => {
    const contact = read(siteLoader)?.contact;
    const email = contact?.email?.trim();
    const telephone = contact?.phone?.trim();
    const description = describe(ctx.t('landing:description'));
    return {
      title: titled(ctx, PRODUCT_NAME),
      description,
      canonical: PUBLIC_ROUTES['rc-sistemI'],
      type: 'website',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'SoftwareApplication',
          name: PRODUCT_NAME,
          applicationCategory: 'BusinessApplication',
          operatingSystem: 'Web',
          url: absolute(ctx, PUBLIC_ROUTES['rc-sistemI']),
          inLanguage: ctx.lang,
          description,
          featureList: FEATURES.map((key) => ctx.t(`landing:features.${key}.title`)),
          // Plans are quoted per team (monthly, per user): an offer described, with no price to state.
          offers: { '@type': 'Offer', description: ctx.t('landing:offer'), url: absolute(ctx, demoHref(ctx.t('landing:subject'))) },
          publisher: {
            ...organization(ctx),
            ...(email || telephone ? { contactPoint: { '@type': 'ContactPoint', contactType: 'sales', ...(email ? { email } : {}), ...(telephone ? { telephone } : {}) } } : {}),
          },
        },
      ],
    };
  },
});
