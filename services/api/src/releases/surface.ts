import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { satisfy } from '@module-federation/runtime-core';
import { isSurfacePackage } from './files';

/** What the shell provides of the shared surface, and where that was read. */
export interface ProvidedSurface {
  versions: Record<string, string>;
  source: string;
}

/**
 * The versions of the shared surface the shell provides, as the shell itself knows them (`__SHARED_SURFACE__`, set
 * from `configs/webpack/shared-deps.js#providedSurface` at its build): read from the deployed shell's
 * mf-manifest.json, whose `shared[]` lists each shared package with the version the shell provides (the same
 * providedSurface()); without a built shell, from the checkout's shared-deps.js (what a shell built here provides).
 * Undefined when neither is there.
 */
export function providedSurface(options: { shellDir?: string | undefined; rootDir?: string | undefined }): ProvidedSurface | undefined {
  if (options.shellDir) {
    const file = path.join(options.shellDir, 'mf-manifest.json');
    try {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { shared?: { name?: string; version?: string }[] };
      const versions: Record<string, string> = {};
      for (const shared of manifest.shared ?? []) if (shared.name && shared.version && isSurfacePackage(shared.name)) versions[shared.name] = shared.version;
      if (Object.keys(versions).length > 0) return { versions, source: file };
    } catch {
      // no built shell there: the checkout's versions below
    }
  }
  if (options.rootDir) {
    const file = path.join(options.rootDir, 'configs', 'webpack', 'shared-deps.js');
    if (fs.existsSync(file)) {
      try {
        const deps = createRequire(file)(file) as { providedSurface?: () => Record<string, string> };
        const versions = deps.providedSurface?.();
        if (versions && Object.keys(versions).length > 0) return { versions, source: file };
      } catch {
        // not a checkout with its packages installed
      }
    }
  }
  return undefined;
}

/** A shared package whose required range the shell's version does not satisfy. */
export interface SurfaceMismatch {
  pkg: string;
  needs: string;
  has: string;
}

/**
 * The shell's own check (hosts/shell/src/federation/compatibility.ts, checkCompatibility), with the same `satisfy`:
 * each range the remote's manifest requires of a package the shell provides must be satisfied by the shell's
 * version. A package the shell does not provide is not checked (nor is it by the shell).
 */
export function surfaceMismatch(requires: Readonly<Record<string, string>>, provided: Readonly<Record<string, string>>): SurfaceMismatch | undefined {
  for (const [pkg, needs] of Object.entries(requires)) {
    const has = provided[pkg];
    if (!has) continue;
    if (!satisfy(has, needs)) return { pkg, needs, has };
  }
  return undefined;
}
