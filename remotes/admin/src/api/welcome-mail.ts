import type { Envelope, WelcomePreview, WelcomePreviewInput, WelcomeSettings } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** The welcome mail of a confirmed newsletter subscription: on or off, and its subject and body per language. */
export async function getWelcomeMail(): Promise<WelcomeSettings> {
  const { data } = await http.get<Envelope<WelcomeSettings>>('/newsletter/welcome');
  return data.data;
}

/**
 * Saves it; the next confirmation sends what is saved. 400 with field errors `texts.<locale>.subject|body`:
 * `isNotEmpty` (pt-BR's missing, or another language's subject without its body or the reverse), `maxLength`,
 * `isPlaceholder` (a brace other than {site}).
 */
export async function saveWelcomeMail(settings: WelcomeSettings): Promise<WelcomeSettings> {
  const { data } = await http.put<Envelope<WelcomeSettings>>('/newsletter/welcome', settings);
  return data.data;
}

/** The mail as a subscriber reading `locale` would get it from the texts as typed (the API renders it, as it sends it). */
export async function previewWelcomeMail(input: WelcomePreviewInput): Promise<WelcomePreview> {
  const { data } = await http.post<Envelope<WelcomePreview>>('/newsletter/welcome-preview', input);
  return data.data;
}
