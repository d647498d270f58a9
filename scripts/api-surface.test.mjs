// node --test scripts/api-surface.test.mjs (part of npm test): the shared packages' public API is the one
// recorded in their api.md, or their version says how it changed (docs/decisions/shared-surface.md).
//
// Like a report tool's local mode: on a developer's machine a change that the version allows rewrites the
// report (commit it); in CI (CI set) the committed report must already be the current one.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { satisfy } from '@module-federation/enhanced/runtime';
import { checkPackage, compare, currentApis, lowestAllowed, refusal, render, reportPath, SURFACE, versionAllows } from './api-surface.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { providedSurface, SHARED_SURFACE } = require('../configs/webpack/shared-deps.js');

const report = (version, lines, libraries = ['react 19']) =>
  render({ name: '@vitrine/x', version, libraries, sections: [{ specifier: '@vitrine/x', lines }] });

test('removing or changing an export is a major change, adding one a minor, a library major a major', () => {
  const before = report('1.1.0', ['function a: () => void', 'interface B: { x: string }']);
  assert.equal(compare(before, before).kind, 'none');
  assert.equal(compare(before, report('1.1.0', ['function a: () => void'])).kind, 'major');
  assert.deepEqual(compare(before, report('1.1.0', ['function a: () => void'])).changes, ['removed: @vitrine/x type B']);
  assert.equal(compare(before, report('1.1.0', ['function a: (n: number) => void', 'interface B: { x: string }'])).kind, 'major');
  assert.equal(compare(before, report('1.1.0', ['function a: () => void', 'function c: () => void', 'interface B: { x: string }'])).kind, 'minor');
  assert.equal(compare(before, report('1.1.0', ['function a: () => void', 'interface B: { x: string }'], ['react 20'])).kind, 'major');
  // A value and a type of one name are two exports: dropping the type is a removal.
  const both = report('1.0.0', ['const C: number', 'type C: number']);
  assert.equal(compare(both, report('1.0.0', ['const C: number'])).kind, 'major');
});

test('the version must say as much as the change: a new major, a new minor, anything for none', () => {
  assert.equal(lowestAllowed('1.1.0', 'major'), '2.0.0');
  assert.equal(lowestAllowed('1.1.3', 'minor'), '1.2.0');
  assert.ok(!versionAllows('1.1.0', '1.1.0', 'major'));
  assert.ok(!versionAllows('1.9.0', '1.1.0', 'major'));
  assert.ok(versionAllows('2.0.0', '1.1.0', 'major'));
  assert.ok(!versionAllows('1.1.1', '1.1.0', 'minor'));
  assert.ok(versionAllows('1.2.0', '1.1.0', 'minor'));
  assert.ok(versionAllows('2.0.0', '1.1.0', 'minor'));
  assert.ok(versionAllows('1.1.0', '1.1.0', 'none'));
  assert.ok(!versionAllows('1.0.9', '1.1.0', 'none'));
});

const apis = currentApis();
for (const dir of SURFACE) {
  const api = apis[dir];
  test(`${api.name}: its public API is the recorded one (${dir}/api.md), or its version says how it changed`, (t) => {
    const result = checkPackage(dir, api);
    if (result.current === result.recorded) return;
    assert.ok(result.recorded, `${dir}/api.md is missing: run npm run api:record and commit it`);
    assert.ok(result.allowed, refusal(result, api));
    if (process.env.CI) {
      assert.fail(`${dir}/api.md is not the current API (${result.kind}: ${result.changes.join('; ') || 'version only'}): run npm run api:record and commit it`);
    }
    writeFileSync(reportPath(dir), result.current);
    t.diagnostic(`${dir}/api.md recorded again (${result.kind}): commit it`);
  });
}

test("every app's range for a shared-surface package is satisfied by that package's version (the shell would refuse it otherwise)", () => {
  const provided = providedSurface();
  const workspaces = ['hosts/shell', 'remotes/public', 'remotes/admin', ...SURFACE];
  for (const dir of workspaces) {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    for (const name of SHARED_SURFACE) {
      const range = pkg.dependencies?.[name];
      if (range) assert.ok(satisfy(provided[name], range), `${pkg.name} requires ${name} ${range}, this checkout has ${provided[name]}`);
    }
  }
});
