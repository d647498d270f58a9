import { fetchFaq } from '../../api/faq';
import { defineLoader } from '../../lib/loader';

/** How the API writes a product's slug (slugify of its name). */
const PRODUCT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * faq/<product>: the product's slug, '' for every product, null when the URL names something no product
 * can be called (the page's 404 without asking).
 */
export function faqProduct(params: Readonly<Record<string, string | undefined>>): string | null {
  const product = params.product ?? '';
  return product === '' || (product.length <= 120 && PRODUCT_SLUG.test(product)) ? product : null;
}

/**
 * Every product's questions (the page filters them by the URL's product; the tabs name every product).
 * A product the FAQ does not have answers 404, like an unknown article: crawlers index no junk URL.
 */
export const faqLoader = defineLoader({
  id: 'faq',
  key: ({ params }) => {
    const product = faqProduct(params);
    return product === null ? null : `faq|${product}`;
  },
  load: async ({ params, http }) => {
    const faq = await fetchFaq(http);
    const product = faqProduct(params);
    if (product && !faq.products.some((p) => p.slug === product)) throw Object.assign(new Error('Unknown FAQ product'), { response: { status: 404 } });
    return faq;
  },
});
