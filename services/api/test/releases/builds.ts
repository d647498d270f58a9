import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReleaseRemote } from '../../src/releases/files';
import type { ReleaseRegistry } from '../../src/releases/registry';

/** What the tests' shell provides of the shared surface (its mf-manifest.json's shared versions). */
export const SHELL_SURFACE = { '@vitrine/core': '2.0.0', '@vitrine/i18n': '2.0.0', '@vitrine/ui': '1.2.0' };

export function write(dir: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
}

export const tempDir = (name: string): string => fs.mkdtempSync(path.join(os.tmpdir(), `vitrine-${name}-`));

/** A shell's dist as the release store reads it: its manifest (the shared versions it provides) and its page. */
export function fakeShell(dir: string, surface: Record<string, string> = SHELL_SURFACE): string {
  write(dir, {
    'index.html': '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div><script defer src="/main.js"></script></body></html>',
    'mf-manifest.json': JSON.stringify({
      metaData: { name: 'shell' },
      shared: [
        ...Object.entries(surface).map(([name, version]) => ({ name, version, requiredVersion: `^${version}` })),
        { name: 'react', version: '19.3.1', requiredVersion: '19.3.1' },
      ],
    }),
  });
  return dir;
}

export interface FakeBuild {
  /** Marks the build's content (its chunk's text and name). */
  mark: string;
  /** Its hashed chunk's file name. */
  chunk: string;
  dir: string;
}

let builds = 0;

/**
 * A remote's dist/ as webpack writes it, small: mf-manifest.json (its container and shared ranges), remoteEntry.js, a
 * hashed chunk with its .br copy, and for the public remote its server build. Built `minutesAgo` (the manifest's mtime,
 * the release id's time).
 */
export function fakeBuild(
  remote: ReleaseRemote,
  options: { requires?: Record<string, string>; mark?: string; minutesAgo?: number; dir?: string } = {},
): FakeBuild {
  builds += 1;
  const mark = options.mark ?? `build-${builds}`;
  const dir = options.dir ?? tempDir(`${remote}-build`);
  const hash = Buffer.from(mark).toString('hex').padEnd(10, '0').slice(-10);
  const chunk = `42.${hash}.js`;
  const requires = options.requires ?? { '@vitrine/core': '^2.0.0', '@vitrine/i18n': '^2.0.0', '@vitrine/ui': '^1.1.0' };
  write(dir, {
    'mf-manifest.json': JSON.stringify({
      metaData: { name: `${remote}_remote`, remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      shared: [...Object.entries(requires).map(([name, requiredVersion]) => ({ name, version: requiredVersion.replace(/^\^/, ''), requiredVersion })), { name: 'react', version: '19.3.1', requiredVersion: '19.3.1' }],
      exposes: [{ name: 'pages', assets: { js: { sync: [chunk] }, css: { sync: [] } } }],
    }),
    'remoteEntry.js': `/* ${mark} */ var ${remote}_remote = {};`,
    [chunk]: `/* chunk of ${mark} */`,
    [`${chunk}.br`]: `br of ${mark}`,
    '.built': 'stamp (not part of the release)',
    ...(remote === 'public' ? { 'server/pages.js': `/* server build of ${mark} */ module.exports = {};` } : {}),
  });
  const at = new Date(Date.UTC(2026, 10, 1, 12, 0, 0) - (options.minutesAgo ?? 0) * 60_000 + builds * 1000);
  fs.utimesSync(path.join(dir, 'mf-manifest.json'), at, at);
  return { mark, chunk, dir };
}

/** Resolves once the registry serves `id` for the remote (at once if it already does). */
export function serving(registry: ReleaseRegistry | undefined, remote: ReleaseRemote, id: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (registry?.active(remote)?.id !== id) return;
      registry.off('refresh', check);
      resolve();
    };
    registry?.on('refresh', check);
    check();
  });
}
