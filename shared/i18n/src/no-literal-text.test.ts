/**
 * Every user-visible text comes from the locale files: this test parses the components and modules of
 * the shell, both remotes and the shared UI packages and fails on text written in them instead — JSX text with a
 * letter in it, and string literals given to props or object keys that people read (title, placeholder,
 * aria-label, okText…). Strings that look like i18n keys ('users.confirm.activateTitle') are what they should be.
 * The few literals that are not words of any language are listed below with the reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');
const SOURCES = ['hosts', 'remotes', 'shared'];
/** The API's English messages (the screens translate them by code) and the texts themselves. */
const SKIPPED_PACKAGES = new Set(['shared/contracts', 'shared/i18n']);
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'testing', 'locales']);

/** Props and object keys whose string value people read or hear. */
const READ_BY_PEOPLE = new Set([
  'title',
  'placeholder',
  'alt',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'label',
  'okText',
  'cancelText',
  'description',
  'message',
  'tooltip',
  'emptyText',
  'addonBefore',
  'addonAfter',
  'extra',
  'content',
  'subTitle',
  'helperText',
]);

/** `file: text` pairs that are not words to translate. */
const ALLOWED = new Map<string, string>([
  ['hosts/shell/src/layouts/admin-frame.tsx: Vitrine', 'the product name'],
  ['remotes/admin/src/layout/admin-layout.tsx: Vitrine', 'the product name'],
  ['hosts/shell/src/layouts/main-layout.tsx: Vitrine', 'the product name'],
  ['remotes/admin/src/features/settings/components/site-form.tsx: https://', 'a URL scheme'],
  ['remotes/admin/src/features/settings-whatsapp/components/color-field.tsx: #25d366', 'a colour code'],
  ['remotes/admin/src/features/settings-whatsapp/components/whatsapp-page.tsx: Aa', 'a type specimen beside a colour'],
  ['remotes/public/src/features/playground/feedback-sections.tsx: AS', 'the initials of the sample person in a specimen'],
  ['remotes/public/src/features/playground/feedback-sections.tsx: Ana Souza', 'a sample person’s name in a specimen'],
]);

const LOOKS_LIKE_KEY = /^[\w-]+(?::[\w-]+)?(?:\.[\w-]+)+$/;
const HAS_LETTER = /\p{L}/u;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) yield full;
  }
}

function literalValue(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return literalValue(node.expression);
  return undefined;
}

function literalTexts(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { line: number; text: string }[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.trim();
    if (HAS_LETTER.test(trimmed) && !LOOKS_LIKE_KEY.test(trimmed)) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: trimmed });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && READ_BY_PEOPLE.has(node.name.getText())) {
      const value = literalValue(node.initializer);
      if (value !== undefined) report(node, value);
    } else if (ts.isPropertyAssignment(node) && READ_BY_PEOPLE.has(node.name.getText().replace(/^['"]|['"]$/g, ''))) {
      const value = literalValue(node.initializer);
      if (value !== undefined) report(node, value);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('user-visible text', () => {
  it('is never written in a component: it comes from the locale files', () => {
    const offenders: string[] = [];
    const allowedSeen = new Set<string>();
    for (const group of SOURCES) {
      for (const pkg of fs.readdirSync(path.join(ROOT, group))) {
        const src = path.join(ROOT, group, pkg, 'src');
        if (SKIPPED_PACKAGES.has(`${group}/${pkg}`) || !fs.existsSync(src)) continue;
        for (const file of sourceFiles(src)) {
          const relative = path.relative(ROOT, file);
          for (const { line, text } of literalTexts(file)) {
            const key = `${relative}: ${text}`;
            if (ALLOWED.has(key)) allowedSeen.add(key);
            else offenders.push(`${relative}:${line} ${JSON.stringify(text)}`);
          }
        }
      }
    }
    expect(offenders).toEqual([]);
    // An allowance nobody needs any more goes too.
    expect([...ALLOWED.keys()].filter((key) => !allowedSeen.has(key))).toEqual([]);
  });
});
