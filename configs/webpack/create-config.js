// One webpack + Module Federation config for the shell and both remotes.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { DefinePlugin } = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDeps, providedSurface } = require('./shared-deps');

const root = path.join(__dirname, '../..');

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
 * @param {string[]} [o.runtimePlugins]
 * @param {(app: any) => void} [o.devMiddleware]
 */
function createConfig(o) {
  return (_env, argv) => {
    const prod = argv.mode !== 'development';
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
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        alias: prod
          ? { 'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs') }
          : {},
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'ts-loader',
              options: { transpileOnly: true, configFile: path.join(root, 'configs/tsconfig.web.json') },
            },
          },
          // The shell's production CSS is a stylesheet of its own (parsed in parallel, never JS to
          // run); remotes keep style-loader so a remote stays one JS entry for any host.
          { test: /\.css$/, use: [o.host && prod ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
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
        ...(o.host && prod ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' })] : []),
        new HtmlWebpackPlugin({
          template: path.join(o.dir, 'src/index.html'),
          publicPath: '/',
          chunks: ['main'],
        }),
        ...(prod ? precompress() : []),
      ],
      optimization: { moduleIds: 'deterministic' },

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

module.exports = { createConfig, root };
