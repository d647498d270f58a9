import { makeFaqEntry } from '../../testing/fixtures';
import { answerPreview, entryPath, groupEntries, nextPosition, productNames, productNamesOf, productSlug } from './faq-view';

const pro = (id: number, position: number, question: string, active = true) => makeFaqEntry({ id, product: 'Vitrine Pro', slug: `q-${id}`, position, question, active });
const site = makeFaqEntry({ id: 9, product: 'Sistema Ágil', slug: 'como-pagar', position: 0, question: 'Como pago?', answer: 'Com Pix ou cartão de crédito.' });

describe("the FAQ's entries, as the list shows them", () => {
  it('links an answer where the public page has it (product slug without accents, the entry slug as the anchor)', () => {
    expect(productSlug('Sistema Ágil')).toBe('sistema-agil');
    expect(productSlug('  RC Sistem I ')).toBe('rc-sistem-i');
    expect(productSlug('***')).toBe('geral');
    expect(entryPath(site)).toBe('/faq/sistema-agil#como-pagar');
  });

  it('groups by product (by name), in position order, and counts the hidden ones', () => {
    const groups = groupEntries([pro(2, 5, 'B'), site, pro(1, 1, 'A', false), makeFaqEntry({ id: 3, product: 'vitrine pro', slug: 'c', position: 1, question: 'C' })]);
    expect(groups.map((g) => [g.name, g.slug, g.entries.map((e) => e.id), g.hidden])).toEqual([
      ['Sistema Ágil', 'sistema-agil', [9], 0],
      ['Vitrine Pro', 'vitrine-pro', [1, 3, 2], 1],
    ]);
  });

  it('searches question, answer and product, without accents, every word', () => {
    const entries = [pro(1, 0, 'Quanto custa?'), site];
    expect(groupEntries(entries, 'credito pix').flatMap((g) => g.entries.map((e) => e.id))).toEqual([9]);
    expect(groupEntries(entries, 'AGIL').flatMap((g) => g.entries.map((e) => e.id))).toEqual([9]);
    expect(groupEntries(entries, 'custa nada')).toEqual([]);
    expect(groupEntries(entries, '  ')).toHaveLength(2);
  });

  it('offers the products in use and puts a new question after its product’s last', () => {
    const entries = [pro(1, 3, 'A'), pro(2, 7, 'B'), site];
    expect(productNames(entries)).toEqual(['Sistema Ágil', 'Vitrine Pro']);
    expect(nextPosition(entries, 'vitrine  pro')).toBe(8);
    expect(nextPosition(entries, 'Novo')).toBe(0);
  });

  it('searches the translations too, and finds a product’s names in the other languages on its entries', () => {
    const translated = makeFaqEntry({ id: 5, product: 'Vitrine Pro', slug: 'preco', position: 2, questions: { 'en-US': 'How much is it?' }, answers: { 'en-US': 'Ten.' }, product_names: { 'en-US': 'Showcase Pro' } });
    const entries = [pro(1, 0, 'Quanto custa?'), translated, site];
    expect(groupEntries(entries, 'how much').flatMap((g) => g.entries.map((e) => e.id))).toEqual([5]);
    expect(groupEntries(entries, 'showcase').flatMap((g) => g.entries.map((e) => e.id))).toEqual([5]);
    expect(productNamesOf(entries, ' vitrine pro ')).toEqual({ 'en-US': 'Showcase Pro' });
    expect(productNamesOf(entries, 'Vitrine Pro', 5)).toEqual({});
    expect(productNamesOf(entries, 'Sistema Ágil')).toEqual({});
    expect(productNamesOf(entries, '')).toEqual({});
  });

  it('previews an answer on one line', () => {
    expect(answerPreview('Primeiro parágrafo.\n\nSegundo.')).toBe('Primeiro parágrafo. Segundo.');
    expect(answerPreview('x'.repeat(200), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});
