export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX_RE = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** True for '#rgb' or '#rrggbb' (the '#' is optional). */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_RE.test(value.trim());
}

/** Channels 0..255 of a '#rgb' / '#rrggbb' colour; throws a TypeError on anything else. */
export function hexToRgb(hex: string): Rgb {
  const match = HEX_RE.exec(typeof hex === 'string' ? hex.trim() : '');
  const digits = match?.[1];
  if (!digits) throw new TypeError(`Invalid hex colour: ${String(hex)}`);
  const full = digits.length === 3 ? Array.from(digits, (c) => c + c).join('') : digits;
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  };
}

/**
 * Brightness of a colour, 0 (black) .. 1 (white): the Rec. 601 luma
 * (0.299 R + 0.587 G + 0.114 B) / 255 that the 'above 0.6 counts as light'
 * threshold is meant for. (The WCAG relative luminance is {@link relativeLuminance}.)
 */
export function luminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** A colour whose luminance is above 0.6 counts as light. */
export function isLight(hex: string): boolean {
  return luminance(hex) > 0.6;
}

/**
 * The text (or icon) colour for a background by the luminance rule: dark on a light colour (luminance
 * above 0.6), white on a dark one. `dark` is the colour used on light backgrounds.
 */
export function textColorOn(background: string, dark = '#111827'): string {
  return isLight(background) ? dark : '#ffffff';
}

/** WCAG 2 relative luminance, 0..1 (linearised sRGB). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio between two colours, 1..21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text (or icon) colour for a colour someone chose freely (the WhatsApp button): white or `dark`,
 * whichever has the higher WCAG contrast on it. Unlike the luminance rule ({@link textColorOn}), it
 * never puts white on a light green at 2:1.
 */
export function contrastingTextColor(background: string, dark = '#111827'): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, dark) ? '#ffffff' : dark;
}

/** Black or white text for a background, whichever has the higher WCAG contrast. */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}
