import type { Envelope, ListPage, PublicSeo, SeoCreateInput, SeoEntry, SeoUpdateInput } from '@vitrine/contracts';
import { http } from '../http';

/** Public SEO markup; errors are swallowed (SPEC §7): the site works without it. */
export async function fetchPublicSeo(): Promise<PublicSeo[]> {
  try {
    const { data } = await http.get<Envelope<PublicSeo[]>>('/seo/public-seo');
    return data.data;
  } catch {
    return [];
  }
}

export async function listSeo(): Promise<SeoEntry[]> {
  const { data } = await http.get<Envelope<SeoEntry[] | ListPage<SeoEntry>>>('/seo/seo');
  return Array.isArray(data.data) ? data.data : data.data.items;
}

export async function createSeo(input: SeoCreateInput): Promise<SeoEntry> {
  const { data } = await http.post<Envelope<SeoEntry>>('/seo/seo', input);
  return data.data;
}

export async function updateSeo(entry: Pick<SeoEntry, 'id' | 'unique_key'>, input: SeoUpdateInput): Promise<SeoEntry> {
  const { data } = await http.put<Envelope<SeoEntry>>(`/seo/seo/${entry.id}/${entry.unique_key}`, input);
  return data.data;
}
