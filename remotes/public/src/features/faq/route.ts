import type { FaqPage } from '@vitrine/contracts';
import { absolute, describe, notFoundHead, titled } from '../../lib/head';
import { faqPath } from '../../lib/paths';
import { definePage } from '../../lib/route';
import { faqLoader, faqProduct } from './loader';

/** The products a URL of the FAQ shows: every one (faq), or the one it names (faq/<product>). */
export function shownProducts(faq: FaqPage, product: string | null | undefined): FaqPage['products'] {
  return product ? faq.products.filter((p) => p.slug === product) : faq.products;
}

export const faqRoute = definePage({
  loaders: [faqLoader],
  head: (read, ctx) => {
    const faq = read(faqLoader);
    if (!faq) return notFoundHead(ctx, 'public-pages:faq.notFoundTitle');
    const slug = faqProduct(ctx.params) || undefined;
    const shown = shownProducts(faq, slug);
    const product = slug ? shown[0] : undefined;
    const title = product ? ctx.t('public-pages:faq.productTitle', { product: product.name }) : ctx.t('public-pages:faq.title');
    const canonical = faqPath(product?.slug);
    const questions = shown.flatMap((p) => p.entries);
    const lead = product ? ctx.t('public-pages:meta.faqProductDescription', { product: product.name }) : ctx.t('public-pages:meta.faqDescription');
    const url = absolute(ctx, canonical);
    // The questions this URL shows, with their answers' text (schema.org FAQPage).
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      name: title,
      url,
      inLanguage: ctx.lang,
      mainEntity: questions.map((q) => ({ '@type': 'Question', name: q.question, url: `${url}#${q.slug}`, acceptedAnswer: { '@type': 'Answer', text: q.answer } })),
    };
    return {
      title: titled(ctx, title),
      description: describe([lead, ...questions.map((q) => q.question)].join(' ')),
      canonical,
      type: 'website',
      ...(questions.length ? { jsonLd: [jsonLd] } : {}),
    };
  },
});
