// Every file a document or a code comment names must exist: a newcomer follows these pointers first.
//
//   node scripts/check-doc-links.mjs        prints each broken pointer (file:line  target) and exits 1 if any
//
// What is checked (run by `npm test` through scripts/check-doc-links.test.mjs):
// - in every Markdown file (README.md, docs/**, a package's own notes): relative Markdown links (`[text](../x.md#part)`: the file, not the part), repo
//   paths written out (`services/api/src/app.ts`, `docs/decisions/faults.md`, in backticks or not), and bare
//   Markdown file names in backticks (`faults.md`), read from the document's own folder;
// - in the comments of source files (.ts, .tsx, .js, .mjs, .cjs, .sql, .css): repo paths written out.
// A repo path starts with one of the repository's top folders (ROOTS) and is read up to the first character a path
// does not hold, so a placeholder (`remotes/<name>/src`, `shared/{ui,core}`, `services/api/src/…`) is checked up to
// it. A path whose folders name a build output (`dist`) or installed packages is not checked: a clean clone has
// none. A module may be named without its extension (`services/api/src/plugins/auth`).
// Paths are checked against what git tracks plus new files not ignored, so a file only on one machine does not count.
// Documents that are not in the repository cannot be followed either: a document name in capitals (a README, say)
// must exist (from the file's folder or the root), and neither a document nor a comment points at an issue
// tracker's numbers or at design notes kept elsewhere; they say the rule in their own words.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOTS = ['docs', 'services', 'remotes', 'hosts', 'shared', 'scripts', 'configs', 'e2e'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|sql|css)$/;
const NOT_CHECKED = /(^|\/)(dist|node_modules)(\/|$)/;
const MODULE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '/index.ts', '/index.tsx', '/index.js'];
// A repo path: a top folder, then path characters; never preceded by a path character (so `../x` and URLs are not read).
const REPO_PATH = new RegExp(String.raw`(?<![\w./@-])((?:${ROOTS.join('|')})/[\w.@/-]*)`, 'g');
const MD_LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const BARE_MD = /`([\w.-]+\.md)`/g;
const CAPITAL_MD = /(?<![\w./-])([A-Z][A-Z0-9_-]+\.md)\b/g;
const ELSEWHERE = /\bissues? #?\d+\b|\bdesign\s+card/gi;

/** The files of the repository (tracked, and new ones not ignored), relative to `root`, with `/` separators. */
export function repoFiles(root) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out.split('\0').filter(Boolean);
}

/** Paths that exist: every file and every folder above one. */
function existing(files) {
  const set = new Set();
  for (const file of files) {
    set.add(file);
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) {
      if (set.has(dir + '/')) break;
      set.add(dir + '/');
    }
  }
  return set;
}

function exists(set, target) {
  const clean = target.replace(/\/+$/, '');
  if (clean === '' || clean === '.') return true;
  return set.has(clean + '/') || MODULE_SUFFIXES.some((suffix) => set.has(clean + suffix));
}

/**
 * The path a match names: without what cannot end a path (a sentence's full stop); when a placeholder follows
 * (`migrations/NNN-*.sql`, `remotes/<name>`, `texts/{a,b}.ts`, `src/…`), the folder before it.
 */
function pathOf(match, text) {
  const token = match[1];
  const next = text[match.index + token.length] ?? '';
  if (/[*<{…$[]/.test(next)) return token.slice(0, token.lastIndexOf('/') + 1);
  return token.replace(/[.@-]+$/, '');
}

/** The comment text of one source line ('' when it has none): whole-line comments, `// …` after code, `/* … *\/`. */
export function commentOf(line, isSql) {
  const trimmed = line.trimStart();
  if (/^(\/\/|\/\*|\*|\{\/\*)/.test(trimmed) || (isSql && trimmed.startsWith('--'))) return trimmed;
  const parts = [];
  const slash = line.search(/(^|[\s;,)}\]])\/\/\s/);
  if (slash >= 0) parts.push(line.slice(slash));
  for (const m of line.matchAll(/\/\*(.*?)(\*\/|$)/g)) parts.push(m[1]);
  if (isSql) {
    const dash = line.indexOf('-- ');
    if (dash >= 0) parts.push(line.slice(dash));
  }
  return parts.join(' ');
}

