import { createStore, useStore } from 'zustand';
import type { Role, User } from '@vitrine/contracts';
import { decryptSession, encryptSession } from './session-crypto';

/** local storage keys (SPEC §3: authUser and authToken, encrypted). */
export const STORAGE_KEYS = { user: 'authUser', token: 'authToken', rememberedEmail: 'vitrine.rememberedEmail' } as const;

export interface AuthState {
  authUser: User | null;
  authToken: string | null;
  roles: Role[];
  /** After a successful login. */
  signIn: (user: User, token: string) => void;
  /** Replaces the stored user (own record updated, active routes refreshed). */
  setUser: (user: User) => void;
  setRoles: (roles: Role[]) => void;
  /** Logout or a 401: forget everything. */
  clear: () => void;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  return raw ? decryptSession<T>(raw) : null;
}

function write(key: string, value: unknown): void {
  const store = storage();
  if (!store) return;
  if (value === null || value === undefined) store.removeItem(key);
  else store.setItem(key, encryptSession(value));
}

/** The one auth store of the product (a Module Federation singleton through @vitrine/core). */
export const authStore = createStore<AuthState>()((set) => ({
  authUser: read<User>(STORAGE_KEYS.user),
  authToken: read<string>(STORAGE_KEYS.token),
  roles: [],
  signIn: (user, token) => {
    write(STORAGE_KEYS.user, user);
    write(STORAGE_KEYS.token, token);
    set({ authUser: user, authToken: token });
  },
  setUser: (user) => {
    write(STORAGE_KEYS.user, user);
    set({ authUser: user });
  },
  setRoles: (roles) => set({ roles }),
  clear: () => {
    write(STORAGE_KEYS.user, null);
    write(STORAGE_KEYS.token, null);
    set({ authUser: null, authToken: null, roles: [] });
  },
}));

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

/** Another tab signed in or out: follow it. */
export function syncAuthAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user) return;
    const token = read<string>(STORAGE_KEYS.token);
    const user = read<User>(STORAGE_KEYS.user);
    if (!token || !user) authStore.setState({ authUser: null, authToken: null, roles: [] });
    else authStore.setState({ authUser: user, authToken: token });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** "Remember password" keeps the email only; a password is never stored (ARCHITECTURE §5.2). */
export const rememberedEmail = {
  get: (): string => storage()?.getItem(STORAGE_KEYS.rememberedEmail) ?? '',
  set: (email: string | null) => {
    const store = storage();
    if (!store) return;
    if (email) store.setItem(STORAGE_KEYS.rememberedEmail, email);
    else store.removeItem(STORAGE_KEYS.rememberedEmail);
  },
};
