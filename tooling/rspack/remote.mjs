// Build config of a remote (mfe-*): exposes ./routes and ./module, writes dist/routes.json
// (the route metadata, plus the dashboard widgets' and the settings sections' metadata when src/routes.ts exports
// `widgets` / `settingsSections`: what the gateway serves in /remotes.json without running remote code).
import { resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { commonConfig } from './common.mjs';
import { sharedConfig } from './shared.mjs';

class EmitRoutesPlugin {
  constructor(routesFile) {
    this.routesFile = routesFile;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EmitRoutesPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'EmitRoutesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const mod = await tsImport(this.routesFile + `?t=${Date.now()}`, import.meta.url);
          const routes = mod.default?.default ?? mod.default ?? mod.routes;
          if (!Array.isArray(routes)) throw new Error(`${this.routesFile} must default-export a RouteMeta[]`);
          // dashboard widgets (named export `widgets`: WidgetMeta[]), when the remote contributes any
          const widgets = mod.widgets ?? mod.default?.widgets;
          if (widgets !== undefined && !Array.isArray(widgets)) throw new Error(`${this.routesFile}: 'widgets' must be a WidgetMeta[]`);
          // settings sections (named export `settingsSections`: SettingsSectionMeta[]), when the remote lends any
          const settingsSections = mod.settingsSections ?? mod.default?.settingsSections;
          if (settingsSections !== undefined && !Array.isArray(settingsSections))
            throw new Error(`${this.routesFile}: 'settingsSections' must be a SettingsSectionMeta[]`);
          const meta = {
            routes,
            ...(widgets?.length ? { widgets } : {}),
            ...(settingsSections?.length ? { settingsSections } : {}),
          };
          // a remote contributing nothing but routes keeps the bare array older gateways read
          const json = JSON.stringify(Object.keys(meta).length > 1 ? meta : routes, null, 2);
          compilation.emitAsset('routes.json', new compiler.webpack.sources.RawSource(json));
        },
      );
    });
  }
}

/**
 * @param {{ name: string, pkgDir: string, port?: number, exposes?: Record<string,string> }} opts
 */
export function remoteConfig({ name, pkgDir, port = 3100, exposes = {} }) {
  return (env, argv) => {
    const mode = argv.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production');
    const base = commonConfig({ mode, pkgDir });
    return {
      ...base,
      entry: {},
      output: { ...base.output, path: resolve(pkgDir, 'dist'), publicPath: 'auto', uniqueName: name },
      plugins: [
        ...base.plugins,
        new ModuleFederationPlugin({
          name: name.replace(/-/g, '_'),
          filename: 'remoteEntry.js',
          manifest: true,
          shareStrategy: 'loaded-first',
          dts: false,
          // the host provides the MF runtime core (host.mjs provideExternalRuntime): no copy in every remoteEntry
          experiments: { externalRuntime: true, optimization: { target: 'web' } },
          exposes: { './routes': './src/routes.ts', './module': './src/module.tsx', ...exposes },
          shared: sharedConfig(pkgDir),
        }),
        new EmitRoutesPlugin(resolve(pkgDir, 'src/routes.ts')),
      ],
      devServer: {
        port,
        headers: { 'Access-Control-Allow-Origin': '*' },
        hot: false,
      },
    };
  };
}
