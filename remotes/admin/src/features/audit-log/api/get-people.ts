import { useQuery } from '@tanstack/react-query';
import { listUsers } from '../../../api/users';
import { queryKeys } from '../../../lib/queries';
import { personOptions } from '../audit-log-view';

/** The most the users list answers at once. */
export const PEOPLE_LIMIT = 100;

/** The person filter's choices: the staff (up to 100, by name), as "Name Lastname". */
export function usePeople() {
  return useQuery({
    queryKey: queryKeys.auditLog.people,
    queryFn: () => listUsers({ page: 1, limit: PEOPLE_LIMIT, sort: 'name' }),
    select: (page) => personOptions(page.items),
    staleTime: 5 * 60_000,
  });
}
