import type { AuditEntry, AuditLogInput, Envelope, ListPage } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/**
 * One page of the audit log, newest first: person, record type and record, period (UTC days, both included).
 * Admins only (403 for anyone else); `to` before `from` is a 400.
 */
export async function listAuditLog(input: AuditLogInput): Promise<ListPage<AuditEntry>> {
  const { data } = await http.get<Envelope<ListPage<AuditEntry>>>('/audit/audit-log', { params: input });
  return data.data;
}
