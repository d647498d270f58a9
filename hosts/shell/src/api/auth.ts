import type {
  ActiveRoutes,
  Envelope,
  FirstAccessInput,
  LoginInput,
  LoginResult,
  ResetLink,
  ResetPasswordInput,
  User,
} from '@vitrine/contracts';
import { authStore, http } from '@vitrine/core';

export async function login(input: LoginInput): Promise<LoginResult> {
  const { data } = await http.post<LoginResult>('/auth/auth', input);
  await authStore.getState().signIn(data.data, data.token);
  return data;
}

/** Revokes the token on the server; the local session is cleared whatever the answer. */
export async function logout(): Promise<void> {
  const token = authStore.getState().authToken;
  try {
    if (token) await http.post('/auth/auth/logout', { token });
  } finally {
    authStore.getState().clear();
  }
}

/** Refreshes the user's roles before an authenticated route; `route` is the route name about to open. */
export async function fetchActiveRoutes(userId: number, route: string): Promise<ActiveRoutes> {
  const { data } = await http.get<Envelope<ActiveRoutes>>(
    `/user/user/user-active-routes/${userId}/${encodeURIComponent(route)}`,
  );
  await authStore.getState().setUser(data.data.user);
  authStore.getState().setRoles(data.data.roles);
  return data.data;
}

export async function requestPasswordRecovery(email: string): Promise<string | undefined> {
  const { data } = await http.post<{ message?: string }>('/auth/recover-password', { email });
  return data.message;
}

export async function checkResetLink(id: string, uniqueKey: string): Promise<ResetLink> {
  const { data } = await http.get<Envelope<ResetLink>>(
    `/auth/reset-password/${encodeURIComponent(id)}/${encodeURIComponent(uniqueKey)}`,
  );
  return data.data;
}

export async function resetPassword(input: ResetPasswordInput): Promise<string | undefined> {
  const { data } = await http.post<{ message?: string }>('/auth/reset-password', input);
  return data.message;
}

export async function chooseFirstPassword(input: FirstAccessInput): Promise<User> {
  const { data } = await http.post<Envelope<User>>('/auth/first-access', input);
  await authStore.getState().setUser(data.data);
  return data.data;
}

export async function verifyCode(email: string, code: string): Promise<User> {
  const { data } = await http.post<Envelope<User>>('/auth/verify-code', { email, code });
  await authStore.getState().setUser(data.data);
  return data.data;
}

export async function resendCode(email: string): Promise<string | undefined> {
  const { data } = await http.post<{ message?: string }>('/auth/resend-code', { email });
  return data.message;
}
