import type { FaqPage } from '@vitrine/contracts';

/** Text as the search compares it: without accents, in lower case ('Preço' → 'preco'). */
export const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The words of a search, folded; none for a blank one. */
export const termsOf = (query: string) => fold(query).split(/\s+/).filter(Boolean);

export type FaqGroup = FaqPage['products'][number] & {
  /** Each entry with its question and answer folded, searched as typed. */
  items: { entry: FaqPage['products'][number]['entries'][number]; text: string }[];
};

export const searchable = (products: FaqPage['products']): FaqGroup[] =>
  products.map((product) => ({ ...product, items: product.entries.map((entry) => ({ entry, text: fold(`${entry.question}\n${entry.answer}`) })) }));

/** The groups and questions whose question or answer has every word of the search (all of them without words). */
export function filterGroups(groups: FaqGroup[], terms: string[]): FaqGroup[] {
  if (terms.length === 0) return groups;
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => terms.every((term) => item.text.includes(term))) }))
    .filter((group) => group.items.length > 0);
}

/** An answer's paragraphs: plain text separated by blank lines (its single line breaks stay, in CSS). */
export const paragraphs = (answer: string) =>
  answer
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
