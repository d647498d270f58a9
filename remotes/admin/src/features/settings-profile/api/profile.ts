import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, User, UserUpdateInput } from '@vitrine/contracts';
import { authStore } from '@vitrine/core';
import { changePassword, getUser, updateUser } from '../../../api/profile';
import { queryKeys } from '../../../lib/queries';

/** The signed-in user's own record, read from the API (the session's copy may be older). */
export function useOwnUser(id: number) {
  return useQuery({ queryKey: queryKeys.profile.user(id), queryFn: () => getUser(id) });
}

/**
 * What a save answered becomes the cached record and, at once, the session user in the shared auth
 * store: the shell's header (photo, name) and the dashboard's greeting follow without a reload.
 */
function useKeepSaved() {
  const queryClient = useQueryClient();
  return async (user: User) => {
    queryClient.setQueryData(queryKeys.profile.user(user.id), user);
    if (authStore.getState().authUser?.id === user.id) await authStore.getState().setUser(user);
    return user;
  };
}

/** Saves some fields of the own record (profile or email); a failure throws for the form to show. */
export function useSaveOwnUser(user: Pick<User, 'id' | 'unique_key'>) {
  const keep = useKeepSaved();
  return async (changes: UserUpdateInput) => keep(await updateUser(user.id, user.unique_key, changes));
}

/** Changes the own password (the other sessions end); a failure throws for the form to show. */
export function useChangePassword() {
  const keep = useKeepSaved();
  return async (input: ChangePasswordInput) => keep(await changePassword(input));
}
