import type { Release, RemoteReleases } from '@vitrine/contracts';

/** A remote that ships as releases: the public site or the back office. */
export type ReleaseRemote = RemoteReleases['remote'];

/**
 * The release command an operator runs on the server, in the project's folder (README, "Releases of the remotes").
 * Commands, not words: the same in every language.
 */
export const releaseCommands = {
  activate: (remote: ReleaseRemote, id: string) => `npm run release -- activate ${remote} ${id}`,
  rollback: (remote: ReleaseRemote) => `npm run release -- rollback ${remote}`,
  publish: (remote: ReleaseRemote) => `npm run release -- publish ${remote}`,
};

/**
 * Where a release stands: the one served; one that can be activated; one the shell in use cannot run (activating it,
 * or rolling back to it, is refused); or one whose compatibility the server cannot tell (no built shell to read the
 * shared surface from: activation is refused too).
 */
export type Standing = 'active' | 'ready' | 'incompatible' | 'unknown';

export function standingOf(release: Release): Standing {
  if (release.compatible === false) return 'incompatible';
  if (release.active) return 'active';
  return release.compatible === null ? 'unknown' : 'ready';
}

/** What the shell lacks for a release: the package, the range the release needs and the version the shell has. */
export interface Mismatch {
  pkg: string;
  needs: string;
  has: string;
}

/**
 * The requirement the shell does not satisfy, read from the server's reason ("<remote> release <id> needs <pkg>
 * <range>, which the shell does not provide (it has <version>, …"), so the screen can say it in the user's language;
 * null when it is not compatible for a reason worded otherwise (the screen shows the server's words then).
 */
export function mismatchOf(release: Release): Mismatch | null {
  if (release.compatible !== false || !release.incompatibility) return null;
  const found = / needs (\S+) (.+?), which the shell does not provide \(it has ([^,)]+)/.exec(release.incompatibility);
  if (!found) return null;
  const [, pkg, needs, has] = found as unknown as [string, string, string, string];
  return { pkg, needs, has };
}

/** One shared-surface requirement of a release, and whether the shell in use fails it. */
export interface Requirement {
  pkg: string;
  range: string;
  unmet: boolean;
}

/** A release's requirements by package name, the one the shell fails marked. */
export function requirementsOf(release: Release): Requirement[] {
  const mismatch = mismatchOf(release);
  return Object.entries(release.requires)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pkg, range]) => ({ pkg, range, unmet: mismatch?.pkg === pkg }));
}

/**
 * What `npm run release -- rollback <remote>` would do: go back to the previous release; be refused because the
 * shell in use cannot run it (or cannot tell); or nothing, when no previous release is kept.
 */
export type Rollback = { kind: 'none' } | { kind: 'ready' | 'refused'; target: Release };

export function rollbackOf(remote: RemoteReleases): Rollback {
  const target = remote.previous ? remote.releases.find((r) => r.id === remote.previous) : undefined;
  if (!target) return { kind: 'none' };
  return { kind: target.compatible === true ? 'ready' : 'refused', target };
}

/** The active release, when one is (and kept, as the active one always is). */
export const activeOf = (remote: RemoteReleases): Release | undefined => remote.releases.find((r) => r.id === remote.active);
