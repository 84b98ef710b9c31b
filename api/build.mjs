// Bundles src/server.ts (and the seed CLI) into dist/ with esbuild. shared-kernel
// source is bundled in; every npm dependency stays external. The drizzle
// migrations are copied to dist/drizzle, where the bundle looks for them.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((d) => d !== 'shared-kernel');

const dist = path.join(dir, 'dist');
fs.rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: {
    server: path.join(dir, 'src/server.ts'),
    seed: path.join(dir, 'src/seed/run.ts'),
    'pos-verify': path.join(dir, 'src/modules/pos/verify-cli.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});

fs.cpSync(path.join(dir, 'drizzle'), path.join(dist, 'drizzle'), { recursive: true });
console.log('api built → dist/server.js, dist/seed.js, dist/pos-verify.js, dist/drizzle/');
