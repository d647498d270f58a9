import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '@vitrine/contracts';
// The same parity check as every remote's texts (@vitrine/utils, pure functions the API and the browser share).
import { keyParity, keysOf } from '@vitrine/utils';
import { MAIL_TEXTS, fill, fillHtml, mailLocale } from '../../src/mail/texts';

const others = LOCALE_CODES.filter((locale) => locale !== DEFAULT_LOCALE);

describe('the mail texts', () => {
  it('exist in the five languages', () => {
    expect(Object.keys(MAIL_TEXTS).sort()).toEqual([...LOCALE_CODES].sort());
  });

  it.each(others)('have every pt-BR key in %s and nothing else, with the same placeholders and no empty text', (locale) => {
    expect(keyParity(MAIL_TEXTS[DEFAULT_LOCALE], MAIL_TEXTS[locale])).toEqual({ missingInA: [], missingInB: [], placeholderMismatch: [], empty: [] });
  });

  it.each(others)('are translated in %s (no pt-BR sentence left behind)', (locale) => {
    const flat = (texts: typeof MAIL_TEXTS[Locale]) => new Map(keysOf(texts).map((key) => [key, key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string]));
    const source = flat(MAIL_TEXTS[DEFAULT_LOCALE]);
    // Texts that are only placeholders and punctuation and the brand (a signature, a subject with the site's name) may read the same.
    const same = [...flat(MAIL_TEXTS[locale])].filter(([key, text]) => text === source.get(key) && /[a-zà-ÿ]{3}/i.test(text.replace(/\{\{\s*[\w.]+\s*\}\}|Vitrine/g, '')));
    expect(same).toEqual([]);
  });

  it('the parity check itself catches a missing key, a changed placeholder and an empty text', () => {
    const broken = { common: { hello: 'Hi {{nome}},', team: '' } };
    expect(keyParity({ common: MAIL_TEXTS[DEFAULT_LOCALE].common }, broken)).toEqual({
      missingInA: [],
      missingInB: ['common.helloNoName'],
      placeholderMismatch: ['common.hello'],
      empty: ['common.team'],
    });
  });

  it('fill placeholders, escaping the HTML part but not the markup the template built', () => {
    expect(fill('Olá, {{name}}!', { name: 'Ana <b>' })).toBe('Olá, Ana <b>!');
    expect(fill('{{missing}} stays', {})).toBe('{{missing}} stays');
    expect(fillHtml('A & {{name}}: {{code}}', { name: '<Ana>' }, { code: '<strong>123</strong>' })).toBe('A &#38; &#60;Ana&#62;: <strong>123</strong>');
  });

  it('fall back to pt-BR for an unknown or missing language, and map a bare tag to its locale', () => {
    expect(mailLocale('fr-FR')).toBe('fr-FR');
    expect(mailLocale('en')).toBe('en-US');
    expect(mailLocale('ht')).toBe('ht-HT');
    expect(mailLocale('de-DE')).toBe('pt-BR');
    expect(mailLocale('<script>')).toBe('pt-BR');
    expect(mailLocale(null)).toBe('pt-BR');
    expect(mailLocale(undefined)).toBe('pt-BR');
  });
});
