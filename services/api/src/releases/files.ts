import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ReleaseError } from './errors';

/** The two remotes that ship as releases, by their short name (the CLI's, the folders', /remotes/<remote>/). */
export const RELEASE_REMOTES = ['public', 'admin'] as const;
export type ReleaseRemote = (typeof RELEASE_REMOTES)[number];

/** The Module Federation container of each remote (its mf-manifest.json's metaData.name, /remotes.json's key). */
export const CONTAINER_OF: Record<ReleaseRemote, string> = { public: 'public_remote', admin: 'admin_remote' };

/** RELEASES_DIR, else DATA_DIR/releases. */
export const releasesDirOf = (config: { releasesDir: string | undefined; dataDir: string }): string => config.releasesDir ?? path.join(config.dataDir, 'releases');

/** `<build time yyyymmddhhmmss UTC>-<8 hex digits of the content hash>` */
export const RELEASE_ID = /^[0-9]{14}-[0-9a-f]{8}$/;

export function isReleaseRemote(value: unknown): value is ReleaseRemote {
  return typeof value === 'string' && (RELEASE_REMOTES as readonly string[]).includes(value);
}

/** What a build says of itself, read from its folder before anything is copied. */
export interface BuildInfo {
  /** The shared-surface ranges it requires (its manifest's `shared[].requiredVersion` of our own packages). */
  requires: Record<string, string>;
  /** When it was built: its mf-manifest.json's modification time. */
  builtAt: Date;
}

/** The part of an mf-manifest.json read here. */
interface Manifest {
  metaData?: { name?: string; remoteEntry?: { name?: string; path?: string } };
  shared?: { name?: string; requiredVersion?: string | false }[];
}

/** Our own packages are the shared surface (`configs/webpack/shared-deps.js` SHARED_SURFACE: @vitrine/core, ui, i18n). */
export const isSurfacePackage = (name: string): boolean => name.startsWith('@vitrine/');

export function readManifest(file: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : 'is not JSON';
    throw new ReleaseError('invalid-build', `${file} ${why}: not a remote's build (npm run build -- public|admin writes it)`);
  }
}

/** The shared-surface ranges a manifest lists. */
export function requiredSurface(manifest: Manifest): Record<string, string> {
  const requires: Record<string, string> = {};
  for (const shared of manifest.shared ?? []) {
    if (shared.name && isSurfacePackage(shared.name) && typeof shared.requiredVersion === 'string') requires[shared.name] = shared.requiredVersion;
  }
  return requires;
}

/**
 * Checks that `dist` is a build of `remote` (its manifest names the remote's container, its entry is there, and the
 * public remote's server build is there too: its pages are rendered from it), and reads what it requires.
 */
export function inspectBuild(remote: ReleaseRemote, dist: string): BuildInfo {
  if (!fs.existsSync(dist) || !fs.statSync(dist).isDirectory()) throw new ReleaseError('invalid-build', `${dist} is not a folder`);
  const manifestFile = path.join(dist, 'mf-manifest.json');
  const manifest = readManifest(manifestFile);
  const name = manifest.metaData?.name;
  if (name !== CONTAINER_OF[remote]) {
    throw new ReleaseError('invalid-build', `${dist} is a build of ${name ?? 'something else'}, not of the ${remote} remote (${CONTAINER_OF[remote]})`);
  }
  const entry = manifest.metaData?.remoteEntry?.name || 'remoteEntry.js';
  const needed = [entry, ...(remote === 'public' ? ['server/pages.js'] : [])];
  for (const file of needed) {
    if (!fs.existsSync(path.join(dist, file))) throw new ReleaseError('invalid-build', `${dist} has no ${file}: an incomplete build`);
  }
  return { requires: requiredSurface(manifest), builtAt: fs.statSync(manifestFile).mtime };
}

/** Every file of a folder, relative (with '/'), sorted; files and folders whose name starts with '.' are left out. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

export function releaseIdOf(builtAt: Date, hash: string): string {
  const stamp = builtAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp}-${hash.slice(0, 8)}`;
}

export interface BuildContent {
  /** sha256 over the files' paths and contents. */
  hash: string;
  files: number;
  bytes: number;
}

/** The content hash of a build's folder, with its size. */
export async function contentOf(dir: string): Promise<BuildContent> {
  const files = listFiles(dir);
  let bytes = 0;
  const hash = createHash('sha256');
  for (const file of files) {
    const content = await fs.promises.readFile(path.join(dir, file));
    bytes += content.length;
    hash.update(`${file}\0`).update(content).update('\0');
  }
  return { hash: hash.digest('hex'), files: files.length, bytes };
}

/** The releases folder: RELEASES_DIR/<remote>/<id>/ holds one release's files, exactly as its dist/ had them. */
export class ReleaseFiles {
  constructor(readonly root: string) {}

  dirOf(remote: ReleaseRemote, id: string): string {
    if (!RELEASE_ID.test(id)) throw new ReleaseError('not-found', `${id} is not a release id (yyyymmddhhmmss-xxxxxxxx)`);
    return path.join(this.root, remote, id);
  }

  /** A complete release's folder is there (it is renamed into place whole, so its manifest says so). */
  has(remote: ReleaseRemote, id: string): boolean {
    return fs.existsSync(path.join(this.dirOf(remote, id), 'mf-manifest.json'));
  }

  /**
   * Copies a build into the folder as release `id`: first into a hidden folder beside the others, then renamed into
   * place in one step, so a reader (a replica, the server's static files) sees the release whole or not at all. The
   * copy must hash to `hash` (the build's, read before): a build that changed while it was copied is refused.
   * Answers false when the release was already there (nothing copied).
   */
  async store(remote: ReleaseRemote, dist: string, id: string, hash: string): Promise<boolean> {
    const final = this.dirOf(remote, id);
    if (this.has(remote, id)) return false;
    const base = path.dirname(final);
    fs.mkdirSync(base, { recursive: true });
    const incoming = path.join(base, `.incoming-${randomBytes(6).toString('hex')}`);
    try {
      const digest = createHash('sha256');
      for (const file of listFiles(dist)) {
        const content = await fs.promises.readFile(path.join(dist, file));
        digest.update(`${file}\0`).update(content).update('\0');
        const target = path.join(incoming, file);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.writeFile(target, content);
      }
      if (digest.digest('hex') !== hash) throw new ReleaseError('invalid-build', `${dist} changed while it was being copied (a build still running?): publish it again once it is done`);
      // A folder left half-written by an interrupted removal: replaced.
      await fs.promises.rm(final, { recursive: true, force: true });
      try {
        await fs.promises.rename(incoming, final);
      } catch (err) {
        // Another process stored the same release at the same moment (replicas starting together): theirs stays.
        if (!this.has(remote, id)) throw err;
        await fs.promises.rm(incoming, { recursive: true, force: true });
        return false;
      }
      return true;
    } catch (err) {
      await fs.promises.rm(incoming, { recursive: true, force: true });
      throw err;
    }
  }

  /** Removes a release's files: renamed aside first, so nothing serves a half-removed release. */
  async remove(remote: ReleaseRemote, id: string): Promise<void> {
    const dir = this.dirOf(remote, id);
    if (!fs.existsSync(dir)) return;
    const aside = path.join(this.root, remote, `.removing-${id}-${randomBytes(4).toString('hex')}`);
    await fs.promises.rename(dir, aside);
    await fs.promises.rm(aside, { recursive: true, force: true });
  }
}
