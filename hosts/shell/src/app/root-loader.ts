import { applyLanguageFromUrl } from '@vitrine/core';
import { loadSeoOnce } from './seo';

/** Runs on the first navigation only (shouldRevalidate false): language from the URL and public SEO. */
export async function rootLoader({ request }: { request: Request }): Promise<null> {
  applyLanguageFromUrl(new URL(request.url).search);
  await loadSeoOnce();
  return null;
}
