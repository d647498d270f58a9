import { satisfy } from '@module-federation/enhanced/runtime';

/** What the shell provides of the shared surface (`configs/webpack/shared-deps.js`), set at build time. */
function providedByShell(): Readonly<Record<string, string>> {
  return (typeof __SHARED_SURFACE__ === 'undefined' ? undefined : __SHARED_SURFACE__) ?? {};
}

/** The part of a remote's mf-manifest.json this check reads. */
export interface RemoteManifest {
  shared?: readonly { name: string; requiredVersion?: string | false }[];
}

/** A remote built against a shared-surface version this shell does not provide. */
export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    readonly pkg: string,
    readonly needs: string,
    readonly has: string,
  ) {
    super(`${remote} needs ${pkg} ${needs}, which this shell does not provide (it has ${has})`);
    this.name = 'IncompatibleRemoteError';
  }
}

/**
 * Compares what a remote's manifest requires of the shared surface with what the shell provides.
 * Module Federation's own strictVersion check does not stop a refused remote cleanly (its exposed
 * module is handed back half-evaluated), so the shell checks the manifest itself.
 */
export function checkCompatibility(
  remote: string,
  manifest: RemoteManifest,
  provided: Readonly<Record<string, string>> = providedByShell(),
): IncompatibleRemoteError | null {
  for (const shared of manifest.shared ?? []) {
    const has = provided[shared.name];
    const needs = shared.requiredVersion;
    if (!has || typeof needs !== 'string') continue;
    if (!satisfy(has, needs)) return new IncompatibleRemoteError(remote, shared.name, needs, has);
  }
  return null;
}

// The manifests the federation runtime fetched, by remote name (the runtime plugin records them).
const manifests = new Map<string, RemoteManifest>();

export function rememberManifest(remote: string, manifest: RemoteManifest): void {
  manifests.set(remote, manifest);
}

/** Throws IncompatibleRemoteError when the remote's last fetched manifest needs more than the shell has. */
export function assertCompatible(remote: string): void {
  const manifest = manifests.get(remote);
  if (!manifest) return;
  const error = checkCompatibility(remote, manifest);
  if (error) throw error;
}
