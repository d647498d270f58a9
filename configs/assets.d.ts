// Side-effect stylesheet imports (handled by css-loader/style-loader in webpack, mocked in jest).
declare module '*.css';

/** Set by webpack's DefinePlugin: an identifier of the build (BUILD_ID env, else the build time). */
declare const __BUILD_ID__: string;
/** Set by DefinePlugin in the shell only: the version of each shared-surface package it provides. */
declare const __SHARED_SURFACE__: Record<string, string> | undefined;
