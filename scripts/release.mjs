// npm run release -- publish|activate|rollback|list public|admin …: the remotes' versioned releases
// (docs/decisions/releases.md). Runs the API's release command: its build (services/api/dist/release.js) when it is
// there and up to date, else from the sources (tsx). It never rebuilds the API: a server may be running from dist/.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { needsBuild, root } from './lib.mjs';

const built = path.join(root, 'services/api/dist/release.js');
const args = existsSync(built) && !needsBuild('api') ? [built] : ['--import', 'tsx', path.join(root, 'services/api/src/release-cli.ts')];
const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() } });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
