import { initials } from './initials';

describe('initials', () => {
  it('takes the first letter of the first two words, uppercased', () => {
    expect(initials('ana maria silva')).toBe('AM');
    expect(initials('João Pedro')).toBe('JP');
    expect(initials('élida ávila')).toBe('ÉÁ');
  });

  it('ignores extra whitespace', () => {
    expect(initials('  carla \t  souza  ')).toBe('CS');
  });

  it('gives empty for fewer than two words', () => {
    expect(initials('Carla')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials('')).toBe('');
  });

  it('gives empty for a non-string', () => {
    expect(initials(undefined)).toBe('');
    expect(initials(null)).toBe('');
    expect(initials(42)).toBe('');
  });

  it('does not split astral characters', () => {
    expect(initials('😀 smile')).toBe('😀S');
  });
});
