import { isLight, readableTextColor } from '@vitrine/utils';
import { colorWarning } from './category-colors';

describe('category colours', () => {
  it('flags light text on a light background and dark text on a dark one', () => {
    expect(colorWarning('#fde68a', '#ffffff')).toBe('light');
    expect(colorWarning('#1e3a8a', '#000000')).toBe('dark');
    expect(colorWarning('#fde68a', '#111827')).toBeNull();
    expect(colorWarning('#1e3a8a', '#ffffff')).toBeNull();
  });

  it('never flags the suggested readable colour, which pairs a light background with dark text', () => {
    for (const background of ['#ffffff', '#fde68a', '#888888', '#7c3aed', '#1e3a8a', '#000000', '#16a34a']) {
      const suggestion = readableTextColor(background);
      expect(colorWarning(background, suggestion)).toBeNull();
      if (isLight(background)) expect(suggestion).toBe('#000000');
    }
  });
});
