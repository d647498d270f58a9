import { ERROR_CODES, PASSWORD_CHECKS } from '@vitrine/contracts';
import {
  createI18n,
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_CODES,
  NAMESPACES,
  normalizeLocale,
  resolveInitialLocale,
  ensureResources,
  registerTexts,
  tk,
} from './index';
import { keyParity } from '@vitrine/utils';
import { resources } from './locales';

/** An instance with every text at hand (the app fetches what it lacks; see the lazy-loading tests). */
const full = (lng?: Parameters<typeof createI18n>[0]) => createI18n(lng, [], resources);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

function keysOf(locale: keyof typeof resources): string[] {
  const namespaces = resources[locale] as Record<string, Tree>;
  return Object.entries(namespaces).flatMap(([ns, tree]) => flatten(tree).map((key) => `${ns}:${key}`));
}

const placeholders = (text: string) => (text.match(/\{\{\s*[\w.]+\s*\}\}/g) ?? []).sort();

function valueAt(locale: keyof typeof resources, key: string): string {
  const [ns, path] = key.split(':') as [string, string];
  let node: unknown = (resources[locale] as Record<string, unknown>)[ns];
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
}

describe('locale resources', () => {
  const pt = keysOf('pt-BR');

  it.each(['en-US', 'es-ES', 'fr-FR', 'ht-HT'] as const)('has every pt-BR key in %s and nothing else, with the same placeholders and no empty text', (locale) => {
    const other = keysOf(locale);
    expect(pt.filter((key) => !other.includes(key))).toEqual([]);
    expect(other.filter((key) => !pt.includes(key))).toEqual([]);
    expect(keyParity(resources['pt-BR'], resources[locale])).toEqual({ missingInA: [], missingInB: [], placeholderMismatch: [], empty: [] });
  });

  it("bundles the shell's namespaces in every locale (the remotes hold their own)", () => {
    for (const locale of LOCALE_CODES) expect(Object.keys(resources[locale]).sort()).toEqual([...NAMESPACES].sort());
  });

  it('uses the same {{placeholders}} in every locale', () => {
    for (const locale of LOCALE_CODES) {
      const mismatched = pt.filter((key) => placeholders(valueAt('pt-BR', key)).join() !== placeholders(valueAt(locale, key)).join());
      expect(mismatched).toEqual([]);
    }
  });

  it('has no empty texts', () => {
    for (const locale of LOCALE_CODES) {
      expect(keysOf(locale).filter((key) => valueAt(locale, key).trim() === '')).toEqual([]);
    }
  });

  it('translates every API error code', () => {
    for (const code of Object.keys(ERROR_CODES)) {
      expect(pt).toContain(`errors:${code}`);
    }
  });

  it('labels every password check', () => {
    for (const check of PASSWORD_CHECKS) expect(pt).toContain(`errors:passwordPolicy.${check}`);
  });

  it('names every locale natively, the same in every language', () => {
    for (const { code, nativeName } of LOCALES) {
      expect(resources['pt-BR'].common.language.names[code]).toBe(nativeName);
      expect(resources['en-US'].common.language.names[code]).toBe(nativeName);
    }
  });
});