/** Pointers out of the repository in a text: capitalised document names (checked like bare names) and tracker numbers. */
function elsewhere(text, line, dir) {
  const found = [];
  for (const m of text.matchAll(CAPITAL_MD)) found.push({ line, target: path.posix.normalize(path.posix.join(dir, m[1])), written: m[1], bare: true });
  for (const m of text.matchAll(ELSEWHERE)) found.push({ line, target: m[0], written: m[0], outside: true });
  return found;
}

/** Broken pointers of one file's text: `{ line, target }` (repo paths from the root, links from the file's folder). */
export function pointersOf(file, text) {
  const found = [];
  const isMarkdown = file.endsWith('.md');
  const isSql = file.endsWith('.sql');
  const dir = path.posix.dirname(file);
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    const lineNo = index + 1;
    if (isMarkdown) {
      if (/^\s*```/.test(line)) fenced = !fenced;
      if (!fenced) {
        for (const m of line.matchAll(MD_LINK)) {
          const href = m[1].replace(/^<|>$/g, '');
          if (/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(href)) continue; // another site, a part of this page, a site path
          const target = decodeURI(href.replace(/[#?].*$/, ''));
          found.push({ line: lineNo, target: path.posix.normalize(path.posix.join(dir, target)), written: m[1] });
        }
        for (const m of line.matchAll(BARE_MD)) {
          found.push({ line: lineNo, target: path.posix.normalize(path.posix.join(dir, m[1])), written: m[1], bare: true });
        }
      }
      for (const m of line.matchAll(REPO_PATH)) found.push({ line: lineNo, target: pathOf(m, line), written: m[1] });
      found.push(...elsewhere(line, lineNo, dir));
    } else {
      const comment = commentOf(line, isSql);
      if (!comment) return;
      for (const m of comment.matchAll(REPO_PATH)) found.push({ line: lineNo, target: pathOf(m, comment), written: m[1], fromFolders: true });
      found.push(...elsewhere(comment, lineNo, dir));
    }
  });
  return found.filter((p) => !NOT_CHECKED.test(p.target));
}

/** The folders a source file sits in, innermost first: a comment may name a path from its own package's folders. */
function foldersOf(file) {
  const dirs = [];
  for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) dirs.push(dir);
  return dirs;
}

/** Which files are read: every Markdown file, and the source files outside build outputs. */
export function isChecked(file) {
  if (NOT_CHECKED.test(file)) return false;
  if (file.endsWith('.md')) return true; // the README, docs/ and every package's own notes
  return SOURCE.test(file) && ROOTS.some((root) => file.startsWith(root + '/'));
}

/** Every broken pointer in the repository at `root`: `{ file, line, target, written }`. */
export async function brokenPointers(root, readFile) {
  const files = repoFiles(root);
  const set = existing(files);
  const broken = [];
  for (const file of files.filter(isChecked)) {
    let text;
    try {
      text = await readFile(path.join(root, file), 'utf8');
    } catch {
      continue; // deleted in the working tree, not yet in git
    }
    for (const p of pointersOf(file, text)) {
      if (p.outside) {
        broken.push({ file, line: p.line, target: p.target, written: p.written });
        continue;
      }
      if (p.bare && !exists(set, p.target) && exists(set, p.written)) continue; // a name from the root (`README.md`)
      if (p.fromFolders && foldersOf(file).some((dir) => exists(set, `${dir}/${p.target}`))) continue;
      if (!exists(set, p.target)) broken.push({ file, line: p.line, target: p.target, written: p.written });
    }
  }
  return broken;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { readFile } = await import('node:fs/promises');
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const broken = await brokenPointers(root, readFile);
  for (const b of broken) console.log(`${b.file}:${b.line}  ${b.written}${b.written === b.target ? '' : `  (→ ${b.target})`}`);
  if (broken.length) {
    console.log(`\n${broken.length} pointer(s) to files that do not exist or to documents outside the repository.`);
    process.exit(1);
  }
  console.log('Every file named by the docs and comments exists.');
}
