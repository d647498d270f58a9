// Helpers shared by the build, start and dev scripts.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The buildable parts: what they produce and which sources they are built from. */
export const TARGETS = {
  api: { dir: 'services/api', output: 'services/api/dist/server.js', sources: ['services/api/src', 'services/api/build.mjs', 'shared/contracts/src'] },
  public: { dir: 'remotes/public', output: 'remotes/public/dist/mf-manifest.json', sources: ['remotes/public/src', 'remotes/public/webpack.config.js'] },
  admin: { dir: 'remotes/admin', output: 'remotes/admin/dist/mf-manifest.json', sources: ['remotes/admin/src', 'remotes/admin/webpack.config.js'] },
  shell: { dir: 'hosts/shell', output: 'hosts/shell/dist/index.html', sources: ['hosts/shell/src', 'hosts/shell/webpack.config.js'] },
};
const FRONT_SHARED = ['shared/core/src', 'shared/ui/src', 'shared/utils/src', 'shared/i18n/src', 'shared/contracts/src', 'configs/webpack'];

function newest(p) {
  const abs = path.join(root, p);
  if (!existsSync(abs)) return 0;
  const st = statSync(abs);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(abs)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

/**
 * A stamp written after each successful build: webpack leaves an unchanged
 * output file untouched, so the output's own time cannot say when it was built.
 */
const stampOf = (name) => path.join(root, TARGETS[name].dir, 'dist', '.built');

/** Missing, or older than any of its sources. */
export function needsBuild(name) {
  const t = TARGETS[name];
  const stamp = stampOf(name);
  if (!existsSync(path.join(root, t.output)) || !existsSync(stamp)) return true;
  const sources = name === 'api' ? t.sources : [...t.sources, ...FRONT_SHARED];
  const built = statSync(stamp).mtimeMs;
  return sources.some((s) => newest(s) > built);
}

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
    child.on('error', reject);
  });
}

export async function buildTarget(name) {
  const t = TARGETS[name];
  const startedAt = new Date();
  if (name === 'api') await run(process.execPath, ['build.mjs'], { cwd: path.join(root, t.dir) });
  else {
    const webpack = path.join(root, 'node_modules/webpack-cli/bin/cli.js');
    await run(process.execPath, [webpack, '--mode', 'production'], { cwd: path.join(root, t.dir) });
  }
  // Stamped with the start time: a source edited during the build still counts as newer.
  writeFileSync(stampOf(name), `${startedAt.toISOString()}\n`);
  utimesSync(stampOf(name), startedAt, startedAt);
}

/** Builds the given parts, at most two at a time (2 cores). */
export async function buildAll(names) {
  const queue = [...names];
  const worker = async () => {
    while (queue.length) {
      const name = queue.shift();
      const started = Date.now();
      console.log(`[build] ${name}…`);
      await buildTarget(name);
      console.log(`[build] ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all([worker(), worker()]);
}
