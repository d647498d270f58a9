import type { User } from '@vitrine/contracts';
import { authStore, rememberedEmail, STORAGE_KEYS } from './auth-store';
import type * as AuthStoreModule from './auth-store';
import { decryptSession } from './session-crypto';

const user: User = {
  id: 7,
  unique_key: '0b5a3f9e-3c57-4d0e-9a55-7f7d2b1c4e10',
  name: 'Ana',
  last_name: 'Souza',
  email: 'ana@vitrine.com.br',
  position: 'Editora',
  type: 'admin',
  status: 'active',
  accesses: ['dashboard'],
  gender: 'female',
  phone: null,
  tax_id: null,
  biography: null,
  photo: null,
  verified_at: '2025-01-10T12:00:00.000Z',
  created_at: '2025-01-01T12:00:00.000Z',
  updated_at: '2025-01-10T12:00:00.000Z',
};
const token = 'tok.en-abc123';

/** A fresh copy of the module, hydrated from storage as a new page load would be (the shell awaits hydrateAuth). */
async function freshStore(): Promise<typeof authStore> {
  let mod: typeof AuthStoreModule | undefined;
  jest.isolateModules(() => {
    mod = jest.requireActual('./auth-store') as typeof AuthStoreModule;
  });
  if (!mod) throw new Error('auth-store did not load');
  await mod.hydrateAuth();
  return mod.authStore;
}

describe('auth store persistence', () => {
  beforeEach(() => {
    localStorage.clear();
    authStore.getState().clear();
  });

  it('signIn writes the user and token encrypted, never in plain text', async () => {
    await authStore.getState().signIn(user, token);

    const rawToken = localStorage.getItem(STORAGE_KEYS.token);
    const rawUser = localStorage.getItem(STORAGE_KEYS.user);
    expect(rawToken).toBeTruthy();
    expect(rawUser).toBeTruthy();
    expect(rawToken).not.toContain(token);
    expect(rawUser).not.toContain(user.email);
    expect(decryptSession<string>(rawToken!)).toBe(token);
    expect(decryptSession<User>(rawUser!)).toEqual(user);
    expect(authStore.getState()).toMatchObject({ authUser: user, authToken: token });
  });

  it('a fresh module import reads the stored session back', async () => {
    await authStore.getState().signIn(user, token);

    const reloaded = await freshStore();
    expect(reloaded).not.toBe(authStore);
    expect(reloaded.getState().authToken).toBe(token);
    expect(reloaded.getState().authUser).toEqual(user);
  });

  it('a tampered value reads back as signed out', async () => {
    await authStore.getState().signIn(user, token);
    localStorage.setItem(STORAGE_KEYS.token, 'not-a-cipher');
    expect((await freshStore()).getState().authToken).toBeNull();
  });

  it('clear removes the stored values and the state', async () => {
    await authStore.getState().signIn(user, token);
    authStore.getState().setRoles([{ name: 'dashboard', active_routes: ['dashboard'] }]);
    authStore.getState().clear();

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(authStore.getState()).toMatchObject({ authUser: null, authToken: null, roles: [] });
    const reloaded = await freshStore();
    expect(reloaded.getState().authToken).toBeNull();
    expect(reloaded.getState().authUser).toBeNull();
  });

  it('setUser replaces the stored user only', async () => {
    await authStore.getState().signIn(user, token);
    await authStore.getState().setUser({ ...user, name: 'Ana Maria' });

    expect((await freshStore()).getState()).toMatchObject({ authToken: token, authUser: { name: 'Ana Maria' } });
  });

  it('a visitor without a session never loads the cipher', async () => {
    let loaded = false;
    let hydrating: Promise<void> = Promise.resolve();
    jest.isolateModules(() => {
      jest.doMock('./session-crypto', () => {
        loaded = true;
        return jest.requireActual('./session-crypto');
      });
      hydrating = (jest.requireActual('./auth-store') as typeof AuthStoreModule).hydrateAuth();
    });
    await hydrating;
    expect(loaded).toBe(false);
    // …while a stored session does load it.
    await authStore.getState().signIn(user, token);
    jest.isolateModules(() => {
      jest.doMock('./session-crypto', () => {
        loaded = true;
        return jest.requireActual('./session-crypto');
      });
      hydrating = (jest.requireActual('./auth-store') as typeof AuthStoreModule).hydrateAuth();
    });
    await hydrating;
    expect(loaded).toBe(true);
  });

  it('rememberedEmail keeps the email alone and forgets it on null', () => {
    rememberedEmail.set('ana@vitrine.com.br');
    expect(rememberedEmail.get()).toBe('ana@vitrine.com.br');
    expect(localStorage.length).toBe(1);
    rememberedEmail.set(null);
    expect(rememberedEmail.get()).toBe('');
    expect(localStorage.getItem(STORAGE_KEYS.rememberedEmail)).toBeNull();
  });
});
