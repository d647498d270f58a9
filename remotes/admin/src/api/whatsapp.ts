import type { Envelope, WhatsappSettings } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** The floating chat button's settings (route settings-whatsapp). */
export async function getWhatsappSettings(): Promise<WhatsappSettings> {
  const { data } = await http.get<Envelope<WhatsappSettings>>('/settings/whatsapp');
  return data.data;
}

/**
 * Saves all five fields; the public pages show the button at once. While it is on, phone and message
 * are required (400 with field errors `phone` / `message`); the phone comes back as `+5511912345678`.
 */
export async function saveWhatsappSettings(settings: WhatsappSettings): Promise<WhatsappSettings> {
  const { data } = await http.put<Envelope<WhatsappSettings>>('/settings/whatsapp', settings);
  return data.data;
}
