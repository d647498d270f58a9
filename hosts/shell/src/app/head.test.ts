import { headTags } from './head';

const page = { title: 'Design que vende · Acme Studio', description: 'Como o design ajuda a vender.', canonical: '/post/design/42', type: 'article' as const };
const siteName = (html: string) => /<meta data-vt-head property="og:site_name" content="([^"]*)">/.exec(html)?.[1];

describe('the head tags', () => {
  it("name the site in Open Graph as the page's data says (the saved identity), escaped", () => {
    expect(siteName(headTags(page, { lang: 'pt-BR', origin: 'https://www.example.com', siteName: 'Acme & Filhos "Studio"' }))).toBe('Acme &amp; Filhos &quot;Studio&quot;');
  });

  it('fall back to the default name on pages without an identity (not-found, an older remote)', () => {
    expect(siteName(headTags(page, { lang: 'pt-BR', origin: 'https://www.example.com' }))).toBe('Vitrine');
    expect(siteName(headTags(page, { lang: 'pt-BR', origin: 'https://www.example.com', siteName: '' }))).toBe('Vitrine');
  });
});
