// Scenario 8: a rebuilt admin remote, swapped into the served folder like a static-host deploy,
// shows its change after a reload; the shell's files are not touched.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { setupSuite } from '../support/app';
import { inSession, signIn } from '../support/browser';
import { ROOT, servedRoot } from '../support/env';

// The bundles the server serves (the run's snapshot, or the checkout's dist folders).
const ADMIN_DIST = path.join(servedRoot(), 'remotes', 'admin', 'dist');
const SHELL_DIST = path.join(servedRoot(), 'hosts', 'shell', 'dist');
const served = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-admin-served-'));
const rebuilt = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-admin-rebuilt-'));
fs.cpSync(ADMIN_DIST, served, { recursive: true });

const suite = setupSuite({ name: 'remote-swap', env: { REMOTES_DIR_ADMIN: served } });
after(() => {
  fs.rmSync(served, { recursive: true, force: true });
  fs.rmSync(rebuilt, { recursive: true, force: true });
});

function hashOf(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Builds the admin remote with another BUILD_ID into `outDir` (remotes/admin/dist is left alone). */
function buildAdmin(buildId: string, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const cli = path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
    const child = spawn(process.execPath, [cli, '--mode', 'production', '--output-path', outDir], {
      cwd: path.join(ROOT, 'remotes', 'admin'),
      env: { ...process.env, BUILD_ID: buildId },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`admin build exited with ${code}:\n${out}`))));
  });
}

test('8. a rebuilt admin remote swapped in shows its build id after reload, the shell unchanged', { timeout: 240_000 }, async () => {
  const buildId = `e2e-swap-${randomBytes(4).toString('hex')}`;
  const shellBefore = { main: hashOf(path.join(SHELL_DIST, 'main.js')), index: hashOf(path.join(SHELL_DIST, 'index.html')) };
  // The build runs while the browser checks the current deploy (2 cores: it is the long pole).
  const building = buildAdmin(buildId, rebuilt);
  building.catch(() => undefined);

  await inSession(suite.browser, suite.baseUrl, 'admin-remote-swap', async ({ page }) => {
    // What the browser ran of the shell: the hash of every /main.js body it received.
    const servedShell: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== '/main.js' || response.status() !== 200) return;
      void response.body().then(
        (body) => servedShell.push(createHash('sha256').update(body).digest('hex')),
        () => undefined,
      );
    });
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/admin/dashboard');
    const build = page.getByTestId('admin-build');
    await build.waitFor();
    const before = await build.innerText();
    assert.ok(!before.includes(buildId));

    await building;
    assert.ok(fs.existsSync(path.join(rebuilt, 'mf-manifest.json')), 'the rebuild produced a manifest');
    // Deploy: replace the served files (rm + cp, like a static host).
    for (const entry of fs.readdirSync(served)) fs.rmSync(path.join(served, entry), { recursive: true, force: true });
    fs.cpSync(rebuilt, served, { recursive: true });

    const shellAsked = page.waitForResponse((r) => new URL(r.url()).pathname === '/main.js');
    await page.reload();
    await shellAsked;
    await build.waitFor();
    const afterSwap = await build.innerText();
    assert.ok(afterSwap.includes(buildId), `admin-build "${afterSwap}" shows the new build id ${buildId} (was "${before}")`);
    assert.equal(await page.getByTestId('dashboard-greeting').count(), 1);
    assert.ok(servedShell.length >= 2, 'the shell was loaded before and after the swap');
    assert.equal(new Set(servedShell).size, 1, 'the browser ran the same shell bundle before and after the swap');
  });

  // hosts/shell/dist is shared with whoever else builds in this checkout: a concurrent `npm run build`
  // would show up here (the admin rebuild itself only writes to its temporary output dir).
  assert.deepEqual(
    { main: hashOf(path.join(SHELL_DIST, 'main.js')), index: hashOf(path.join(SHELL_DIST, 'index.html')) },
    shellBefore,
    "the shell's files were not touched (hosts/shell/dist/main.js and index.html)",
  );
});
