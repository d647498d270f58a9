import type { ChangePasswordInput, Envelope, User, UserUpdateInput } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** One user's record; the signed-in user may always read their own (settings-profile). */
export async function getUser(id: number): Promise<User> {
  const { data } = await http.get<Envelope<User>>(`/user/user/${id}`);
  return data.data;
}

/**
 * Changes some fields of a user (id and unique_key must be the same record) and answers the record as
 * stored (tax id in its mask, names trimmed). One's own email takes `current_password`
 * (400 CURRENT_PASSWORD_REQUIRED / CURRENT_PASSWORD_INCORRECT); a tax id must be a valid CPF or CNPJ
 * (400, field error `tax_id` / `isTaxId`); a photo must be an own upload (400 INVALID_PHOTO).
 */
export async function updateUser(id: number, uniqueKey: string, changes: UserUpdateInput): Promise<User> {
  const { data } = await http.put<Envelope<User>>(`/user/user/${id}/${encodeURIComponent(uniqueKey)}`, changes);
  return data.data;
}

/**
 * The signed-in user's new password. 400 PASSWORD_FIELDS_REQUIRED, CURRENT_PASSWORD_INCORRECT,
 * WEAK_PASSWORD or PASSWORDS_DO_NOT_MATCH; on success the user's other sessions are ended.
 */
export async function changePassword(input: ChangePasswordInput): Promise<User> {
  const { data } = await http.put<Envelope<User>>('/user/user-reset-password', input);
  return data.data;
}
