import type { Envelope, ListPage, User, UserCreated, UserCreateInput, UsersListInput, UserUpdateInput } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** A user is named by its id and random key (both must match). */
export type UserRef = Pick<User, 'id' | 'unique_key'>;
const path = (base: string, user: UserRef) => `${base}/${user.id}/${encodeURIComponent(user.unique_key)}`;

/** The statuses the status call takes (first-access is set by the API only). */
export type UserStatusChange = 'active' | 'inactive' | 'blocked';

/** One page of users for the search, the filters and the sort. */
export async function listUsers(input: UsersListInput): Promise<ListPage<User>> {
  const { data } = await http.post<Envelope<ListPage<User>>>('/user/users-list', input);
  return data.data;
}

/**
 * A new user, in first access, with the accesses given (409 EMAIL_ALREADY_REGISTERED, 403 ACCESS_NOT_HELD
 * or ADMIN_ONLY). Answers the user and its temporary password, which the API never answers again.
 */
export async function createUser(input: UserCreateInput): Promise<UserCreated> {
  const { data } = await http.post<Envelope<UserCreated>>('/user/user', input);
  return data.data;
}

/** Changes only the fields given. */
export async function updateUser(user: UserRef, input: UserUpdateInput): Promise<User> {
  const { data } = await http.put<Envelope<User>>(path('/user/user', user), input);
  return data.data;
}

/** Activate, deactivate or block (never oneself: 403 CANNOT_CHANGE_OWN_STATUS); the user's sessions end unless active. */
export async function changeUserStatus(user: UserRef, status: UserStatusChange): Promise<User> {
  const { data } = await http.put<Envelope<User>>(path('/user/user-change-status', user), { status });
  return data.data;
}

/** Never oneself (403 CANNOT_DELETE_SELF). */
export async function deleteUser(user: UserRef): Promise<void> {
  await http.delete(path('/user/user', user));
}
