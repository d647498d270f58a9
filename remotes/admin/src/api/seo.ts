import type { Envelope, SeoCreateInput, SeoEntry, SeoUpdateInput } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** Every SEO entry, active or not, oldest first (route seo; the settings access). */
export async function listSeoEntries(): Promise<SeoEntry[]> {
  const { data } = await http.get<Envelope<SeoEntry[]>>('/seo/seo');
  return data.data;
}

/**
 * A new entry, active unless `active: false`. 400 with field errors for a blank name or a markup over its
 * limit (SEO_LIMITS); the public pages carry it at once.
 */
export async function createSeoEntry(input: SeoCreateInput): Promise<SeoEntry> {
  const { data } = await http.post<Envelope<SeoEntry>>('/seo/seo', input);
  return data.data;
}

/** Changes only the fields given (the active flag too); both the id and the unique key must match (404 otherwise). */
export async function updateSeoEntry(entry: Pick<SeoEntry, 'id' | 'unique_key'>, input: SeoUpdateInput): Promise<SeoEntry> {
  const { data } = await http.put<Envelope<SeoEntry>>(`/seo/seo/${entry.id}/${encodeURIComponent(entry.unique_key)}`, input);
  return data.data;
}
