import { useQuery } from '@tanstack/react-query';
import { listFaqEntries } from '../../../api/faq';
import { queryKeys } from '../../../lib/queries';

/** Every FAQ entry, active or not (the list groups, orders and searches them itself). */
export function useFaqEntries() {
  return useQuery({ queryKey: queryKeys.faq.entries, queryFn: listFaqEntries });
}
