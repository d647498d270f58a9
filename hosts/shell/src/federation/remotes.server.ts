import type { RemoteName, RemotePagesModule, ServerRemoteModule } from '@vitrine/contracts';

/**
 * The server build's stand-in for ./remotes (webpack replaces the module in the server build):
 * the remotes are the server builds the server loaded by path (server/render.tsx), set per render.
 */
const loaded = new Map<RemoteName, RemotePagesModule>();

export function setServerRemote(remote: RemoteName, module: ServerRemoteModule | undefined): void {
  if (module) loaded.set(remote, { pages: {}, routes: module.routes, ...(module.footer ? { footer: module.footer } : {}) });
  else loaded.delete(remote);
}

export function registerRuntimeRemotes(): void {}

export function loadedRemotePages(remote: RemoteName): RemotePagesModule | undefined {
  return loaded.get(remote);
}

export function loadRemotePages(remote: RemoteName): Promise<RemotePagesModule> {
  const module = loaded.get(remote);
  return module ? Promise.resolve(module) : Promise.reject(new Error(`Remote ${remote} has no server build`));
}

export function resetRemote(): void {}

/** On the server a remote never arrives later: nothing to notify. */
export function subscribeToRemotes(): () => void {
  return () => undefined;
}
