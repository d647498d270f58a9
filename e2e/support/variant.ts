// A variant of a remote, built the way a remote team would ship a new feature: the remote's own
// source copied, files added or patched, built with the same webpack config into its own folder,
// then deployed as a release. The shell and the checkout's remotes are never touched. Used by remote-swap.test.ts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, ROOT, servedRoot } from './env';
import { SCRUB, type RunningServer } from './server';

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

/**
 * `npm run release -- <args>` against a running server (docs/decisions/releases.md): the served build's release
 * command (the API's dist/release.js), with the server's DATA_DIR, so it asks that server. Answers its exit code and
 * output.
 */
export function release(server: RunningServer, args: string[]): Promise<{ code: number | null; out: string }> {
  return releaseCommand(args, { DATA_DIR: server.dataDir });
}

/**
 * The served build's release command with the environment given and nothing of the developer's shell that would change
 * where it goes (DATABASE_URL and RELEASES_DIR for the replicas on PostgreSQL). Answers its exit code and output.
 */
export function releaseCommand(args: string[], extra: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SCRUB) delete env[key];
  Object.assign(env, extra);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(servedRoot(), 'services', 'api', 'dist', 'release.js'), ...args], { cwd: servedRoot(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** A remote's build deployed as it is in production: published as a release, then activated. Answers the release id. */
export async function deploy(server: RunningServer, remote: 'public' | 'admin', dist: string): Promise<string> {
  const published = await release(server, ['publish', remote, dist]);
  const id = /(?:published \S+ release|is already \S+ release) (\S+)/.exec(published.out)?.[1];
  if (published.code !== 0 || !id) throw new Error(`release publish ${remote} failed (${published.code}):\n${published.out}`);
  const activated = await release(server, ['activate', remote, id]);
  if (activated.code !== 0) throw new Error(`release activate ${remote} ${id} failed (${activated.code}):\n${activated.out}`);
  return id;
}