describe('createI18n', () => {
  it('starts in pt-BR, ready synchronously', () => {
    const i18n = full();
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe(DEFAULT_LOCALE);
    expect(i18n.t('common:notFound.title')).toBe('Oops! Página não encontrada');
    expect(i18n.t('auth:login.remember')).toBe('Lembrar senha');
  });

  it('uses common as the default namespace and does not escape (React does)', () => {
    const i18n = full('en-US');
    expect(i18n.t('actions.retry')).toBe('Retry');
    expect(i18n.t('pagination.page', { page: '<b>2</b>', pages: 3 })).toBe('Page <b>2</b> of 3');
  });

  it('gives the spec wordings in English', () => {
    const i18n = full('en-US');
    expect(i18n.t('common:errors.default')).toBe('An unexpected error has occurred. Please try again later.');
    expect(i18n.t('common:session.warningTitle')).toBe('Warning');
    expect(i18n.t('common:session.expiredTitle')).toBe('Expired token');
    expect(i18n.t('common:session.expiredShort')).toBe('Your session expired for security. Please log in again to continue.');
    expect(i18n.t('errors:invalidEmail')).toBe('Invalid email address');
    expect(i18n.t('errors:passwordWeak')).toBe('Your password is weak');
    expect(i18n.t('common:remote.loadFailedTitle')).toBe('This part of the site could not be loaded');
  });

  it('speaks Spanish, French and Haitian Creole everywhere, down to the error codes', () => {
    const es = full('es-ES');
    expect(es.t('common:notifications.success')).toBe('Acción realizada con éxito.');
    expect(es.t('common:actions.cancel')).toBe('Cancelar');
    expect(es.t('errors:ACCOUNT_INACTIVE')).not.toBe(full('en-US').t('errors:ACCOUNT_INACTIVE'));
    const fr = full('fr-FR');
    expect(fr.t('common:notifications.failed')).toBe("L'action n'a pas pu être effectuée.");
    expect(fr.t('common:notFound.title')).not.toBe('Oops! Page not found');
    const ht = full('ht-HT');
    expect(ht.t('common:notifications.success')).toBe('Aksyon an fèt avèk siksè.');
    expect(ht.t('errors:INVALID_CODE')).not.toBe('Invalid code.');
  });

  it('reads a million as a plural in every language (plural rules call it "many")', async () => {
    const i18n = createI18n('pt-BR', [], {});
    registerTexts(i18n, 'counts', { 'pt-BR': async () => ({ reads_one: '{{count}} leitura', reads_other: '{{count}} leituras' }) });
    await ensureResources(i18n, 'pt-BR', ['counts']);
    expect(i18n.t('counts:reads', { count: 1_000_000 })).toBe('1000000 leituras');
    expect(i18n.t('counts:reads', { count: 1 })).toBe('1 leitura');
  });

  it('changes language and makes independent instances', async () => {
    const a = full('pt-BR');
    const b = full('pt-BR');
    await a.changeLanguage('en-US');
    expect(a.t('actions.cancel')).toBe('Cancel');
    expect(b.t('actions.cancel')).toBe('Cancelar');
  });

  it('type-checks keys with tk()', () => {
    expect(tk('auth:login.title')).toBe('auth:login.title');
    expect(tk('chrome:nav.dashboard')).toBe('chrome:nav.dashboard');
  });
});

