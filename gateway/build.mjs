// Bundles the gateway into one file: dist/server.js (CommonJS, node20).
// npm dependencies of the gateway stay external (installed beside it); shared-kernel
// (workspace source) is bundled in.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
// shared-kernel is workspace TypeScript source: bundle it (and keep every npm dependency external)
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => d !== 'shared-kernel');

const started = Date.now();
await build({
  absWorkingDir: here,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  external,
  logLevel: 'warning',
  legalComments: 'none',
});
console.log(`gateway: dist/server.js built in ${Date.now() - started} ms`);
