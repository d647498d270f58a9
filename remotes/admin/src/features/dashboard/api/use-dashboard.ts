import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getDashboard } from '../../../api/reports';
import { queryKeys } from '../../../lib/queries';
import type { Range } from '../dashboard-view';

/** The reports of a range; while another range loads, the previous one stays on screen (no flash of empty cards). */
export function useDashboard(range: Range) {
  return useQuery({ queryKey: queryKeys.reports.dashboard(range), queryFn: () => getDashboard(range), placeholderData: keepPreviousData });
}
