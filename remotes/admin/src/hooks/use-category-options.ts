import { useQuery } from '@tanstack/react-query';
import { listCategories } from '../api/categories';
import { queryKeys } from '../lib/queries';

/** Every category (the API's page size limit is 100), for filters and the compose form. */
export function useCategoryOptions() {
  return useQuery({ queryKey: queryKeys.categories.options, queryFn: () => listCategories({ limit: 100 }).then((page) => page.items) });
}
