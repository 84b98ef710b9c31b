// Rules shared by the shell and every remote: TypeScript/TSX through rspack's builtin SWC.
import rspack from '@rspack/core';
import CompressionPlugin from 'compression-webpack-plugin';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * react-router 7 points every bundler condition at its development build (warnings, dev-only checks: ≈ 15 KB brotli
 * more in the shell's first chunk). A production build takes its production build instead.
 */
function reactRouterProduction(pkgDir) {
  try {
    const req = createRequire(join(pkgDir, 'package.json'));
    const dir = dirname(req.resolve('react-router/package.json'));
    return { 'react-router$': join(dir, 'dist/production/index.mjs') };
  } catch {
    return {}; // a package without react-router
  }
}

/**
 * Production assets are also written brotli-compressed at the highest quality (`.br` beside each file), once, at
 * build time: ≈ 15 % smaller than what a server compresses on the fly (quality 4). The gateway serves them
 * (express-static-gzip) to browsers that accept br; others get the file compressed on the fly as before.
 */
const brotli = () =>
  new CompressionPlugin({
    filename: '[path][base].br',
    algorithm: 'brotliCompress',
    test: /\.(js|css|json|html|svg)$/,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    threshold: 1024,
    minRatio: 0.9,
  });

export function commonConfig({ mode, pkgDir }) {
  const isProd = mode === 'production';
  return {
    mode,
    context: pkgDir,
    devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      alias: isProd ? reactRouterProduction(pkgDir) : {},
    },
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
    plugins: [new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }), ...(isProd ? [brotli()] : [])],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
