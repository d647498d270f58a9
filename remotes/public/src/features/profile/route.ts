import { absolute, describe, feedLinks, notFoundHead, organization, titled } from '../../lib/head';
import { fullName, profilePath } from '../../lib/paths';
import { definePage } from '../../lib/route';
import { profileLoader } from './loader';

export const profileRoute = definePage({
  loaders: [profileLoader],
  head: (read, ctx) => {
    const profile = read(profileLoader);
    if (!profile) return notFoundHead(ctx, 'public:profile.notFoundTitle');
    const { author } = profile;
    const name = fullName(author);
    const canonical = absolute(ctx, profilePath(author));
    const biography = (author.biography ?? '').trim();
    const photo = author.photo ? absolute(ctx, author.photo) : undefined;
    return {
      title: titled(ctx, name),
      description: describe(biography || [author.position, ctx.t('public:meta.profileDescription', { name })].filter(Boolean).join(' · ')),
      canonical,
      type: 'profile',
      image: photo ? { url: photo, alt: name } : undefined,
      meta: [
        ['property', 'profile:first_name', author.name],
        ['property', 'profile:last_name', author.last_name],
      ],
      links: feedLinks(ctx),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Person',
          name,
          givenName: author.name,
          familyName: author.last_name,
          ...(author.position ? { jobTitle: author.position } : {}),
          ...(biography ? { description: biography } : {}),
          ...(photo ? { image: photo } : {}),
          url: canonical,
          worksFor: organization(ctx),
        },
      ],
    };
  },
});
