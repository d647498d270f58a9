// Type-checks the browser side and the Node side as two programs (DOM vs Node globals).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsc = path.join(here, '..', 'node_modules', 'typescript', 'bin', 'tsc');
for (const project of ['tsconfig.web.json', 'tsconfig.node.json']) {
  process.stdout.write(`typecheck ${project}\n`);
  execFileSync(process.execPath, [tsc, '-p', path.join(here, project)], { stdio: 'inherit' });
}
