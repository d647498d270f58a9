/** URL slug: accents removed, lowercase, words joined by '-' ('Atualização de Março!' → 'atualizacao-de-marco'); '&' reads as the Portuguese 'e'. */
export function slugify(text: unknown): string {
  if (typeof text !== 'string') return '';
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .toLowerCase()
    .replace(/&/g, ' e ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A FAQ product's part of the public address `/faq/{product}` ('Vitrine Pro' → 'vitrine-pro'; nothing left → 'geral'). */
export function faqProductSlug(product: string): string {
  return slugify(product) || 'geral';
}
