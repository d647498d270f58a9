import { i18n } from '@vitrine/core';
import { pageLanguage } from './page-language';

describe('pageLanguage', () => {
  afterEach(async () => {
    await i18n.changeLanguage('pt-BR');
  });

  it('sends the page’s language as ?lang= (the API keeps it for the visitor’s mails)', async () => {
    expect(pageLanguage()).toEqual({ params: { lang: 'pt-BR' } });
    await i18n.changeLanguage('ht-HT');
    expect(pageLanguage()).toEqual({ params: { lang: 'ht-HT' } });
  });
});
