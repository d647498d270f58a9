import type { FaqEntry, FaqTranslations } from '@vitrine/contracts';
import { faqProductSlug, truncate } from '@vitrine/utils';

/** A product's part of the public FAQ's address, as the server makes it (@vitrine/utils). */
export const productSlug = faqProductSlug;

/** Where an answer is on the public site: /faq/{product-slug}#{entry slug}. */
export const entryPath = (entry: Pick<FaqEntry, 'product' | 'slug'>) => `/faq/${productSlug(entry.product)}#${entry.slug}`;

/** Text as the search compares it: without accents, in lower case ('Preço' → 'preco'). */
export const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The words of a search, folded; none for a blank one. */
export const termsOf = (search: string) => fold(search).split(/\s+/).filter(Boolean);

/** Whether every word of the search is in the entry's question, answer or product, in pt-BR or a translation. */
export const matches = (entry: FaqEntry, terms: string[]) => {
  const translations = [entry.product_names, entry.questions, entry.answers].flatMap((texts) => Object.values(texts ?? {}));
  const text = fold([entry.product, entry.question, entry.answer, ...translations].join('\n'));
  return terms.every((term) => text.includes(term));
};

export interface FaqGroup {
  /** The product's slug (entries whose names give the same slug are one product on the public page). */
  slug: string;
  /** The product as its first entry names it. */
  name: string;
  entries: FaqEntry[];
  /** How many of the group's entries the public page hides. */
  hidden: number;
}

const byPosition = (a: FaqEntry, b: FaqEntry) => a.position - b.position || a.id - b.id;

/** The entries matching the search, by product (products by name), each product's in position order. */
export function groupEntries(entries: FaqEntry[], search = ''): FaqGroup[] {
  const terms = termsOf(search);
  const groups = new Map<string, FaqGroup>();
  for (const entry of [...entries].sort(byPosition)) {
    if (!matches(entry, terms)) continue;
    const slug = productSlug(entry.product);
    const group = groups.get(slug) ?? { slug, name: entry.product, entries: [], hidden: 0 };
    group.entries.push(entry);
    if (!entry.active) group.hidden += 1;
    groups.set(slug, group);
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }));
}

/** The products already in use, by name (the form offers them; a new one can still be typed). */
export function productNames(entries: FaqEntry[]): string[] {
  return [...new Set(entries.map((entry) => entry.product))].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }));
}

/**
 * A product's names in the other languages, as its entries hold them (the first, in position order, that has any;
 * `except` leaves one entry out): the same on every entry, since the API saves them on all (docs/decisions/i18n.md).
 */
export function productNamesOf(entries: FaqEntry[], product: string, except?: number): FaqTranslations {
  if (!product.trim()) return {};
  const slug = productSlug(product.trim());
  const holder = [...entries]
    .sort(byPosition)
    .find((entry) => entry.id !== except && productSlug(entry.product) === slug && Object.keys(entry.product_names ?? {}).length > 0);
  return holder?.product_names ?? {};
}

/** A new question's position when none is given: after the product's last one. */
export function nextPosition(entries: FaqEntry[], product: string): number {
  const slug = productSlug(product);
  const positions = entries.filter((entry) => productSlug(entry.product) === slug).map((entry) => entry.position);
  return positions.length ? Math.max(...positions) + 1 : 0;
}

/** The start of an answer on one line, for the list. */
export const answerPreview = (answer: string, max = 140) => truncate(answer.replace(/\s+/g, ' ').trim(), max);
