// The public API of the shared packages, recorded in each package's `api.md` and checked by
// scripts/api-surface.test.mjs (npm test): docs/decisions/shared-surface.md, "Versions".
//
// `npm run api:record` writes the reports; it refuses when the API changed more than the package's
// version says (an export removed or changed → a new major, an export added → a new minor).
//
// The report lists, per entry point of the package (`exports` in its package.json), every export with
// its type as the TypeScript compiler sees it, re-exports from a library followed to their real
// signatures, and the major of each library whose instance is part of the surface (shared singletons
// and the libraries an entry point re-exports): a new major of one of those is a new major of the package.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { sharedPackages, SHARED_SURFACE } = require('../configs/webpack/shared-deps.js');

/** The packages the shell and the remotes share, whose API is recorded. */
export const SURFACE = ['shared/contracts', 'shared/core', 'shared/i18n', 'shared/ui'];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
export const reportPath = (dir) => path.join(root, dir, 'api.md');

/** Entry points of a package: its `exports` map, else its `main`. */
function entryPoints(dir) {
  const pkg = readJson(path.join(root, dir, 'package.json'));
  const map = pkg.exports ?? { '.': pkg.main };
  return Object.entries(map).map(([sub, file]) => ({
    specifier: sub === '.' ? pkg.name : `${pkg.name}/${sub.replace(/^\.\//, '')}`,
    file: path.join(root, dir, file),
  }));
}

const FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.WriteArrowStyleSignature;
/** One line, and a type named by its name (`import("/abs/path").Name` → `Name`: the same on every machine). */
const oneLine = (text) => text.replace(/import\("[^"]*"\)\./g, '').replace(/\s+/g, ' ').trim();

/** The npm package a declaration comes from, or undefined for the repo's own files. */
function libraryOf(fileName) {
  const at = fileName.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const parts = fileName.slice(at + '/node_modules/'.length).split('/');
  const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  return name.startsWith('@types/') ? name.slice('@types/'.length) : name;
}

/**
 * One line per export: `kind name: type`. A name that is a value and a type gets a line for each.
 * A library's export passed on as it is reads `kind name: from <library>`: its signature is the
 * library's (its own names change between its patches), and the library's major is in the report.
 */
function describe(checker, exported) {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const name = exported.getName();
  const declaration = symbol.declarations?.[0];
  const library = declaration ? libraryOf(declaration.getSourceFile().fileName) : undefined;
  const lines = [];
  if (library) {
    const kinds = [];
    if (symbol.flags & ts.SymbolFlags.Class) kinds.push('class');
    else if (symbol.flags & ts.SymbolFlags.Function) kinds.push('function');
    else if (symbol.flags & ts.SymbolFlags.Value) kinds.push('const');
    if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias) && !(symbol.flags & ts.SymbolFlags.Class)) kinds.push(symbol.flags & ts.SymbolFlags.Interface ? 'interface' : 'type');
    return { lines: kinds.map((kind) => `${kind} ${name}: from ${library}`), library };
  }
  const str = (type) => oneLine(checker.typeToString(type, undefined, FORMAT));
  const members = (type) => {
    const parts = [];
    for (const sig of type.getCallSignatures()) parts.push(oneLine(checker.signatureToString(sig, undefined, FORMAT)));
    for (const sig of type.getConstructSignatures()) parts.push(`new ${oneLine(checker.signatureToString(sig, undefined, FORMAT))}`);
    for (const info of checker.getIndexInfosOfType(type)) parts.push(`[key: ${str(info.keyType)}]: ${str(info.type)}`);
    for (const prop of checker.getPropertiesOfType(type)) {
      const optional = prop.flags & ts.SymbolFlags.Optional ? '?' : '';
      const at = prop.valueDeclaration ?? prop.declarations?.[0];
      const readonly = at && ts.getCombinedModifierFlags(at) & ts.ModifierFlags.Readonly ? 'readonly ' : '';
      parts.push(`${readonly}${prop.getName()}${optional}: ${str(checker.getTypeOfSymbol(prop))}`);
    }
    return `{ ${parts.join('; ')} }`;
  };
  if (symbol.flags & ts.SymbolFlags.Class) {
    lines.push(`class ${name}: ${members(checker.getDeclaredTypeOfSymbol(symbol))} static ${members(checker.getTypeOfSymbol(symbol))}`);
  } else if (symbol.flags & ts.SymbolFlags.Function) {
    lines.push(`function ${name}: ${str(checker.getTypeOfSymbol(symbol))}`);
  } else if (symbol.flags & (ts.SymbolFlags.Variable | ts.SymbolFlags.Enum)) {
    lines.push(`${symbol.flags & ts.SymbolFlags.Enum ? 'enum' : 'const'} ${name}: ${str(checker.getTypeOfSymbol(symbol))}`);
  } else if (symbol.flags & ts.SymbolFlags.ValueModule) {
    lines.push(`namespace ${name}: ${members(checker.getTypeOfSymbol(symbol))}`);
  }
  if (symbol.flags & ts.SymbolFlags.Interface) {
    lines.push(`interface ${name}: ${members(checker.getDeclaredTypeOfSymbol(symbol))}`);
  } else if (symbol.flags & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const params = symbol.declarations?.find(ts.isTypeAliasDeclaration)?.typeParameters?.map((p) => p.getText()).join(', ');
    lines.push(canonical(`type ${name}${params ? `<${params}>` : ''}: ${oneLine(checker.typeToString(type, undefined, FORMAT | ts.TypeFormatFlags.InTypeAlias))}`));
  }
  if (!lines.length) lines.push(`export ${name}`);
  return { lines, library };
}

