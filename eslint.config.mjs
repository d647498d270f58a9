// ESLint: TypeScript rules, React hooks, and the import boundaries between apps and shared packages:
// no cycles; remotes import only shared packages; shared packages import no app.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

const resolver = { 'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] };

const APPS = ['./hosts', './remotes', './services'];

/** Imported only through @vitrine/core, which re-exports the part the apps use (one instance, less weight). */
const ONE_INSTANCE = [
  { name: 'react-router', message: "Import routing from '@vitrine/core' (shared/core/src/router.ts)." },
  { name: 'react-i18next', message: "Import useTranslation/I18nextProvider from '@vitrine/core'." },
];

// Every import is declared by the package that makes it: each workspace's own package.json for its code (a shared
// package used by another app through Module Federation brings only what it declares); its tests, the scripts, configs and
// e2e, and a workspace's build configuration may also use the root's devDependencies (jest, testing-library, webpack, esbuild).
const WORKSPACES = ['shared', 'services', 'remotes', 'hosts'].flatMap((group) => readdirSync(new URL(group, import.meta.url)).map((name) => `${group}/${name}`));
/** A workspace's tests and test helpers, relative to it. */
const TEST_FILES = ['**/*.test.{ts,tsx,mjs}', '**/testing/**', '**/test-*.{ts,tsx}', 'test/**'];
/** A workspace's build configuration: the toolchain (webpack, esbuild) is the root's. */
const BUILD_FILES = ['webpack.config.js', 'build.mjs'];
const within = (dir, patterns) => patterns.map((pattern) => `${dir}/${pattern}`);
const noExtraneous = (options) => ({
  plugins: { 'import-x': importX },
  settings: resolver,
  rules: { 'import-x/no-extraneous-dependencies': ['error', { peerDependencies: true, optionalDependencies: false, ...options }] },
});
const declaredDependencies = [
  ...WORKSPACES.map((dir) => ({
    files: [`${dir}/**/*.{ts,tsx,js,mjs,cjs}`],
    ignores: within(dir, [...TEST_FILES, ...BUILD_FILES]),
    ...noExtraneous({ packageDir: [dir], devDependencies: false }),
  })),
  ...WORKSPACES.map((dir) => ({
    files: within(dir, [...TEST_FILES, ...BUILD_FILES]),
    ...noExtraneous({ packageDir: [dir, '.'], devDependencies: true }),
  })),
  {
    files: ['e2e/**/*.{ts,tsx,mjs}'],
    ...noExtraneous({ packageDir: ['e2e', '.'], devDependencies: true }),
  },
  {
    files: ['*.{js,mjs,cjs}', 'scripts/**/*.{js,mjs,cjs}', 'configs/**/*.{js,mjs,cjs,ts}'],
    ...noExtraneous({ packageDir: ['.'], devDependencies: true }),
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', '.e2e-artifacts/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { parserOptions: { ecmaVersion: 2022, sourceType: 'module' } },
    settings: resolver,
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './shared', from: APPS, message: 'Shared packages never import an app.' },
            { target: './remotes/public', from: ['./hosts', './services', './remotes/admin'], message: 'A remote imports only shared packages.' },
            { target: './remotes/admin', from: ['./hosts', './services', './remotes/public'], message: 'A remote imports only shared packages.' },
            { target: './hosts', from: ['./remotes', './services'], message: 'The shell loads remotes at run time, never imports them.' },
            { target: './services', from: ['./hosts', './remotes', './shared/core', './shared/ui', './shared/i18n'], message: 'The API imports only shared/contracts and shared/utils.' },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'crypto-js', message: "Import the modules you use ('crypto-js/aes.js'): the whole library costs 62 KiB." },
            ...ONE_INSTANCE,
          ],
          patterns: [{ group: ['@vitrine/*/src/*', '!@vitrine/ui/src/styles.css'], message: 'Import a shared package by its name, not its files.' }],
        },
      ],
    },
  },
  {
    // antd only in the admin screens that bring it on demand: never in the public pages, the shell, the shared packages,
    // nor the admin chrome and dashboard, the first screen after signing in (docs/decisions/admin-weight.md).
    files: [
      'remotes/public/**/*.{ts,tsx}',
      'hosts/shell/src/**/*.{ts,tsx}',
      'shared/{ui,core,utils,i18n}/**/*.{ts,tsx}',
      'remotes/admin/src/layout/**/*.{ts,tsx}',
      'remotes/admin/src/features/dashboard/**/*.{ts,tsx}',
      'remotes/admin/src/features/message-received/components/unread-badge.tsx',
      'remotes/admin/src/lib/lazy-part.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'antd', message: 'Only the admin screens that bring it load antd (docs/decisions/ui-without-antd-on-public.md, admin-weight.md).' },
            { name: 'crypto-js', message: "Import the modules you use ('crypto-js/aes.js')." },
            ...ONE_INSTANCE,
          ],
          patterns: [{ group: ['antd/*', '@ant-design/*'], message: 'Only the admin screens that bring it load antd.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/testing/**', '**/test-*.{ts,tsx}', 'e2e/**', 'services/api/test/**', 'shared/core/src/router.ts', 'shared/core/src/react-i18n.ts', 'shared/core/src/i18n.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'no-restricted-imports': 'off' },
  },
  {
    // The shell's server build (Node only): the static router comes from react-router itself, which is one
    // package in Node for both it and @vitrine/core (docs/decisions/server-rendering.md).
    files: ['hosts/shell/src/server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  ...declaredDependencies,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
