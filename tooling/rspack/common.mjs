// Rules shared by the shell and every remote: TypeScript/TSX through rspack's builtin SWC.
import rspack from '@rspack/core';

export function commonConfig({ mode, pkgDir }) {
  const isProd = mode === 'production';
  return {
    mode,
    context: pkgDir,
    devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.(t|j)sx?$/,
          // workspace packages (shared-kernel) are symlinked source: compile them too
          exclude: /node_modules[\\/](?!shared-kernel)/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProd } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
        { test: /\.(png|jpe?g|webp|svg|gif)$/, type: 'asset/resource' },
      ],
    },
    experiments: { css: true },
    output: {
      clean: true,
      filename: isProd ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
      chunkFilename: isProd ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
      assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
      cssFilename: 'static/css/[name].[contenthash:10].css',
      cssChunkFilename: 'static/css/[name].[contenthash:10].css',
    },
    optimization: { minimize: isProd },
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) })],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
