import { IncompatibleRemoteError } from './compatibility';

/** Why a remote's page cannot be shown: it could not be fetched, it needs a newer shell, or it threw. */
export type RemoteFailure = 'load' | 'incompatible' | 'render';

/** What Module Federation says when a remote requires a shared-package version the shell does not provide (strictVersion); the shell's own check throws IncompatibleRemoteError. */
const INCOMPATIBLE = /of shared singleton module (\S+) does not satisfy the requirement of (\S+) which needs ([^)\s]+)/;
const CHUNK_FAILED = /Loading chunk|Failed to fetch|RUNTIME-/;

function messages(error: unknown): string[] {
  const out: string[] = [];
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    out.push(e instanceof Error ? e.message : String(e));
  }
  return out;
}

/** The shared package (and range) a refused remote needs, for the console and the fallback's details. */
export function incompatibility(error: unknown): { pkg: string; remote: string; needs: string } | null {
  if (error instanceof IncompatibleRemoteError) return { pkg: error.pkg, remote: error.remote, needs: error.needs };
  for (const message of messages(error)) {
    const m = INCOMPATIBLE.exec(message);
    if (m) return { pkg: m[1]!, remote: m[2]!, needs: m[3]! };
  }
  return null;
}

/**
 * The fallback for a failed load: a remote refused for an incompatible shared package gets its own
 * text (Retry cannot help until the shell is redeployed); anything else is a load failure (Retry).
 */
export function loadFailureKind(error: unknown): Exclude<RemoteFailure, 'render'> {
  return incompatibility(error) ? 'incompatible' : 'load';
}

/** The fallback for an error caught while rendering: a chunk that failed to arrive, a refused remote, or a page that threw. */
export function renderFailureKind(error: Error): RemoteFailure {
  if (incompatibility(error)) return 'incompatible';
  return error.name === 'ChunkLoadError' || CHUNK_FAILED.test(error.message) ? 'load' : 'render';
}
