import type { Envelope, FaqCreateInput, FaqEntry, FaqUpdateInput } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** Every entry, active or not, by product then position. */
export async function listFaqEntries(): Promise<FaqEntry[]> {
  const { data } = await http.get<Envelope<FaqEntry[]>>('/faq/entries');
  return data.data;
}

/** 400 with field errors when product, question or answer is missing or blank; the slug comes from the question. */
export async function createFaqEntry(input: FaqCreateInput): Promise<FaqEntry> {
  const { data } = await http.post<Envelope<FaqEntry>>('/faq/entry', input);
  return data.data;
}

/** Changes only the fields given; the slug (the answer's link) stays when the question is reworded. */
export async function updateFaqEntry(id: number, input: FaqUpdateInput): Promise<FaqEntry> {
  const { data } = await http.put<Envelope<FaqEntry>>(`/faq/entry/${id}`, input);
  return data.data;
}

export async function deleteFaqEntry(id: number): Promise<void> {
  await http.delete(`/faq/entry/${id}`);
}
