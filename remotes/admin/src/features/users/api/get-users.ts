import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UsersListInput } from '@vitrine/contracts';
import { listUsers } from '../../../api/users';
import { usersKeys } from './keys';

/** One page of users for the search, filters, sort and page; the last page stays shown while the next loads. */
export function useUsers(input: UsersListInput) {
  return useQuery({ queryKey: usersKeys.list(input), queryFn: () => listUsers(input), placeholderData: keepPreviousData });
}
