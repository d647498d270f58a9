import { PUBLIC_ROUTES } from '@vitrine/contracts';
import { absolute, describe, organization, titled } from '../../lib/head';
import { definePage } from '../../lib/route';
import { siteLoader } from '../../lib/site';

export const contactRoute = definePage({
  loaders: [siteLoader],
  // The form is the page: without the company's details (the API failed) it still renders, and asks again itself.
  subject: null,
  head: (read, ctx) => {
    const contact = read(siteLoader)?.contact;
    const title = ctx.t('public-pages:contact.title');
    const email = contact?.email?.trim();
    const telephone = contact?.phone?.trim();
    const address = contact?.address?.trim();
    // The company's own name in its contact details, when it is not the site's (a legal name beside a brand).
    const legalName = contact?.name?.trim();
    return {
      title: titled(ctx, title),
      description: describe(ctx.t('public-pages:meta.contactDescription')),
      canonical: PUBLIC_ROUTES.contact,
      type: 'website',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ContactPage',
          name: title,
          url: absolute(ctx, PUBLIC_ROUTES.contact),
          inLanguage: ctx.lang,
          mainEntity: {
            ...organization(ctx),
            ...(legalName && legalName !== ctx.site.name ? { legalName } : {}),
            ...(address ? { address } : {}),
            ...(email || telephone
              ? { contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', ...(email ? { email } : {}), ...(telephone ? { telephone } : {}) } }
              : {}),
          },
        },
      ],
    };
  },
});
