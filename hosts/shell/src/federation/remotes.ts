import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName, RemotePagesModule } from '@vitrine/contracts';
import { getRuntimeConfig } from '@vitrine/core';
import { assertCompatible } from './compatibility';

/** Registers the remotes named in /remotes.json (read at run time, never built in). */
export function registerRuntimeRemotes(force = false): void {
  const { remotes } = getRuntimeConfig();
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    { force },
  );
}

// Module-level cache: one load per remote, shared by every page that needs it.
const cache = new Map<RemoteName, Promise<RemotePagesModule>>();
const resolved = new Map<RemoteName, RemotePagesModule>();
const listeners = new Set<() => void>();

/** Calls `listener` whenever a remote arrives or is forgotten (for useSyncExternalStore with loadedRemotePages). */
export function subscribeToRemotes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

/** The module if it has already arrived (lets a page render without a loading flash). */
export function loadedRemotePages(remote: RemoteName): RemotePagesModule | undefined {
  return resolved.get(remote);
}

export function loadRemotePages(remote: RemoteName): Promise<RemotePagesModule> {
  let pending = cache.get(remote);
  if (!pending) {
    pending = loadRemote<RemotePagesModule>(`${remote}/pages`).then(
      (mod) => {
        // A remote that needs a newer shared surface is refused, even if its module was handed back.
        assertCompatible(remote);
        if (!mod || typeof mod !== 'object' || !('pages' in mod)) throw new Error(`Remote ${remote} is unavailable`);
        resolved.set(remote, mod);
        changed();
        return mod;
      },
      (error: unknown) => {
        assertCompatible(remote); // the specific reason, when the refusal is why it failed
        throw error;
      },
    );
    pending.catch(() => cache.delete(remote));
    cache.set(remote, pending);
  }
  return pending;
}

/** Retry: forget the failed load and re-register the remote so its manifest is fetched again. */
export function resetRemote(remote: RemoteName): void {
  cache.delete(remote);
  if (resolved.delete(remote)) changed();
  const entry = getRuntimeConfig().remotes[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}
