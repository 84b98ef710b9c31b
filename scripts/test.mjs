// `npm test`: the whole suite — typecheck, lint and format, unit + component + api + gateway tests (Jest),
// production build, then the e2e suite in Debian's Chromium against the composed product.
import { join } from 'node:path';
import { ROOT, REMOTES, install, log, run, runAsync, pool } from './lib.mjs';
import { buildAll } from './build.mjs';

const PACKAGES = ['shared-kernel', 'shell', ...REMOTES, 'api', 'gateway'];
const only = process.argv.slice(2); // e.g. `npm test -- lint`, `npm test -- unit` or `npm test -- e2e`
const want = (stage) => only.length === 0 || only.includes(stage);
const started = Date.now();

install();

if (want('typecheck')) {
  log('Type-checking every package (tsc --noEmit, strict)…');
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const results = await pool(
    PACKAGES.map((pkg) => async () => ({
      pkg,
      ...(await runAsync(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit'], { cwd: join(ROOT, pkg) })),
    })),
    2,
  );
  const failed = results.filter((r) => r.code !== 0);
  for (const r of failed) process.stderr.write(`\n✖ ${r.pkg}:\n${r.output}\n`);
  if (failed.length) process.exit(1);
}

if (want('lint')) {
  log('Lint (ESLint: typescript-eslint, React hooks, import boundaries) and format (Prettier)…');
  run(process.execPath, [join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--max-warnings=0', '.']);
  run(process.execPath, [join(ROOT, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.']);
}

if (want('unit')) {
  log('Unit, component, api and gateway tests (Jest)…');
  run(process.execPath, [join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', '--maxWorkers=2'], { env: { LOG_LEVEL: 'silent' } });
}

if (want('e2e')) {
  await buildAll();
  log('End-to-end tests in Chromium (Playwright)…');
  run(process.execPath, [join(ROOT, 'e2e/node_modules/@playwright/test/cli.js'), 'test'], { cwd: join(ROOT, 'e2e') });
}

log(`All tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
