import { useQuery } from '@tanstack/react-query';
import { listCategories } from '../../../api/categories';
import { queryKeys } from '../../../lib/queries';

/** The categories table (every category, active or not; the API allows 100 per page). */
export function useCategories() {
  return useQuery({ queryKey: queryKeys.categories.table, queryFn: () => listCategories({ limit: 100 }) });
}
