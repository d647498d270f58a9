// One webpack + Module Federation config for the shell and both remotes.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { DefinePlugin } = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDeps, providedSurface, sharedPackages } = require('./shared-deps');

const root = path.join(__dirname, '../..');

/** Our TypeScript, for every build (browser, server, starter): types are checked by `npm run typecheck`. */
const TYPESCRIPT = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(root, 'configs/tsconfig.web.json') } },
};

/** Brotli (quality 11) and gzip (level 9) copies of every text asset, for the server's pre-compressed mode. */
function precompress() {
  const test = /\.(js|css|html|json|svg|txt)$/;
  return [
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
      threshold: 1024,
      minRatio: 0.9,
    }),
    new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test,
      compressionOptions: { level: 9 },
      threshold: 1024,
      minRatio: 0.9,
    }),
  ];
}

/**
 * @param {object} o
 * @param {string} o.name          container name (never a reserved word: `public_remote`, not `public`)
 * @param {string} o.dir           package folder
 * @param {number} o.port          dev-server port
 * @param {Record<string,string>} [o.exposes]
 * @param {boolean} [o.host]       the shell: fixed publicPath '/', html entry, runtime plugins
 * @param {boolean} [o.extractCss] a remote whose pages are server-rendered: stylesheets as files (the shell always)
 * @param {string[]} [o.runtimePlugins]
 * @param {(app: any) => void} [o.devMiddleware]
 */
