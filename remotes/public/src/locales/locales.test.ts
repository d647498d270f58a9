import { createI18n, ensureResources, registerTexts } from '@vitrine/i18n';
import { keyParity } from '@vitrine/utils';
import { publicSite as ptBR } from './pt-BR';
import { publicPages as pagesPt } from './pages-pt-BR';
import { publicPages as pagesEn, publicSite as enUS } from './en-US';
import { publicPages as pagesEs, publicSite as esES } from './es-ES';
import { publicPages as pagesFr, publicSite as frFR } from './fr-FR';
import { publicPages as pagesHt, publicSite as htHT } from './ht-HT';
import { landing as landingPt } from '../features/rc-sistem/locales/pt-BR';
import { landing as landingEn } from '../features/rc-sistem/locales/en-US';
import { landing as landingEs } from '../features/rc-sistem/locales/es-ES';
import { landing as landingFr } from '../features/rc-sistem/locales/fr-FR';
import { landing as landingHt } from '../features/rc-sistem/locales/ht-HT';
import { playground as playPt } from '../features/playground/locales/pt-BR';
import { playground as playEn } from '../features/playground/locales/en-US';
import { playground as playEs } from '../features/playground/locales/es-ES';
import { playground as playFr } from '../features/playground/locales/fr-FR';
import { playground as playHt } from '../features/playground/locales/ht-HT';

describe("the public remote's texts", () => {
  const none = { missingInA: [], missingInB: [], placeholderMismatch: [], empty: [] };
  it.each([
    ['en-US', enUS, pagesEn, landingEn, playEn],
    ['es-ES', esES, pagesEs, landingEs, playEs],
    ['fr-FR', frFR, pagesFr, landingFr, playFr],
    ['ht-HT', htHT, pagesHt, landingHt, playHt],
  ])('have the same keys, placeholders and no empty text in pt-BR and %s (site, pages, landing, playground)', (_locale, site, pages, landing, playground) => {
    expect(keyParity(ptBR, site)).toEqual(none);
    expect(keyParity(pagesPt, pages)).toEqual(none);
    expect(keyParity(landingPt, landing)).toEqual(none);
    expect(keyParity(playPt, playground)).toEqual(none);
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