describe('normalizeLocale', () => {
  it.each([
    ['pt-BR', 'pt-BR'],
    ['PT-br', 'pt-BR'],
    ['pt_br', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['ES-es', 'es-ES'],
    ['fr', 'fr-FR'],
    ['ht', 'ht-HT'],
    [' en-us ', 'en-US'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeLocale(input)).toBe(expected);
  });

  it.each([['de'], [''], ['x'], [null], [42]])('%p is not supported', (input) => {
    expect(normalizeLocale(input)).toBeNull();
  });
});

describe('resolveInitialLocale', () => {
  it('defaults to pt-BR', () => {
    expect(resolveInitialLocale()).toBe('pt-BR');
    expect(resolveInitialLocale({ search: '', stored: null })).toBe('pt-BR');
  });

  it('lets ?lang= win over the stored choice, case-insensitive, short codes too', () => {
    expect(resolveInitialLocale({ search: '?lang=en', stored: 'fr-FR' })).toBe('en-US');
    expect(resolveInitialLocale({ search: '?lang=ES-es', stored: 'fr-FR' })).toBe('es-ES');
    expect(resolveInitialLocale({ search: 'q=x&lang=pt', stored: 'en-US' })).toBe('pt-BR');
    expect(resolveInitialLocale({ search: '?lang=ht-HT' })).toBe('ht-HT');
  });

  it('ignores an unsupported ?lang= and uses the stored choice', () => {
    expect(resolveInitialLocale({ search: '?lang=de', stored: 'fr-FR' })).toBe('fr-FR');
    expect(resolveInitialLocale({ search: '?lang=', stored: 'en-US' })).toBe('en-US');
  });

  it('ignores an invalid stored value', () => {
    expect(resolveInitialLocale({ stored: 'klingon' })).toBe('pt-BR');
  });

  it('does not follow the browser unless asked', () => {
    expect(resolveInitialLocale({ navigatorLanguages: ['fr-CA', 'en'] })).toBe('pt-BR');
    expect(resolveInitialLocale({ navigatorLanguages: ['de-DE', 'fr-CA', 'en'], followBrowser: true })).toBe('fr-FR');
    expect(resolveInitialLocale({ navigatorLanguages: ['de-DE'], followBrowser: true })).toBe('pt-BR');
    expect(resolveInitialLocale({ stored: 'en-US', navigatorLanguages: ['fr'], followBrowser: true })).toBe('en-US');
  });
});

describe('lazy loading', () => {
  it('ships only the default language without the sign-in texts, and fetches the rest on demand', async () => {
    const i18n = createI18n('pt-BR');
    expect(i18n.t('chrome:nav.home')).toBe('Início');
    expect(i18n.hasResourceBundle('pt-BR', 'auth')).toBe(false);
    await ensureResources(i18n, 'pt-BR', ['auth']);
    expect(i18n.t('auth:login.remember')).toBe('Lembrar senha');
  });

  it('loads a language with its fallbacks and every namespace asked for so far', async () => {
    const i18n = createI18n('pt-BR');
    await ensureResources(i18n, 'pt-BR', ['auth']);
    await ensureResources(i18n, 'es-ES');
    await i18n.changeLanguage('es-ES');
    expect(i18n.t('common:notifications.success')).toBe('Acción realizada con éxito.');
    expect(i18n.t('chrome:nav.home')).toBe(resources['es-ES'].chrome.nav.home);
    expect(i18n.hasResourceBundle('es-ES', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('en-US', 'auth')).toBe(true);
  });
});

describe('registerTexts (a remote brings its own namespace)', () => {
  const loaders = () => ({
    'pt-BR': jest.fn(async () => ({ hello: 'Olá, {{name}}' })),
    'en-US': jest.fn(async () => ({ hello: 'Hello, {{name}}' })),
  });

  it('loads a registered namespace like a shell one, and again on a language switch', async () => {
    const i18n = createI18n('pt-BR');
    const l = loaders();
    registerTexts(i18n, 'newfeature', l);
    expect(l['pt-BR']).not.toHaveBeenCalled();
    await ensureResources(i18n, 'pt-BR', ['newfeature']);
    expect(i18n.t('newfeature:hello', { name: 'Ana' })).toBe('Olá, Ana');
    expect(l['en-US']).not.toHaveBeenCalled();
    await ensureResources(i18n, 'en-US');
    await i18n.changeLanguage('en-US');
    expect(i18n.t('newfeature:hello', { name: 'Ana' })).toBe('Hello, Ana');
    expect(l['pt-BR']).toHaveBeenCalledTimes(1);
  });

  it('adds bundled texts at once, with no fetch', () => {
    const i18n = createI18n('pt-BR');
    registerTexts(i18n, 'site', {}, { 'pt-BR': { title: 'Início' } });
    expect(i18n.t('site:title')).toBe('Início');
  });

  it("keeps registrations per instance and refuses the shell's own namespaces", async () => {
    const a = createI18n('pt-BR');
    const b = createI18n('pt-BR');
    registerTexts(a, 'mine', loaders());
    await ensureResources(b, 'pt-BR', ['mine']);
    expect(b.hasResourceBundle('pt-BR', 'mine')).toBe(false);
    expect(() => registerTexts(a, 'common', loaders())).toThrow(/belongs to the shell/);
    expect(() => registerTexts(a, 'errors', loaders())).toThrow(/belongs to the shell/);
  });
});

describe('keyParity', () => {
  it('names the keys missing on either side, mismatched placeholders and empty texts', () => {
    expect(
      keyParity({ a: 'x', n: { b: 'Olá {{name}}', c: 'y' }, e: ' ' }, { a: 'x', n: { b: 'Hi {{nome}}', d: 'z' }, e: 'E' }),
    ).toEqual({ missingInB: ['n.c'], missingInA: ['n.d'], placeholderMismatch: ['n.b'], empty: ['e'] });
  });
});
