import { WHATSAPP_PHONE_PATTERN, type WhatsappSettings } from '@vitrine/contracts';
import { contrastRatio, textColorOn } from '@vitrine/utils';

/** A colour as the API keeps it (`#rrggbb`). */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const PHONE = new RegExp(WHATSAPP_PHONE_PATTERN);

/** The phone as the server keeps it: spaces, dashes, dots and parentheses dropped ('+55 (11) 91234-5678' → '+5511912345678'). */
export const cleanPhone = (phone: string) => phone.replace(/[\s().-]/g, '');

/** International format once cleaned: '+', country code, number. */
export const isInternationalPhone = (phone: string) => PHONE.test(cleanPhone(phone));

/** The chat wa.me opens, as the public button links it: the number's digits and the message typed in for the visitor. */
export function whatsappLink(phone: string, message: string): string {
  const text = message.trim();
  return `https://wa.me/${phone.replace(/\D/g, '')}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

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
 * The label on the button: its colour by SPEC §9's rule (dark on a light colour, white on a dark one),
 * and how readable that is (WCAG: 4.5:1 for text this size, 3:1 only for large text).
 */
export function labelContrast(background: string): { text: string; ratio: number; level: ContrastLevel } {
  const text = textColorOn(background);
  const ratio = contrastRatio(background, text);
  return { text, ratio, level: ratio >= 4.5 ? 'good' : ratio >= 3 ? 'large' : 'poor' };
}
