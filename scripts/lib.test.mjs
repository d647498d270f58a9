// node --test scripts/lib.test.mjs (part of npm test): the build cache's inputs come from the workspace graph.
import assert from 'node:assert/strict';
import test from 'node:test';
import { buildInputs, inputsHash, workspaceClosure } from './lib.mjs';

test('the API is built from itself and every workspace package it depends on (shared/utils included)', () => {
  assert.deepEqual(workspaceClosure('services/api'), ['services/api', 'shared/contracts', 'shared/utils']);
});

test('a remote is built from the shared packages it depends on, transitively, and the webpack config', () => {
  const inputs = buildInputs('admin');
  for (const dir of ['remotes/admin', 'shared/core', 'shared/contracts', 'configs/webpack', 'package-lock.json']) {
    assert.ok(inputs.includes(dir), `${dir} is an input of the admin remote`);
  }
  assert.ok(!inputs.includes('remotes/public'), 'another remote is not');
});

test('the fingerprint is stable for an unchanged tree and differs between parts', () => {
  assert.equal(inputsHash('api'), inputsHash('api'));
  assert.notEqual(inputsHash('api'), inputsHash('shell'));
});
