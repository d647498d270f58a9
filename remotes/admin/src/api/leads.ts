import type { Envelope, Lead, LeadClassification, LeadsExportInput, LeadsListInput, LeadStatusAction, ListPage, UnsubscribeReasonCount } from '@vitrine/contracts';
import { http, isHttpError } from '@vitrine/core';

/** A lead is named by its id and random key (both must match). */
export type LeadRef = Pick<Lead, 'id' | 'unique_key'>;
const path = (base: string, lead: LeadRef) => `${base}/${lead.id}/${encodeURIComponent(lead.unique_key)}`;

/** One page of leads for the filters and the sort (deleted leads only when `status: 'deleted'` is asked). */
export async function listLeads(input: LeadsListInput): Promise<ListPage<Lead>> {
  const { data } = await http.post<Envelope<ListPage<Lead>>>('/lead/leads-list', input);
  return data.data;
}

export async function classifyLead(lead: LeadRef, classification: LeadClassification): Promise<Lead> {
  const { data } = await http.put<Envelope<Lead>>(path('/lead/lead-classification', lead), { classification });
  return data.data;
}

/** Activate, pause (inactive), blacklist (the email is refused by the contact form and the newsletter) or delete. */
export async function setLeadStatus(lead: LeadRef, status: LeadStatusAction): Promise<Lead> {
  const { data } = await http.put<Envelope<Lead>>(path('/lead/lead-status', lead), { status });
  return data.data;
}

export async function markLead(lead: LeadRef, isLead: boolean): Promise<Lead> {
  const { data } = await http.put<Envelope<Lead>>(path('/lead/lead-mark', lead), { is_lead: isLead });
  return data.data;
}

/**
 * Clears the bounce of the lead's address (a mail to it was refused for good): a subscriber gets mail again only once
 * they confirm a new sign-up; nothing is sent now.
 */
export async function clearLeadBounce(lead: LeadRef): Promise<Lead> {
  const { data } = await http.post<Envelope<Lead>>(path('/lead/lead-bounce-clear', lead));
  return data.data;
}

/** The lead became a customer: marked as lead, classified hot, the conversion's date kept. */
export async function convertLead(lead: LeadRef): Promise<Lead> {
  const { data } = await http.post<Envelope<Lead>>(path('/lead/lead-convert', lead));
  return data.data;
}

/** `filename="leads-173012.csv"` (or RFC 5987 `filename*=UTF-8''…`) from a Content-Disposition header. */
export function fileNameFrom(disposition: unknown): string | null {
  if (typeof disposition !== 'string') return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;\s]+)/i.exec(disposition);
  return plain?.[1] ?? plain?.[2] ?? null;
}

/** A failed blob request carries the API's JSON error as a Blob: read it back so the common error handler can say it. */
async function withJsonError(error: unknown): Promise<unknown> {
  if (isHttpError(error) && error.response?.data instanceof Blob) {
    try {
      error.response.data = JSON.parse(await error.response.data.text());
    } catch {
      // not JSON: the handler's default text
    }
  }
  return error;
}

export interface LeadsExport {
  blob: Blob;
  /** The server's file name (Content-Disposition), when the browser may read it. */
  fileName: string | null;
}

/**
 * The filtered leads as the server streams them (CSV, semicolons, UTF-8). The size is not known in
 * advance: `onProgress` gets the bytes received so far.
 */
export async function exportLeads(input: LeadsExportInput, options: { onProgress?: (bytes: number) => void; signal?: AbortSignal } = {}): Promise<LeadsExport> {
  try {
    const response = await http.get<Blob | string>('/lead/leads-export', {
      params: input,
      responseType: 'blob',
      signal: options.signal,
      onDownloadProgress: (event) => options.onProgress?.(event.loaded),
    });
    const headers = response.headers as { get?: (name: string) => unknown } & Record<string, unknown>;
    const disposition = typeof headers.get === 'function' ? headers.get('content-disposition') : headers['content-disposition'];
    const blob = response.data instanceof Blob ? response.data : new Blob([response.data], { type: 'text/csv;charset=utf-8' });
    return { blob, fileName: fileNameFrom(disposition) };
  } catch (error) {
    throw await withJsonError(error);
  }
}

/** Newsletter unsubscriptions per reason between two days (YYYY-MM-DD, both included). */
export async function unsubscribeReasons(period: { from?: string; to?: string }): Promise<UnsubscribeReasonCount[]> {
  const { data } = await http.get<Envelope<UnsubscribeReasonCount[]>>('/lead/unsubscribe-reasons', { params: period });
  return data.data;
}

/** Everything stored about one email (the request is recorded by the API). */
export async function personData(email: string): Promise<Record<string, unknown>> {
  const { data } = await http.post<Envelope<Record<string, unknown>>>('/lead/person-data', { email });
  return data.data;
}

export interface ErasedCounts {
  leads: number;
  messages: number;
}

/** Anonymises one email's leads and messages; only a hash is kept so it is never mailed again. Irreversible. */
export async function erasePerson(email: string): Promise<ErasedCounts> {
  const { data } = await http.post<Envelope<ErasedCounts>>('/lead/person-erase', { email });
  return data.data;
}
