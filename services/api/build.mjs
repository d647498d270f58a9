// Bundles the API into dist/server.js, the embedded database's worker thread into
// dist/pglite-worker.js and the public pages' render worker into dist/render-worker.js: our code
// and the @vitrine/* workspace packages inlined, node_modules packages left external, migrations
// copied beside them.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@vitrine/'));

fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { server: path.join(here, 'src', 'server.ts'), 'pglite-worker': path.join(here, 'src', 'db', 'pglite-worker.ts'), 'render-worker': path.join(here, 'src', 'ssr', 'render-worker.ts'), release: path.join(here, 'src', 'release-cli.ts') },
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: [...external, 'pg-native'],
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src', 'migrations'), path.join(dist, 'migrations'), { recursive: true });
process.stdout.write(`built ${path.relative(process.cwd(), path.join(dist, 'server.js'))}\n`);
