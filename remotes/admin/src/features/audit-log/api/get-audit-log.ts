import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogInput } from '@vitrine/contracts';
import { listAuditLog } from '../../../api/audit-log';
import { queryKeys } from '../../../lib/queries';

/** One page of the audit log for the filters and page; the last page stays shown while the next loads. */
export function useAuditLog(input: AuditLogInput) {
  return useQuery({ queryKey: queryKeys.auditLog.list(input), queryFn: () => listAuditLog(input), placeholderData: keepPreviousData });
}
