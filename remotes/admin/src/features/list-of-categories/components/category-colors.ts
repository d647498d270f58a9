import { contrastRatio, isLight } from '@vitrine/utils';

/**
 * The luminance rule: a light background (luminance > 0.6) pairs with dark
 * text, a dark one with light text. A pair on the same side is flagged unless
 * it still reaches WCAG AA contrast (4.5:1), so the readable colour the
 * suggestion picks (readableTextColor, by WCAG contrast) is never flagged.
 */
export function colorWarning(background: string, text: string): 'light' | 'dark' | null {
  const lightBackground = isLight(background);
  if (lightBackground !== isLight(text)) return null;
  if (contrastRatio(background, text) >= 4.5) return null;
  return lightBackground ? 'light' : 'dark';
}
