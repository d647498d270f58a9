// A variant of a remote, built the way a remote team would ship a new feature: the remote's own
// source copied, files added or patched, built with the same webpack config into its own folder.
// The shell and the checkout's remotes are never touched. Used by remote-swap.test.ts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, ROOT } from './env';

export interface VariantOptions {
  remote: 'admin' | 'public';
  /** Files to add or replace, by path inside the remote (`src/features/x/page.tsx`). */
  files: Record<string, string>;
  /** Edits an existing file of the remote, by path inside it. */
  patch?: Record<string, (source: string) => string>;
  buildId: string;
  outDir: string;
}

/**
 * Copies remotes/<remote> (src and package.json) under the repository (so modules resolve from its
 * node_modules, as in the real remote), applies the feature, and runs a production build into `outDir`.
 * The copy is removed afterwards.
 */
export async function buildVariant(o: VariantOptions): Promise<void> {
  const dir = path.join(ARTIFACTS, 'variants', `${o.remote}-${randomBytes(4).toString('hex')}`);
  const source = path.join(ROOT, 'remotes', o.remote);
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.cpSync(path.join(source, 'src'), path.join(dir, 'src'), { recursive: true });
    fs.copyFileSync(path.join(source, 'package.json'), path.join(dir, 'package.json'));
    for (const [file, text] of Object.entries(o.files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    for (const [file, edit] of Object.entries(o.patch ?? {})) {
      const before = fs.readFileSync(path.join(dir, file), 'utf8');
      const after = edit(before);
      if (after === before) throw new Error(`the patch of ${file} changed nothing`);
      fs.writeFileSync(path.join(dir, file), after);
    }
    // The remote's own build configuration (for the public remote: its browser and its server build).
    const config = fs.readFileSync(path.join(source, 'webpack.config.js'), 'utf8');
    const located = config.replace(/require\('\.\.\/\.\.\/configs\/webpack\/create-config'\)/, () => `require(${JSON.stringify(path.join(ROOT, 'configs/webpack/create-config.js'))})`);
    if (located === config) throw new Error(`remotes/${o.remote}/webpack.config.js does not require the shared create-config`);
    fs.writeFileSync(path.join(dir, 'webpack.config.js'), located);
    await webpack(dir, o.buildId);
    fs.cpSync(path.join(dir, 'dist'), o.outDir, { recursive: true });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function webpack(cwd: string, buildId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const cli = path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
    const child = spawn(process.execPath, [cli, '--mode', 'production'], {
      cwd,
      env: { ...process.env, BUILD_ID: buildId },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`variant build in ${cwd} exited with ${code}:\n${out}`))));
  });
}

/** Replaces what a folder serves with another build (rm + cp, like a static host's deploy). */
export function deploy(from: string, servedDir: string): void {
  for (const entry of fs.readdirSync(servedDir)) fs.rmSync(path.join(servedDir, entry), { recursive: true, force: true });
  fs.cpSync(from, servedDir, { recursive: true });
}
