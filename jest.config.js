/** One jest run, one project per side (jsdom for components, node for the API and utils). */
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];
const common = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(typebox)/)'],
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/configs/jest/style-mock.js',
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
  },
};
module.exports = {
  // A bound that catches a test that hangs, not a speed check: no test here waits on the clock (fake timers and
  // injected clocks do), so a busy machine makes a test slower, never wrong. jest reads testTimeout only at the top
  // (a project's own is ignored); a suite that builds an app or a database in its hooks gives those hooks their own.
  testTimeout: 120_000,
  projects: [
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/configs/jest/setup-web.ts'],
      testMatch: ['<rootDir>/{shared,hosts,remotes}/*/src/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      // swc compiles for jest: the ESM-only typebox, content-disposition (@fastify/static 10) and cookie (light-my-request), and PGlite's
      // CJS build (its dynamic import() of node builtins needs --experimental-vm-modules otherwise), and the ESM-only
      // pg-boss with serialize-error and non-error.
      transform: { ...common.transform, '^.+\\.cjs$': swc },
      transformIgnorePatterns: ['/node_modules/(?!(typebox|content-disposition|@fastify/static/node_modules/content-disposition|light-my-request/node_modules/cookie|cookie|@electric-sql/pglite|pg-boss|serialize-error|non-error)/)'],
      testMatch: ['<rootDir>/services/*/test/**/*.test.ts'],
    },
  ],
};
