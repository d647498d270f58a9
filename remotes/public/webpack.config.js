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

/**
 * The newsletter sign-up is in the footer of every page and in the pages' own sections (home, post, blog): in a
 * chunk of its own, a first load fetches it once instead of in the footer's chunk and again in the page's
 * (≈ 1.4 KiB gzip of every public first load; docs/performance.md).
 */
function withNewsletterChunk(config) {
  const groups = config.optimization.splitChunks?.cacheGroups ?? {};
  config.optimization.splitChunks = {
    ...config.optimization.splitChunks,
    cacheGroups: {
      ...groups,
      newsletter: {
        test: /[\\/]src[\\/](components[\\/](newsletter-signup|trap-field|notice)|lib[\\/]form)\.tsx?$/,
        name: 'newsletter',
        chunks: 'async',
        enforce: true,
      },
    },
  };
  return config;
}

// The browser build (Module Federation remote) and, but for the dev server, the server build public pages are rendered with.
module.exports = (env, argv) => {
  const config = withNewsletterChunk(browser(env, argv));
  return env.WEBPACK_SERVE ? config : [config, server(env, argv)];
};
