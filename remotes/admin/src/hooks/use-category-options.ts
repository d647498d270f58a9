import { listCategories } from '../api/categories';
import { useQuery } from '../lib/use-query';

/** Every category (the API's page size limit is 100), for filters and the compose form. */
export function useCategoryOptions() {
  return useQuery('categories', () => listCategories({ limit: 100 }).then((page) => page.items));
}