function createConfig(o) {
  return (_env, argv) => {
    const prod = argv.mode !== 'development';
    const extractCss = prod && (o.host || o.extractCss);
    return {
      mode: prod ? 'production' : 'development',
      context: o.dir,
      entry: { main: './src/index.ts' },
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(o.dir, 'dist'),
        // MF: hash only chunkFilename; the entry and remoteEntry keep stable names (no-cache headers).
        filename: '[name].js',
        chunkFilename: prod ? '[name].[contenthash:10].js' : '[name].js',
        publicPath: o.host ? '/' : 'auto',
        uniqueName: o.name,
        // dist/server/ is the server build's (createServerConfig), start.js the shell's starter
        // (createStarterConfig), emitted by the same run.
        clean: { keep: /^(server[\\/]|start\.js)/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        alias: prod
          ? { 'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs') }
          : {},
      },
      module: {
        rules: [
          TYPESCRIPT,
          // Production CSS of the shell and of server-rendered remotes is stylesheets of their own (parsed in
          // parallel, linked by the server's HTML, never JS to run); the admin remote keeps style-loader.
          { test: /\.css$/, use: [extractCss ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
          { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
        ],
      },
      plugins: [
        new DefinePlugin({
          __BUILD_ID__: JSON.stringify(process.env.BUILD_ID || new Date().toISOString()),
          // The shell checks each remote's manifest against what it provides (hosts/shell/src/federation/compatibility.ts).
          ...(o.host ? { __SHARED_SURFACE__: JSON.stringify(providedSurface()) } : {}),
        }),
        new ModuleFederationPlugin({
          name: o.name,
          filename: 'remoteEntry.js',
          exposes: o.exposes ?? {},
          remotes: {},
          shared: sharedDeps(o.dir),
          manifest: true,
          dts: false,
          // Never initialise every remote to negotiate shared versions: a page loads only the remote it needs,
          // and a remote that is down cannot delay another one's pages.
          shareStrategy: 'loaded-first',
          runtimePlugins: o.runtimePlugins ?? [],
          experiments: { optimization: o.host ? { target: 'web' } : { target: 'web', disableSnapshot: true, disableRemote: true } },
        }),
        ...(extractCss ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css', ignoreOrder: !o.host })] : []),
        new HtmlWebpackPlugin({
          template: path.join(o.dir, 'src/index.html'),
          publicPath: '/',
          chunks: ['main'],
        }),
        ...(prod ? precompress() : []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        // A server-rendered remote's styles are one stylesheet, which the server links in every page it renders.
        ...(extractCss && !o.host
          ? { splitChunks: { cacheGroups: { styles: { name: 'styles', type: 'css/mini-extract', chunks: 'all', enforce: true } } } }
          : {}),
      },

      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: o.port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        setupMiddlewares: (middlewares, server) => {
          if (o.devMiddleware) o.devMiddleware(server.app);
          return middlewares;
        },
      },
    };
  };
}

/**
 * The server build of an app (docs/decisions/server-rendering.md): the same TypeScript for Node,
 * one CommonJS file in dist/server/, no CSS (the browser build has it). What it imports but does
 * not bundle is required at run time:
 * - the shell (`externals: 'packages'`) leaves every npm package to Node (one copy per process);
 * - a remote (`externals: 'shared'`) leaves out exactly the shared singletons of Module Federation,
 *   which the server hands it from the shell's server build, so both render with one React, one
 *   router and one i18n instance, as they do in the browser.
 * @param {object} o
 * @param {string} o.dir      package folder
 * @param {string} o.entry    server entry (e.g. './src/server.ts')
 * @param {string} o.filename output file name in dist/server/
 * @param {"packages"|"shared"} o.externals
 * @param {object[]} [o.replace] plugins that swap browser-only modules for their server versions
 */
function createServerConfig(o) {
  return (_env, argv) => {
    const prod = argv.mode !== 'development';
    const shared = sharedPackages();
    const isShared = (request) => shared.some((name) => request === name || request.startsWith(`${name}/`));
    const isPackage = (request) => !request.startsWith('.') && !path.isAbsolute(request) && !request.startsWith('@vitrine/');
    return {
      name: 'server',
      mode: prod ? 'production' : 'development',
      context: o.dir,
      target: 'node20',
      entry: { [o.filename.replace(/\.js$/, '')]: o.entry },
      devtool: false,
      output: {
        path: path.join(o.dir, 'dist/server'),
        filename: '[name].js',
        library: { type: 'commonjs2' },
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
      externalsType: 'commonjs',
      externals: [
        ({ request }, callback) => {
          if (request && (o.externals === 'shared' ? isShared(request) : isPackage(request))) return callback(null, request);
          return callback();
        },
      ],
      module: {
        rules: [
          TYPESCRIPT,
          // Styles are the browser build's: on the server a stylesheet import is an empty module.
          { test: /\.css$/, use: path.join(__dirname, 'empty-loader.js') },
          { test: /\.(svg|png|jpe?g|webp|woff2?)$/, type: 'asset/inline' },
        ],
      },
      plugins: [
        new DefinePlugin({ __BUILD_ID__: JSON.stringify(process.env.BUILD_ID || new Date().toISOString()), __SHARED_SURFACE__: JSON.stringify(providedSurface()) }),
        // One file: the server loads it by path (dynamic imports are inlined).
        new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 }),
        ...(o.replace ?? []),
      ],
      optimization: { minimize: false, moduleIds: 'deterministic' },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}

/**
 * The shell's starter (hosts/shell/src/start/start.ts): one small script, no Module Federation, no chunks,
 * written beside the entry as `start.js` (revalidated by ETag like it). A server-rendered page runs only this
 * during its load (docs/decisions/server-rendering.md, "Starting on intent").
 * @param {object} o
 * @param {string} o.dir   package folder
 * @param {string} o.entry the starter's source
 */
function createStarterConfig(o) {
  return (_env, argv) => ({
    name: 'starter',
    mode: argv.mode !== 'development' ? 'production' : 'development',
    context: o.dir,
    target: ['web', 'es2020'],
    entry: { start: o.entry },
    devtool: false,
    output: { path: path.join(o.dir, 'dist'), filename: '[name].js', clean: false, iife: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        TYPESCRIPT,
      ],
    },
    plugins: argv.mode !== 'development' ? precompress() : [],
    performance: { hints: false },
    stats: 'errors-warnings',
  });
}

module.exports = { createConfig, createServerConfig, createStarterConfig, root };
