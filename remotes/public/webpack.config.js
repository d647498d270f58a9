const { createConfig, createServerConfig } = require('../../configs/webpack/create-config');

const browser = createConfig({
  name: 'public_remote',
  dir: __dirname,
  port: 3001,
  exposes: { './pages': './src/pages.ts' },
  // Server-rendered pages link their stylesheets in the HTML: no style injected by script, no shift.
  extractCss: true,
});
const server = createServerConfig({ dir: __dirname, entry: './src/server.ts', filename: 'pages.js', externals: 'shared' });

// The browser build (Module Federation remote) and, but for the dev server, the server build public pages are rendered with.
module.exports = (env, argv) => (env.WEBPACK_SERVE ? browser(env, argv) : [browser(env, argv), server(env, argv)]);
