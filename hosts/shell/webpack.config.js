const path = require('node:path');
const { NormalModuleReplacementPlugin } = require('webpack');
const { createConfig, createServerConfig, createStarterConfig } = require('../../configs/webpack/create-config');

// Dev: the shell's dev server answers /remotes.json with the remotes' dev servers
// and forwards the API to `npm run dev -w @vitrine/api` (scripts/dev.mjs starts all).
const devRemotes = {
  apiBaseUrl: '/api',
  remotes: {
    public_remote: 'http://localhost:3001/mf-manifest.json',
    admin_remote: 'http://localhost:3002/mf-manifest.json',
  },
};

const config = createConfig({
  name: 'shell',
  dir: __dirname,
  port: 8080,
  host: true,
  runtimePlugins: [path.join(__dirname, 'src/federation/runtime-plugin.ts')],
  devMiddleware: (app) => app.get('/remotes.json', (_req, res) => res.json(devRemotes)),
});

// The server build public pages are rendered with: the same routes and layouts; the remotes are
// the server builds the server hands it (federation/remotes.server.ts) instead of Module Federation.
const server = createServerConfig({
  dir: __dirname,
  entry: './src/server/render.tsx',
  filename: 'render.js',
  externals: 'packages',
  replace: [new NormalModuleReplacementPlugin(/^(\.\.\/federation|\.)\/remotes$/, (resource) => {
    resource.request = resource.request.replace(/remotes$/, 'remotes.server');
  })],
});

// What a server-rendered page runs during its load instead of main.js (src/start/start.ts).
const starter = createStarterConfig({ dir: __dirname, entry: './src/start/start.ts' });

module.exports = (env, argv) => {
  const cfg = config(env, argv);
  cfg.devServer.proxy = [{ context: ['/api', '/uploads'], target: `http://localhost:${process.env.API_PORT ?? 3000}` }];
  return env.WEBPACK_SERVE ? cfg : [cfg, server(env, argv), starter(env, argv)];
};
