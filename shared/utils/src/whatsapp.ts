/**
 * The chat button's colour until staff choose one: a WhatsApp green dark enough for white text (5.0:1, WCAG AA;
 * WhatsApp's own #25d366 gives white 2.0:1). Whatever colour is chosen, the label takes the more readable of
 * white and near-black (contrastingTextColor).
 */
export const WHATSAPP_DEFAULT_COLOR = '#15803d';

/**
 * The chat wa.me opens: the number's digits and the message typed in for the visitor (no `?text` when it is
 * empty). The public button links it; the admin's preview shows and tests the same link.
 */
export function whatsappLink(phone: string, message: string): string {
  const text = message.trim();
  return `https://wa.me/${phone.replace(/\D/g, '')}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