/** The packages' APIs, from one TypeScript program (the browser side's options). */
export function currentApis(dirs = SURFACE) {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'configs/tsconfig.web.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const entries = Object.fromEntries(dirs.map((dir) => [dir, entryPoints(dir)]));
  const rootNames = [...Object.values(entries).flat().map((e) => e.file), ...config.fileNames.filter((f) => f.endsWith('.d.ts') && f.includes('/configs/'))];
  const program = ts.createProgram({ rootNames, options: config.options });
  const checker = program.getTypeChecker();
  // The shared libraries; our own shared packages are not among them: each has its own version, which the shell checks.
  const surfaceLibraries = new Set(sharedPackages().filter((name) => !SHARED_SURFACE.includes(name)));
  const apis = {};
  for (const dir of dirs) {
    const pkg = readJson(path.join(root, dir, 'package.json'));
    const declared = { ...pkg.peerDependencies, ...pkg.dependencies };
    const libraries = new Set(Object.keys(declared).filter((name) => surfaceLibraries.has(name)));
    const sections = [];
    for (const entry of entries[dir]) {
      const source = program.getSourceFile(entry.file);
      const moduleSymbol = source && checker.getSymbolAtLocation(source);
      if (!moduleSymbol) throw new Error(`${entry.specifier}: ${entry.file} is not a module`);
      const lines = [];
      for (const exported of checker.getExportsOfModule(moduleSymbol)) {
        const { lines: described, library } = describe(checker, exported);
        lines.push(...described);
        if (library) libraries.add(library);
      }
      sections.push({ specifier: entry.specifier, lines: lines.sort() });
    }
    // A library re-exported without being declared counts with the version installed for the package.
    const installed = (name) => createRequire(path.join(root, dir, 'package.json'))(`${name}/package.json`).version;
    const majors = [...libraries].sort().map((name) => `${name} ${majorOfRange(declared[name] ?? installed(name))}`);
    apis[dir] = { name: pkg.name, version: pkg.version, libraries: majors, sections };
  }
  return apis;
}

function majorOfRange(range) {
  const match = /(\d+)\./.exec(range) ?? /(\d+)/.exec(range);
  if (!match) throw new Error(`cannot read a major from "${range}"`);
  return match[1];
}

/** The report's text (what api.md holds). */
export function render(api) {
  const out = [
    `# ${api.name} ${api.version}: public API`,
    '',
    'Written by `npm run api:record`, checked by `scripts/api-surface.test.mjs`: an export removed or changed needs a new',
    'major version, an export added a new minor (docs/decisions/shared-surface.md). Do not edit by hand.',
    '',
    '## Libraries in the surface (name, major)',
    '',
    '```',
    ...api.libraries,
    '```',
  ];
  for (const section of api.sections) out.push('', `## ${section.specifier}`, '', '```ts', ...section.lines, '```');
  return `${out.join('\n')}\n`;
}

/** A report read back: version, libraries, and every export keyed by entry point and name. */
export function parse(text) {
  const version = /^# \S+ (\S+): public API/m.exec(text)?.[1];
  const libraries = new Map();
  const exports = new Map();
  const entries = new Set();
  let section;
  let inBlock = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) {
      inBlock = !inBlock;
      continue;
    }
    if (!inBlock) {
      if (line.startsWith('## ')) section = line.slice(3);
      if (section && !section.startsWith('Libraries')) entries.add(section);
      continue;
    }
    if (section?.startsWith('Libraries')) {
      const [name, major] = line.split(' ');
      libraries.set(name, major);
    } else {
      const match = /^(\w+) ([\w$]+)/.exec(line);
      const kind = match && ['interface', 'type'].includes(match[1]) ? 'type' : 'value';
      exports.set(`${section} ${kind} ${match?.[2] ?? line}`, line);
    }
  }
  return { version, libraries, exports, entries };
}

