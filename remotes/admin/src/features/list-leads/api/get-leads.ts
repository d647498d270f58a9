import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LeadsListInput } from '@vitrine/contracts';
import { listLeads } from '../../../api/leads';
import { queryKeys } from '../../../lib/queries';

/** One page of leads for the filters, sort and page; the last page stays shown while the next loads. */
export function useLeads(input: LeadsListInput) {
  return useQuery({ queryKey: queryKeys.leads.list(input), queryFn: () => listLeads(input), placeholderData: keepPreviousData });
}
