// Production build of every package: the nine remotes and the shell (rspack), api and gateway (esbuild).
import { ROOT, REMOTES, log, runAsync, pool } from './lib.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function buildAll() {
  const started = Date.now();
  const rspack = join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
  const tasks = [
    ...['shell', ...REMOTES].map(
      (pkg) => () =>
        step(pkg, process.execPath, [rspack, 'build', '--mode', 'production'])
          // mfe-shop also builds the server render of its shop pages (the gateway's first paint) into dist-server/ (beside dist/: never served)
          .then((r) =>
            r.code === 0 && pkg === 'mfe-shop'
              ? step('mfe-shop (ssr)', process.execPath, [rspack, 'build', '-c', 'rspack.ssr.config.mjs'], 'mfe-shop')
              : r,
          ),
    ),
    () => step('api', process.execPath, ['build.mjs']),
    () => step('gateway', process.execPath, ['build.mjs']),
  ];
  const results = await pool(tasks, 3);
  const failed = results.filter((r) => r.code !== 0);
  for (const r of failed) process.stderr.write(`\n✖ ${r.pkg} build failed:\n${r.output}\n`);
  if (failed.length) throw new Error(`build failed: ${failed.map((r) => r.pkg).join(', ')}`);
  log(`Built ${results.length} packages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function step(pkg, cmd, args, dir = pkg) {
  const t = Date.now();
  const res = await runAsync(cmd, args, { cwd: join(ROOT, dir), env: { NODE_ENV: 'production' } });
  if (res.code === 0) log(`${pkg} built (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  return { pkg, ...res };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildAll().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
