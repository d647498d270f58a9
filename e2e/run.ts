// npm run test:e2e: builds what is missing or stale (scripts/lib.mjs needsBuild), starts the
// production server the way `npm start` runs it (node services/api/dist/server.js) on a free
// port with a fresh DATA_DIR, runs the browser tests against it (BASE_URL), stops it with
// SIGTERM and exits non-zero on any failure.
//   node --import tsx e2e/run.ts [test files...]      (default: e2e/tests/*.test.ts)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll, needsBuild, TARGETS, type TargetName } from '../scripts/lib.mjs';
import { ARTIFACTS, ROOT } from './support/env';
import { startServer } from './support/server';

async function main(): Promise<never> {
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

  const stale = (Object.keys(TARGETS) as TargetName[]).filter((name) => needsBuild(name));
  if (stale.length && process.env.E2E_SKIP_BUILD !== '1') {
    console.log(`[e2e] building: ${stale.join(', ')}`);
    await buildAll(stale);
    console.log(`[e2e] build done at ${seconds()}`);
  } else console.log('[e2e] production bundles are up to date');

  // Snapshot of the built bundles: the server runs from a temporary copy laid out like the repo
  // (node services/api/dist/server.js, node_modules linked), so a concurrent build in this checkout
  // cannot swap files under the tests. E2E_SNAPSHOT=0 serves the checkout's dist folders directly.
  let snapshot: string | undefined;
  if (process.env.E2E_SNAPSHOT !== '0') {
    snapshot = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-root-'));
    for (const dist of ['services/api/dist', 'hosts/shell/dist', 'remotes/public/dist', 'remotes/admin/dist']) {
      fs.cpSync(path.join(ROOT, dist), path.join(snapshot, dist), { recursive: true });
    }
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(snapshot, 'node_modules'), 'dir');
    if (fs.existsSync(path.join(ROOT, 'services/api/node_modules'))) {
      fs.symlinkSync(path.join(ROOT, 'services/api/node_modules'), path.join(snapshot, 'services/api/node_modules'), 'dir');
    }
    process.env.E2E_SERVED_ROOT = snapshot;
    console.log(`[e2e] serving a snapshot of the bundles from ${snapshot}`);
  }

  fs.rmSync(ARTIFACTS, { recursive: true, force: true });
  fs.mkdirSync(ARTIFACTS, { recursive: true });

  const server = await startServer({ name: 'main' });
  console.log(`[e2e] server pid ${server.pid} ready at ${server.baseUrl} (${seconds()})`);

  const args = process.argv.slice(2);
  const files = args.length
    ? args
    : fs
        .readdirSync(path.join(ROOT, 'e2e', 'tests'))
        .filter((f) => f.endsWith('.test.ts'))
        .sort()
        .map((f) => path.join('e2e', 'tests', f));

  let code = 1;
  const stopOnSignal = (signal: NodeJS.Signals) => {
    void server.stop().then(() => process.exit(130));
    console.log(`[e2e] ${signal}: stopping`);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, BASE_URL: server.baseUrl },
      });
      child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 1)));
    });
  } finally {
    const exit = await server.stop();
    if (snapshot) fs.rmSync(snapshot, { recursive: true, force: true });
    console.log(`[e2e] server stopped by SIGTERM (exit code ${exit}); its log: .e2e-artifacts/main-server.log`);
    if (exit !== 0) {
      console.log('[e2e] the server did not shut down cleanly');
      code ||= 1;
    }
  }
  console.log(code === 0 ? `[e2e] passed in ${seconds()}` : `[e2e] FAILED after ${seconds()}; screenshots and logs in .e2e-artifacts/`);
  process.exit(code);
}

main().catch((error: unknown) => {
  console.error('[e2e]', error instanceof Error ? error.stack ?? error.message : error);
  process.exit(1);
});
