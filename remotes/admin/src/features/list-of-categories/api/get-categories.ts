import { listCategories } from '../../../api/categories';
import { useQuery } from '../../../lib/use-query';

/** The categories table (every category, active or not; the API allows 100 per page). */
export function useCategories() {
  return useQuery('categories-table', () => listCategories({ limit: 100 }));
}