/**
 * A line with a union of string literals (a type of keys) with its members sorted: the compiler writes a union in the
 * order it first met its members, which code elsewhere in the program can change without the type changing.
 */
export function canonical(line) {
  const match = /^(type [^:]+: )((?:"[^"]*"(?: \| )?)+)$/.exec(line);
  if (!match) return line;
  return match[1] + [...match[2].matchAll(/"[^"]*"/g)].map((m) => m[0]).sort().join(' | ');
}

/**
 * How the API changed from one report to another: 'major' (something removed or changed, a library's
 * major changed), 'minor' (only additions), or 'none' (a library newly listed or no longer listed at most); with the changes in words.
 */
export function compare(recordedText, currentText) {
  const before = parse(recordedText);
  const after = parse(currentText);
  const major = [];
  const minor = [];
  for (const entry of before.entries) if (!after.entries.has(entry)) major.push(`entry point ${entry} removed`);
  for (const entry of after.entries) if (!before.entries.has(entry)) minor.push(`entry point ${entry} added`);
  for (const [key, line] of before.exports) {
    if (!after.exports.has(key)) major.push(`removed: ${key}`);
    else if (canonical(after.exports.get(key)) !== canonical(line)) major.push(`changed: ${key}`);
  }
  for (const key of after.exports.keys()) if (!before.exports.has(key)) minor.push(`added: ${key}`);
  for (const [name, was] of before.libraries) {
    const now = after.libraries.get(name);
    if (now && now !== was) major.push(`${name} ${was} → ${now}`);
  }
  // A library newly listed (a dependency declared that was already used) or no longer listed changes nothing a
  // remote sees by itself: an export it brought that is gone shows as a removed export.
  const noted = [
    ...[...after.libraries].filter(([name]) => !before.libraries.has(name)).map(([name, now]) => `${name} ${now} now listed`),
    ...[...before.libraries].filter(([name]) => !after.libraries.has(name)).map(([name]) => `${name} no longer listed`),
  ];
  return { kind: major.length ? 'major' : minor.length ? 'minor' : 'none', changes: [...major, ...minor, ...noted] };
}

const parseVersion = (v) => {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(v ?? '');
  if (!match) throw new Error(`"${v}" is not a plain x.y.z version`);
  return match.slice(1).map(Number);
};

/** The lowest version a change of this kind allows after `recorded`. */
export function lowestAllowed(recorded, kind) {
  const [major, minor, patch] = parseVersion(recorded);
  if (kind === 'major') return `${major + 1}.0.0`;
  if (kind === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch}`;
}

/** Whether `version` is at least `lowest` and, for a major change, of a new major (not just any higher number). */
export function versionAllows(version, recorded, kind) {
  const [a, b, c] = parseVersion(version);
  const [x, y, z] = parseVersion(lowestAllowed(recorded, kind));
  return a !== x ? a > x : b !== y ? b > y : c >= z;
}

/** For one package: the recorded and current reports, how they differ, and whether its version allows it. */
export function checkPackage(dir, api) {
  const current = render(api);
  let recorded;
  try {
    recorded = readFileSync(reportPath(dir), 'utf8');
  } catch {
    return { dir, current, recorded: undefined, kind: 'minor', changes: ['no report recorded yet'], allowed: true };
  }
  const recordedVersion = parse(recorded).version;
  const { kind, changes } = compare(recorded, current);
  const allowed = versionAllows(api.version, recordedVersion, kind);
  return { dir, current, recorded, recordedVersion, kind, changes, allowed, needs: lowestAllowed(recordedVersion, kind) };
}

/** The reason a package's version does not fit its API change, in words. */
export function refusal(result, api) {
  return (
    `${api.name} ${api.version}: its API changed (${result.kind}) since the recorded ${result.recordedVersion}, ` +
    `so its version must be at least ${result.needs}${result.kind === 'major' ? ' (a new major)' : ''}:\n  ` +
    result.changes.join('\n  ')
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const apis = currentApis();
  let refused = false;
  for (const dir of SURFACE) {
    const result = checkPackage(dir, apis[dir]);
    if (!result.allowed) {
      refused = true;
      console.error(refusal(result, apis[dir]));
    } else if (result.current !== result.recorded) {
      writeFileSync(reportPath(dir), result.current);
      console.log(`${dir}/api.md recorded (${apis[dir].version}, ${result.kind}): ${result.changes.join('; ') || 'version only'}`);
    }
  }
  if (refused) process.exit(1);
}
