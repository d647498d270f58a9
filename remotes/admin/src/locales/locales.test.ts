import { ACCESSES, ADMIN_ROUTE_NAMES, USER_STATUSES, USER_TYPES } from '@vitrine/contracts';
import { createI18n, registerTexts, ensureResources } from '@vitrine/i18n';
import { keyParity, keysOf } from '@vitrine/utils';
import { admin as ptBR } from './pt-BR';
import { admin as enUS } from './en-US';
import { admin as esES } from './es-ES';
import { admin as frFR } from './fr-FR';
import { admin as htHT } from './ht-HT';

describe("the admin remote's texts", () => {
  it.each([
    ['en-US', enUS],
    ['es-ES', esES],
    ['fr-FR', frFR],
    ['ht-HT', htHT],
  ])('have the same keys, placeholders and no empty text in pt-BR and %s', (_locale, texts) => {
    expect(keyParity(ptBR, texts)).toEqual({ missingInA: [], missingInB: [], placeholderMismatch: [], empty: [] });
  });

  it('label every admin route, user type, status and access', () => {
    const keys = keysOf(ptBR);
    for (const name of ADMIN_ROUTE_NAMES) expect(keys).toContain(`menu.${name}`);
    for (const type of USER_TYPES) expect(keys).toContain(`users.types.${type}`);
    for (const status of USER_STATUSES) expect(keys).toContain(`users.statuses.${status}`);
    for (const access of ACCESSES) expect(keys).toContain(`users.accesses.${access}`);
  });

  it('pick the greeting by gender (neutral otherwise) and pluralise, once registered with an instance', async () => {
    const i18n = createI18n('pt-BR');
    registerTexts(i18n, 'admin', { 'pt-BR': async () => ptBR, 'en-US': async () => enUS });
    await ensureResources(i18n, 'pt-BR', ['admin']);
    expect(i18n.t('admin:dashboard.greeting', { context: 'female', name: 'Ana' })).toBe('Bem-vinda, Ana!');
    expect(i18n.t('admin:dashboard.greeting', { context: 'male', name: 'João' })).toBe('Bem-vindo, João!');
    expect(i18n.t('admin:dashboard.greeting', { context: 'other', name: 'Alex' })).toBe('Boas-vindas, Alex!');
    expect(i18n.t('admin:dashboard.greeting', { name: 'Alex' })).toBe('Boas-vindas, Alex!');
    expect(i18n.t('admin:users.total', { count: 1 })).toBe('1 usuário');
    expect(i18n.t('admin:users.total', { count: 12 })).toBe('12 usuários');
    await ensureResources(i18n, 'en-US');
    await i18n.changeLanguage('en-US');
    expect(i18n.t('admin:users.confirm.delete', { name: '<b>Ana</b>' })).toBe('Delete <b>Ana</b>? This cannot be undone.');
  });
});
