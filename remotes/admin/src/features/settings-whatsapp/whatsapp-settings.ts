import { cleanWhatsappPhone, isWhatsappPhone, type WhatsappSettings } from '@vitrine/contracts';
import { contrastingTextColor, contrastRatio } from '@vitrine/utils';

export { whatsappLink } from '@vitrine/utils';

/** A colour as the API keeps it (`#rrggbb`). */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
/** The phone as the server keeps it, and its format check: the contract's rules (@vitrine/contracts). */
export const cleanPhone = cleanWhatsappPhone;
export const isInternationalPhone = isWhatsappPhone;

/** The body PUT /settings/whatsapp gets: texts trimmed, the phone cleaned, the colour in lower case. */
export function cleanSettings(values: WhatsappSettings): WhatsappSettings {
  return {
    enabled: values.enabled,
    description: values.description.trim(),
    phone: cleanPhone(values.phone),
    message: values.message.trim(),
    color: values.color.trim().toLowerCase(),
  };
}

/** Whether the form differs from what was saved (as the server would keep it). */
export function hasChanges(values: WhatsappSettings, saved: WhatsappSettings): boolean {
  const a = cleanSettings(values);
  const b = cleanSettings(saved);
  return (Object.keys(a) as (keyof WhatsappSettings)[]).some((key) => a[key] !== b[key]);
}

export type ContrastLevel = 'good' | 'large' | 'poor';

/**
 * The label on the button, as the public button draws it: white or near-black, whichever contrasts more with
 * the colour, and how readable that is (WCAG: 4.5:1 for text this size, 3:1 only for large text; a mid-tone
 * colour can stay below 4.5:1 with either).
 */
export function labelContrast(background: string): { text: string; ratio: number; level: ContrastLevel } {
  const text = contrastingTextColor(background);
  const ratio = contrastRatio(background, text);
  return { text, ratio, level: ratio >= 4.5 ? 'good' : ratio >= 3 ? 'large' : 'poor' };
}
