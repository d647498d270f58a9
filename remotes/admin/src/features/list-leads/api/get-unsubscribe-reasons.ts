import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unsubscribeReasons } from '../../../api/leads';
import { queryKeys } from '../../../lib/queries';

/** Newsletter unsubscriptions per reason in the period (the last answer stays while another period loads). */
export function useUnsubscribeReasons(period: { from?: string; to?: string }) {
  return useQuery({
    queryKey: queryKeys.leads.unsubscribeReasons(period),
    queryFn: () => unsubscribeReasons(period),
    placeholderData: keepPreviousData,
  });
}
