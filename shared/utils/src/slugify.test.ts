import { slugify } from './slugify';

describe('slugify', () => {
  it('removes accents and joins words with hyphens', () => {
    expect(slugify('Atualização de Março!')).toBe('atualizacao-de-marco');
    expect(slugify('Pão de Açúcar, Ônibus & Café')).toBe('pao-de-acucar-onibus-e-cafe');
  });

  it('collapses separators and trims hyphens', () => {
    expect(slugify('  --Olá   mundo__ 2026--  ')).toBe('ola-mundo-2026');
    expect(slugify('CamelCase Title')).toBe('camelcase-title');
  });

  it('handles letters that do not decompose', () => {
    expect(slugify('Straße Ærø')).toBe('strasse-aero');
  });

  it('gives empty for empty, symbol-only or non-string input', () => {
    expect(slugify('')).toBe('');
    expect(slugify('!!!')).toBe('');
    expect(slugify(undefined)).toBe('');
  });
});
