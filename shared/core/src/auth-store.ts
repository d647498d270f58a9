import { createStore, useStore } from 'zustand';
import type { Role, User } from '@vitrine/contracts';

/**
 * The cipher (crypto-js, ~6 KiB gzip) is loaded only when there is a session to
 * read or write: a visitor who never signs in never downloads it.
 */
const cipher = () => import('./session-crypto');

/** Local storage keys: the session is kept as authUser and authToken, encrypted; the remembered email beside them. */
export const STORAGE_KEYS = { user: 'authUser', token: 'authToken', rememberedEmail: 'vitrine.rememberedEmail' } as const;

export interface AuthState {
  authUser: User | null;
  authToken: string | null;
  roles: Role[];
  /** After a successful login; resolves once the session is stored. */
  signIn: (user: User, token: string) => Promise<void>;
  /** Replaces the stored user (own record updated, active routes refreshed); resolves once stored. */
  setUser: (user: User) => Promise<void>;
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

async function read<T>(key: string): Promise<T | null> {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  return (await cipher()).decryptSession<T>(raw);
}

async function write(key: string, value: unknown): Promise<void> {
  const store = storage();
  if (!store) return;
  const { encryptSession } = await cipher();
  store.setItem(key, encryptSession(value));
}

function remove(key: string): void {
  storage()?.removeItem(key);
}

/** The one auth store of the product (a Module Federation singleton through @vitrine/core). */
export const authStore = createStore<AuthState>()((set, get) => ({
  authUser: null,
  authToken: null,
  roles: [],
  signIn: async (user, token) => {
    set({ authUser: user, authToken: token });
    await Promise.all([write(STORAGE_KEYS.user, user), write(STORAGE_KEYS.token, token)]);
  },
  setUser: async (user) => {
    set({ authUser: user });
    // A sign-out that happened meanwhile wins: never write a user back after clear().
    if (get().authToken) await write(STORAGE_KEYS.user, user);
  },
  setRoles: (roles) => set({ roles }),
  clear: () => {
    remove(STORAGE_KEYS.user);
    remove(STORAGE_KEYS.token);
    set({ authUser: null, authToken: null, roles: [] });
  },
}));

/** Reads the stored session (decrypting it) into the store; the shell awaits this before routing. */
export async function hydrateAuth(): Promise<void> {
  const store = storage();
  if (!store?.getItem(STORAGE_KEYS.token) || !store.getItem(STORAGE_KEYS.user)) return;
  const [user, token] = await Promise.all([read<User>(STORAGE_KEYS.user), read<string>(STORAGE_KEYS.token)]);
  if (user && token) authStore.setState({ authUser: user, authToken: token });
}

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

/** Another tab signed in or out: follow it. */
export function syncAuthAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user) return;
    void Promise.all([read<string>(STORAGE_KEYS.token), read<User>(STORAGE_KEYS.user)]).then(([token, user]) => {
      if (!token || !user) authStore.setState({ authUser: null, authToken: null, roles: [] });
      else authStore.setState({ authUser: user, authToken: token });
    });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** "Remember password" keeps the email only; a password is never stored, since anything in local storage is readable by any script on the page. */
export const rememberedEmail = {
  get: (): string => storage()?.getItem(STORAGE_KEYS.rememberedEmail) ?? '',
  set: (email: string | null) => {
    const store = storage();
    if (!store) return;
    if (email) store.setItem(STORAGE_KEYS.rememberedEmail, email);
    else store.removeItem(STORAGE_KEYS.rememberedEmail);
  },
};
