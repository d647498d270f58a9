import { useQuery } from '@tanstack/react-query';
import { listSeoEntries } from '../../../api/seo';
import { queryKeys } from '../../../lib/queries';

/** Every SEO entry, active or not. */
export function useSeoEntries() {
  return useQuery({ queryKey: queryKeys.seo.entries, queryFn: listSeoEntries });
}
