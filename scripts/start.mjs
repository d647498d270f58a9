// npm start: builds what is missing or stale, then runs the single server process
// (API + shell + remotes + uploads on PORT, default 8080).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildAll, needsBuild, root, SERVER_ENV, SERVER_NODE_ARGS, TARGETS } from './lib.mjs';

const startedAt = Date.now();
const stale = Object.keys(TARGETS).filter(needsBuild);
if (stale.length) {
  console.log(`[start] building: ${stale.join(', ')}`);
  try {
    await buildAll(stale);
  } catch (error) {
    console.error(`[start] build failed: ${error.message}`);
    process.exit(1);
  }
}

// The remotes are served from their releases (docs/decisions/releases.md): at start, the server makes each remote's
// built dist/ its active release when it has none, and under npm start also when the build is new (one just rebuilt);
// a build already published (say, one rolled back from) is left as it is. RELEASE_DIST_AT_START=first|off to change it.
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(root, 'services/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...SERVER_ENV, RELEASE_DIST_AT_START: process.env.RELEASE_DIST_AT_START ?? 'new', VITRINE_STARTED_AT: String(startedAt) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
