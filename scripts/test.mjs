// `npm test`: the whole suite — typecheck, lint and format, unit + component + api + gateway tests (Jest),
// production build, then the e2e suite in Debian's Chromium against the composed product.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, REMOTES, install, log, run, runAsync, pool } from './lib.mjs';
import { buildAll } from './build.mjs';

const PACKAGES = ['shared-kernel', 'shell', ...REMOTES, 'api', 'gateway'];
const only = process.argv.slice(2); // e.g. `npm test -- lint`, `npm test -- unit` or `npm test -- e2e`
const want = (stage) => only.length === 0 || only.includes(stage);
const started = Date.now();
const stages = [];
/** Runs one stage and keeps its duration for the summary printed at the end. */
async function stage(name, body) {
  const t0 = Date.now();
  await body();
  stages.push([name, Date.now() - t0]);
}

await stage('install', () => install());

/**
 * The static checks, two at a time (these machines have two cores, each check uses one): the browser packages and the
 * api type-checked as one program (tsconfig.typecheck.json: shared-kernel's sources are checked once, not once per
 * package that imports them), the gateway as its own program (it must not see the DOM's types), ESLint, Prettier.
 */
function staticChecks() {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const checks = [];
  if (want('typecheck')) {
    const combined = JSON.parse(readFileSync(join(ROOT, 'tsconfig.typecheck.json'), 'utf8')).include;
    const missing = PACKAGES.filter((p) => p !== 'gateway' && !combined.includes(`${p}/src`));
    if (missing.length) {
      process.stderr.write(`\n✖ tsconfig.typecheck.json does not include ${missing.join(', ')}\n`);
      process.exit(1);
    }
    checks.push(
      { name: 'typecheck (all but the gateway)', args: [tsc, '-p', 'tsconfig.typecheck.json', '--noEmit'] },
      { name: 'typecheck (gateway)', args: [tsc, '-p', 'gateway/tsconfig.json', '--noEmit'] },
    );
  }
  if (want('lint'))
    checks.push(
      { name: 'ESLint', args: [join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--max-warnings=0', '.'] },
      { name: 'Prettier', args: [join(ROOT, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.'] },
    );
  return checks;
}

const checks = staticChecks();
if (checks.length)
  await stage(want('lint') && want('typecheck') ? 'typecheck+lint' : want('lint') ? 'lint' : 'typecheck', async () => {
    log(`Static checks, two at a time: ${checks.map((c) => c.name).join(', ')}…`);
    const results = await pool(
      checks.map((c) => async () => ({ name: c.name, ...(await runAsync(process.execPath, c.args, { cwd: ROOT })) })),
      2,
    );
    const failed = results.filter((r) => r.code !== 0);
    for (const r of failed) process.stderr.write(`\n✖ ${r.name}:\n${r.output}\n`);
    if (failed.length) process.exit(1);
  });

if (want('unit'))
  await stage('jest', () => {
    log('Unit, component, api and gateway tests (Jest)…');
    run(process.execPath, [join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', '--maxWorkers=2'], { env: { LOG_LEVEL: 'silent' } });
  });

if (want('e2e')) {
  await stage('build', () => buildAll());
  await stage('e2e', () => e2e());
}

/**
 * The e2e suite in E2E_SHARDS Playwright processes at once (2 by default: these machines have two cores), each with its
 * own composed product (api, gateway, fresh database, mail folder) on its own ports, so no test sees another's data.
 * Each shard's lines are prefixed with its number; the stage fails if one shard fails.
 */
async function e2e() {
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
  log(`End-to-end tests in Chromium (Playwright, ${shards} shard${shards > 1 ? 's' : ''} in parallel)…`);
  const cli = join(ROOT, 'e2e/node_modules/@playwright/test/cli.js');
  const codes = await Promise.all(
    Array.from({ length: shards }, (_, i) => {
      const args = [cli, 'test', ...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : [])];
      const env = { ...process.env, E2E_PORT: String(3300 + 10 * i), E2E_API_PORT: String(4300 + 10 * i) };
      return new Promise((resolve) => {
        const child = spawn(process.execPath, args, { cwd: join(ROOT, 'e2e'), env });
        const prefix = shards > 1 ? `[e2e ${i + 1}/${shards}] ` : '';
        for (const [from, to] of [
          [child.stdout, process.stdout],
          [child.stderr, process.stderr],
        ]) {
          let rest = '';
          from.on('data', (d) => {
            const lines = (rest + d).split('\n');
            rest = lines.pop();
            for (const line of lines) to.write(`${prefix}${line}\n`);
          });
          from.on('end', () => rest && to.write(`${prefix}${rest}\n`));
        }
        child.on('close', (code) => resolve(code));
      });
    }),
  );
  if (codes.some((c) => c !== 0)) throw new Error(`e2e failed (shards exited with ${codes.join(', ')})`);
}

for (const [name, ms] of stages) log(`${name.padEnd(10)} ${(ms / 1000).toFixed(0).padStart(5)} s`);
log(`All tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
