// Build config of the shell (Module Federation host). Remotes are registered at runtime
// from /remotes.json, so none is listed here.
import { resolve } from 'node:path';
import rspack from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { commonConfig } from './common.mjs';
import { sharedConfig } from './shared.mjs';

// What every page runs before it can paint anything: in the shell's first chunk (eager) rather than fetched one
// after the other once main.js has run, which costs a round trip each on a phone network.
const EAGER = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'zustand',
  // not i18next: only the chrome layouts load it (shared-kernel/i18next); public pages never download it
  'shared-kernel/router',
  'shared-kernel/runtime',
  'shared-kernel/i18n',
];
function eagerCore(shared) {
  for (const key of EAGER) if (shared[key]) shared[key] = { ...shared[key], eager: true };
  return shared;
}

export function hostConfig({ pkgDir, port = 3001, apiTarget = 'http://127.0.0.1:3000' }) {
  return (env, argv) => {
    const mode = argv.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production');
    const base = commonConfig({ mode, pkgDir });
    return {
      ...base,
      entry: { main: './src/index.ts' },
      output: { ...base.output, path: resolve(pkgDir, 'dist'), publicPath: '/', uniqueName: 'shell' },
      plugins: [
        ...base.plugins,
        // loaded-first: resolving a shared module never downloads every remote's entry to compare
        // versions (version-first would fetch all nine remoteEntry.js on the first shared import).
        new ModuleFederationPlugin({
          name: 'shell',
          remotes: {},
          dts: false,
          shareStrategy: 'loaded-first',
          shared: eagerCore(sharedConfig(pkgDir)),
          // remotes are built with externalRuntime: they use this runtime core instead of bundling their own
          experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
        }),
        new rspack.HtmlRspackPlugin({ template: './index.html', minify: mode === 'production' }),
        new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.', noErrorOnMissing: true }] }),
      ],
      devServer: {
        port,
        historyApiFallback: true,
        // in development the gateway (npm start) serves /v1, /remotes.json and the built remotes
        proxy: [{ context: ['/v1', '/remotes.json', '/apps', '/version.json'], target: apiTarget }],
      },
    };
  };
}
