import { absolute, describe, feedLinks, notFoundHead, organization, titled } from '../../lib/head';
import { fullName, postPath, profilePath } from '../../lib/paths';
import { definePage } from '../../lib/route';
import { readPath } from '../../api/public-content';
import { postLoader } from './loader';

export const postRoute = definePage({
  loaders: [postLoader],
  // The read is counted when the page is shown, not when its code starts (the visitor's first intent).
  beacon: (read) => {
    const post = read(postLoader);
    return post ? readPath(post.article.id) : undefined;
  },
  head: (read, ctx) => {
    const post = read(postLoader);
    if (!post) return notFoundHead(ctx, 'public:post.notFoundTitle');
    const { article } = post;
    const canonical = absolute(ctx, postPath(article));
    const description = describe(article.meta_description || article.excerpt);
    const picture = article.social_image ?? article.image;
    const image = picture ? { url: absolute(ctx, picture.url), alt: (article.social_image ? picture.alt : article.image_alt) || article.title } : undefined;
    const author = article.author;
    const authorUrl = absolute(ctx, profilePath(author));
    const published = article.published_at ?? article.created_at;
    const meta: [string, string, string][] = [
      ['property', 'article:published_time', published],
      ['property', 'article:modified_time', article.updated_at],
      ['property', 'article:author', authorUrl],
    ];
    if (article.categories[0]) meta.push(['property', 'article:section', article.categories[0].name]);
    for (const category of article.categories) meta.push(['property', 'article:tag', category.name]);
    return {
      title: titled(ctx, article.title),
      description,
      canonical,
      type: 'article',
      // Only the languages it is published in are announced (hreflang), and its URL is its own language's.
      ...(article.languages ? { languages: article.languages } : {}),
      ...(article.lang ? { contentLang: article.lang } : {}),
      image,
      meta,
      links: feedLinks(ctx),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: article.title,
          description,
          ...(image ? { image: [image.url] } : {}),
          datePublished: published,
          dateModified: article.updated_at,
          author: { '@type': 'Person', name: fullName(author), url: authorUrl },
          publisher: organization(ctx),
          mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
          url: canonical,
          inLanguage: article.lang ?? ctx.lang,
          ...(article.categories.length ? { articleSection: article.categories.map((c) => c.name) } : {}),
        },
      ],
    };
  },
});

