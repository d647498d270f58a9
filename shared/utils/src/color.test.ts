import { contrastingTextColor, contrastRatio, hexToRgb, isHexColor, isLight, luminance, readableTextColor, relativeLuminance, textColorOn } from './color';
import { WHATSAPP_DEFAULT_COLOR } from './whatsapp';

describe('colour helpers', () => {
  it('parses #rgb and #rrggbb, with or without #, any case', () => {
    expect(hexToRgb('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(hexToRgb('1B2A4A')).toEqual({ r: 27, g: 42, b: 74 });
    expect(hexToRgb(' #AbC ')).toEqual({ r: 170, g: 187, b: 204 });
  });

  it('rejects anything else', () => {
    expect(() => hexToRgb('#ffff')).toThrow(TypeError);
    expect(() => hexToRgb('red')).toThrow('Invalid hex colour: red');
    expect(() => luminance('')).toThrow(TypeError);
    expect(isHexColor('#12345g')).toBe(false);
    expect(isHexColor(12)).toBe(false);
    expect(isHexColor('#123')).toBe(true);
  });

  it('gives luminance between 0 and 1', () => {
    expect(luminance('#000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1, 10);
    expect(luminance('#ff0000')).toBeCloseTo(0.299, 3);
    expect(luminance('#f00')).toBe(luminance('#ff0000'));
  });

  it('counts luminance above 0.6 as light', () => {
    expect(isLight('#ffffff')).toBe(true);
    expect(isLight('#f5c242')).toBe(true);
    expect(isLight('#1b2a4a')).toBe(false);
    expect(isLight('#999999')).toBe(false); // exactly 0.6 is not above
    expect(isLight('#9a9a9a')).toBe(true);
  });

  it('puts dark text on a light colour and white on a dark one (above 0.6 is light)', () => {
    expect(textColorOn('#25d366')).toBe('#ffffff'); // WhatsApp green: luminance 0.57
    expect(textColorOn('#1b2a4a')).toBe('#ffffff');
    expect(textColorOn('#999999')).toBe('#ffffff'); // exactly 0.6 is not light
    expect(textColorOn('#9a9a9a')).toBe('#111827');
    expect(textColorOn('#f5c242')).toBe('#111827');
    expect(textColorOn('#ffffff', '#000000')).toBe('#000000');
    expect(() => textColorOn('green')).toThrow(TypeError);
  });

  it('computes WCAG relative luminance and contrast', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777', '#777')).toBe(1);
  });

  it('picks white or near-black by contrast for a freely chosen colour (the WhatsApp button)', () => {
    expect(contrastingTextColor('#25d366')).toBe('#111827'); // white would be 2.0:1
    expect(contrastingTextColor('#1b2a4a')).toBe('#ffffff');
    expect(contrastingTextColor('#f5c242')).toBe('#111827');
    expect(contrastingTextColor('#e53935')).toBe('#ffffff');
    expect(contrastingTextColor('#ffffff', '#000000')).toBe('#000000');
    // Whatever the colour, the label is never below 4:1 (the worst mid tone with #111827 is about 4.1:1).
    for (const color of ['#25d366', '#808080', '#ff0000', '#0088cc', '#e53935', '#7c7c7c', '#ffff00', '#00ffff']) {
      expect(contrastRatio(color, contrastingTextColor(color))).toBeGreaterThan(4);
    }
  });

  it('the default WhatsApp colour takes white text at WCAG AA', () => {
    expect(contrastingTextColor(WHATSAPP_DEFAULT_COLOR)).toBe('#ffffff');
    expect(contrastRatio(WHATSAPP_DEFAULT_COLOR, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('picks the readable text colour', () => {
    expect(readableTextColor('#1b2a4a')).toBe('#ffffff');
    expect(readableTextColor('#ffffff')).toBe('#000000');
    expect(readableTextColor('#f5c242')).toBe('#000000');
    expect(readableTextColor('#00ff00')).toBe('#000000');
    expect(readableTextColor('#7c3aed')).toBe('#ffffff');
  });
});
