import { createI18n, ensureResources, keyParity, registerTexts } from '@vitrine/i18n';
import { publicSite as ptBR } from './pt-BR';
import { publicSite as enUS } from './en-US';

describe("the public remote's texts", () => {
  it('have the same keys, placeholders and no empty text in pt-BR and en-US', () => {
    expect(keyParity(ptBR, enUS)).toEqual({ missingInA: [], missingInB: [], placeholderMismatch: [], empty: [] });
  });

  it('are ready at once in pt-BR (bundled) and fetched for en-US, with plurals', async () => {
    const i18n = createI18n('pt-BR');
    const en = jest.fn(async () => enUS);
    registerTexts(i18n, 'public', { 'en-US': en }, { 'pt-BR': ptBR });
    expect(i18n.t('public:search.count', { count: 0 })).toBe('Nenhum artigo encontrado');
    expect(i18n.t('public:search.count', { count: 2 })).toBe('2 artigos encontrados');
    await ensureResources(i18n, 'pt-BR', ['public']);
    expect(en).not.toHaveBeenCalled();
    await ensureResources(i18n, 'en-US');
    await i18n.changeLanguage('en-US');
    expect(en).toHaveBeenCalledTimes(1);
    expect(i18n.t('public:search.count', { count: 2 })).toBe('2 articles found');
  });
});
