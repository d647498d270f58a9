import type {
  ChangePasswordInput,
  Envelope,
  ListPage,
  PublicUser,
  User,
  UserCreated,
  UserCreateInput,
  UsersListInput,
  UserStatus,
  UserUpdateInput,
} from '@vitrine/contracts';
import { authStore } from '../auth-store';
import { http } from '../http';

/** Keeps the stored session user fresh when one updates their own record (SPEC §4). */
function refreshIfSelf(user: User): User {
  if (authStore.getState().authUser?.id === user.id) void authStore.getState().setUser(user);
  return user;
}

export async function getUser(id: number): Promise<User> {
  const { data } = await http.get<Envelope<User>>(`/user/user/${id}`);
  return refreshIfSelf(data.data);
}

export async function listUsers(input: UsersListInput): Promise<ListPage<User>> {
  const { data } = await http.post<Envelope<ListPage<User>>>('/user/users-list', input);
  return data.data;
}

export async function createUser(input: Omit<UserCreateInput, 'created_by' | 'created_by_unique_key'>): Promise<UserCreated> {
  const me = authStore.getState().authUser;
  const { data } = await http.post<Envelope<UserCreated>>('/user/user', {
    ...input,
    created_by: me?.id,
    created_by_unique_key: me?.unique_key,
  });
  return data.data;
}

export async function updateUser(user: Pick<User, 'id' | 'unique_key'>, input: UserUpdateInput): Promise<User> {
  const { data } = await http.put<Envelope<User>>(`/user/user/${user.id}/${user.unique_key}`, input);
  return refreshIfSelf(data.data);
}

export async function changeUserStatus(
  user: Pick<User, 'id' | 'unique_key'>,
  status: Exclude<UserStatus, 'first-access'>,
): Promise<User> {
  const { data } = await http.put<Envelope<User>>(`/user/user-change-status/${user.id}/${user.unique_key}`, { status });
  return data.data;
}

export async function deleteUser(user: Pick<User, 'id' | 'unique_key'>): Promise<void> {
  await http.delete(`/user/user/${user.id}/${user.unique_key}`);
}

export async function changeOwnPassword(input: ChangePasswordInput): Promise<User> {
  const { data } = await http.put<Envelope<User>>('/user/user-reset-password', input);
  return refreshIfSelf(data.data);
}

export async function recentUpdatedUsers(count: number): Promise<PublicUser[]> {
  const { data } = await http.get<Envelope<PublicUser[]>>(`/user/user/recent-updated-users/${count}`);
  return data.data;
}

export async function publicUser(id: number, uniqueKey: string): Promise<PublicUser> {
  const { data } = await http.get<Envelope<PublicUser>>(`/user/user/data-user-router-public/${id}/${uniqueKey}`);
  return data.data;
}
