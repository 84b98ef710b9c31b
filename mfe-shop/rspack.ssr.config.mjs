// Server bundle of the first paint (src/ssr/first-paint.tsx → dist-server/first-paint.cjs): a CommonJS module for
// Node with React, react-dom/server, the router and i18next bundled in, loaded by the gateway. Not federated: it runs
// in the gateway's process, never in a browser, so it is built beside dist/, outside the folder the gateway serves.
// Built after the remote (`pnpm build`).
import { resolve } from 'node:path';
import { commonConfig } from '../tooling/rspack/common.mjs';

export default () => {
  const base = commonConfig({ mode: 'production', pkgDir: import.meta.dirname });
  return {
    ...base,
    target: 'node20',
    devtool: false,
    entry: { 'first-paint': './src/ssr/first-paint.tsx' },
    output: { path: resolve(import.meta.dirname, 'dist-server'), filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    optimization: { minimize: false, splitChunks: false },
  };
};
