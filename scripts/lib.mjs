// Helpers shared by the root scripts (start, build, test, seed): no dependencies, Node 20 only.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const REMOTES = [
  'mfe-auth',
  'mfe-shop',
  'mfe-cart',
  'mfe-sales',
  'mfe-crm',
  'mfe-stock',
  'mfe-marketing',
  'mfe-accounting',
  'mfe-pos',
];

export function log(msg) {
  process.stdout.write(`\x1b[36m▸\x1b[0m ${msg}\n`);
}

/** Run a command, inherit stdio, throw on failure. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${res.status ?? res.signal})`);
  }
}

/** Run a command asynchronously, collecting output; resolves { code, output }. */
export function runAsync(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Run tasks with at most `limit` in flight. */
export async function pool(tasks, limit) {
  const results = [];
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** The pnpm command: the installed one, else bootstrapped through npm (npx) at the pinned version. */
export function pnpmCommand() {
  const pinned = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).packageManager; // pnpm@x.y.z
  const version = pinned.split('@')[1];
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === version) return ['pnpm'];
  if (probe.status === 0) log(`pnpm ${probe.stdout.trim()} found, using pinned pnpm ${version} through npx`);
  else log(`pnpm not found: bootstrapping pnpm ${version} through npm`);
  return ['npx', '--yes', `pnpm@${version}`];
}

export function pnpm(args, opts) {
  const [cmd, ...pre] = pnpmCommand();
  run(cmd, [...pre, ...args], opts);
}

/** Install dependencies from the lockfile (fast no-op when already installed). */
export function install() {
  log('Installing dependencies (pnpm, from the lockfile)…');
  // pnpm 12 rejects --frozen-lockfile while the lockfile lacks its packageManagerDependencies
  // block, which it never writes for this project (pnpm/pnpm#14124). --prefer-frozen-lockfile
  // installs exactly what the lockfile holds when it satisfies every package.json.
  // pnpm also resolves its own platform packages (@pnpm/exe.*) against the registry, which answers 404 now and then on
  // these machines (ERR_PNPM_BAD_CONFIG_DEP) and succeeds on the next try: a failed install is tried twice more.
  for (let attempt = 1; ; attempt++) {
    try {
      pnpm(['install', '--no-frozen-lockfile', '--prefer-frozen-lockfile']);
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
      log(`pnpm install failed (attempt ${attempt} of 3), trying again…`);
    }
  }
}

export function hasBuild() {
  return existsSync(join(ROOT, 'shell/dist/index.html')) && existsSync(join(ROOT, 'api/dist/server.js'));
}

export async function waitForHttp(url, { timeoutMs = 60000, child } = {}) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
