import type { Envelope, PublicSeo } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** Public SEO markup; errors are swallowed: the site works without it. */
export async function fetchPublicSeo(): Promise<PublicSeo[]> {
  try {
    const { data } = await http.get<Envelope<PublicSeo[]>>('/seo/public-seo');
    return data.data;
  } catch {
    return [];
  }
}
