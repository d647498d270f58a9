/**
 * The chat wa.me opens: the number's digits and the message typed in for the visitor (no `?text` when it is
 * empty). The public button links it; the admin's preview shows and tests the same link.
 */
export function whatsappLink(phone: string, message: string): string {
  const text = message.trim();
  return `https://wa.me/${phone.replace(/\D/g, '')}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
