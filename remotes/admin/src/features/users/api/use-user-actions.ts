import { useQueryClient } from '@tanstack/react-query';
import type { ListPage, User, UserCreated, UserCreateInput, UserUpdateInput } from '@vitrine/contracts';
import { authStore, useTranslation } from '@vitrine/core';
import { changeUserStatus, createUser, deleteUser, updateUser, type UserStatusChange } from '../../../api/users';
import { useFeedback } from '../../../lib/use-feedback';
import { fullName } from '../users-view';
import { usersKeys } from './keys';

/** Each status change's confirmation: activation and deactivation are each confirmed. */
const CONFIRM: Record<UserStatusChange, { title: string; text: string; danger: boolean }> = {
  active: { title: 'users.confirm.activateTitle', text: 'users.confirm.activate', danger: false },
  inactive: { title: 'users.confirm.deactivateTitle', text: 'users.confirm.deactivate', danger: true },
  blocked: { title: 'users.confirm.blockTitle', text: 'users.confirm.block', danger: true },
};

/**
 * What the staff do with users: create or edit one (the form shows the failure), activate, deactivate
 * or delete one (each confirmed). A changed user replaces its row in every cached page at once, then
 * the pages refetch (a filter may no longer match it); one's own record also refreshes the stored
 * session user, so the signed-in user's own name and access are current.
 */
export function useUserActions() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  const { confirm, fail, success } = useFeedback();

  const refetch = () => void queryClient.invalidateQueries({ queryKey: usersKeys.lists });
  const changed = (user: User) => {
    queryClient.setQueriesData<ListPage<User>>({ queryKey: usersKeys.lists }, (page) =>
      page && { ...page, items: page.items.map((item) => (item.id === user.id ? user : item)) },
    );
    refetch();
    const { authUser, setUser } = authStore.getState();
    if (authUser?.id === user.id) void setUser(user);
  };

  /** Asks before a status change; resolves to the answer. */
  const confirmStatus = (user: User, status: UserStatusChange) => {
    const texts = CONFIRM[status];
    return confirm({ title: t(texts.title), content: t(texts.text, { name: fullName(user) || user.email }), danger: texts.danger });
  };

  return {
    confirmStatus,
    /** A new user and its temporary password (shown once); throws for the form to show the failure. */
    create: async (input: UserCreateInput): Promise<UserCreated> => {
      const created = await createUser(input);
      refetch();
      success(t('users.success.created'));
      return created;
    },
    /**
     * The changed fields, then the status if it changed (already confirmed). Throws for the form; a
     * first call that went through is kept on screen even when the second fails.
     */
    update: async (user: User, input: UserUpdateInput, status: UserStatusChange | null): Promise<User> => {
      let saved = user;
      if (Object.keys(input).length > 0) {
        saved = await updateUser(user, input);
        changed(saved);
      }
      if (status) {
        saved = await changeUserStatus(user, status);
        changed(saved);
      }
      success(t('users.success.updated'));
      return saved;
    },
    /** Activate or deactivate from the row, after confirmation; resolves to whether it changed. */
    setStatus: async (user: User, status: UserStatusChange): Promise<boolean> => {
      if (!(await confirmStatus(user, status))) return false;
      try {
        changed(await changeUserStatus(user, status));
      } catch (error) {
        fail(error);
        return false;
      }
      success(t('users.success.statusChanged'));
      return true;
    },
    remove: async (user: User): Promise<boolean> => {
      const name = fullName(user) || user.email;
      if (!(await confirm({ title: t('users.confirm.deleteTitle'), content: t('users.confirm.delete', { name }), danger: true }))) return false;
      try {
        await deleteUser(user);
      } catch (error) {
        fail(error);
        return false;
      }
      queryClient.setQueriesData<ListPage<User>>({ queryKey: usersKeys.lists }, (page) =>
        page && { ...page, items: page.items.filter((item) => item.id !== user.id), total: Math.max(0, page.total - 1) },
      );
      refetch();
      success(t('users.success.deleted'));
      return true;
    },
  };
}
