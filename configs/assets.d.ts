// Side-effect stylesheet imports (handled by css-loader/style-loader in webpack, mocked in jest).
declare module '*.css';

/** Set by webpack's DefinePlugin: an identifier of the build (BUILD_ID env, else the build time). */
declare const __BUILD_ID__: string;
