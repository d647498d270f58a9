import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { brokenPointers, commentOf, isChecked, pointersOf } from './check-doc-links.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = (file, text) => pointersOf(file, text).map((p) => p.target);

test('every file the docs and code comments name exists', async () => {
  const broken = await brokenPointers(root, readFile);
  assert.deepEqual(
    broken.map((b) => `${b.file}:${b.line}  ${b.written}`),
    [],
    'fix the pointer (or the file it names); `node scripts/check-doc-links.mjs` lists them',
  );
});

test('a Markdown link is read from the document’s folder, without its part; other sites and site paths are not files', () => {
  const text = 'See [faults](faults.md#database), [up](../api.md), [site](https://example.com/x.md), [top](#top), [route](/admin).';
  assert.deepEqual(targets('docs/decisions/x.md', text), ['docs/decisions/faults.md', 'docs/api.md']);
});

test('repo paths are read from the root, in prose, backticks and code blocks; a sentence’s full stop is not part of one', () => {
  const text = 'Read docs/performance.md.\n```sh\nnode scripts/bench.mjs\n```\nand `services/api/src/app.ts`';
  assert.deepEqual(targets('docs/x.md', text), ['docs/performance.md', 'scripts/bench.mjs', 'services/api/src/app.ts']);
});

test('links inside a code block are code, not links', () => {
  assert.deepEqual(targets('docs/x.md', '```\n[a](nowhere.md)\n```'), []);
});

test('a placeholder stops the path at the folder before it', () => {
  const text = '`services/api/src/migrations/NNN-*.sql`, `remotes/<name>/src`, `services/api/src/mail/texts/{pt-BR,en-US}.ts`';
  assert.deepEqual(targets('docs/x.md', text), ['services/api/src/migrations/', 'remotes/', 'services/api/src/mail/texts/']);
});

test('bare Markdown names in backticks are read from the document’s folder', () => {
  assert.deepEqual(targets('docs/decisions/x.md', 'as in `shared-surface.md`'), ['docs/decisions/shared-surface.md']);
});

test('build outputs and installed packages are not checked', () => {
  assert.deepEqual(targets('docs/x.md', 'hosts/shell/dist/server/render.js and services/api/node_modules/pg'), []);
});

test('in source files only comments are read; relative imports and URLs are not repo paths', () => {
  const code = [
    "import x from '../../shared/core/src/a';",
    "const url = 'https://example.com/docs/x.md';",
    '// docs/decisions/faults.md says why',
    ' * see scripts/lib.mjs',
    'call(); // then services/api/src/app.ts',
    'const path = "docs/not-a-comment.md";',
  ].join('\n');
  assert.deepEqual(targets('services/api/src/x.ts', code), ['docs/decisions/faults.md', 'scripts/lib.mjs', 'services/api/src/app.ts']);
  assert.equal(commentOf('-- services/api/src/x.sql', true), '-- services/api/src/x.sql');
  assert.equal(commentOf('SELECT 1', true), '');
});

test('the README, the docs and the workspaces’ source files are read; build outputs are not', () => {
  assert.equal(isChecked('README.md'), true);
  assert.equal(isChecked('docs/decisions/faults.md'), true);
  assert.equal(isChecked('services/api/src/app.ts'), true);
  assert.equal(isChecked('remotes/public/dist/main.js'), false);
  assert.equal(isChecked('node_modules/x/index.js'), false);
});

test('the decisions index lists every decision file', async () => {
  const { readdir } = await import('node:fs/promises');
  const dir = path.join(root, 'docs/decisions');
  const index = await readFile(path.join(dir, 'README.md'), 'utf8');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.md') && f !== 'README.md');
  assert.deepEqual(files.filter((f) => !index.includes(`](${f})`)), [], 'add a row to docs/decisions/README.md');
});

test('a document or comment points at no tracker number, design notes kept elsewhere, or a capitalised document that is not here', () => {
  const outside = (file, text) => pointersOf(file, text).filter((p) => p.outside || p.bare).map((p) => p.written);
  const tracker = ['Iss' + 'ue 7', 'iss' + 'ues 11', 'design' + ' card'];
  assert.deepEqual(outside('docs/x.md', `${tracker[0]}: rendering. See ${tracker[1]} and the ${tracker[2]}.`), tracker);
  assert.deepEqual(outside('services/api/src/x.ts', `// as ${tracker[0]} says\nconst issue = '${tracker[0]}'; // a string, not a comment`), [tracker[0]]);
  assert.deepEqual(outside('docs/x.md', 'Read NOTES.md first; `notes.md` too.').sort(), ['NOTES.md', 'notes.md']);
});
