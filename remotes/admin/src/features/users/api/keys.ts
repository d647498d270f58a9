import type { UsersListInput } from '@vitrine/contracts';

/**
 * The users screen's cached reads (TanStack Query, the remote's one QueryClient). A change to a user
 * patches the row in every cached page, then everything under `lists` refetches.
 */
export const usersKeys = {
  lists: ['users', 'list'] as const,
  list: (input: UsersListInput) => ['users', 'list', input] as const,
};
