// Bundles the API into dist/server.js: our code and the @vitrine/* workspace
// packages inlined, node_modules packages left external, migrations copied beside it.
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
  entryPoints: [path.join(here, 'src', 'server.ts')],
  outfile: path.join(dist, 'server.js'),
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
