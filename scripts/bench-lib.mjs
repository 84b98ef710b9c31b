// Helpers of the benchmark scripts (bench:shop, bench:api): free ports, child processes stopped at exit,
// throwaway PostgreSQL databases, the api started on a fresh database with the demo seed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';

/** autocannon (a root dev dependency) and pg's Client (the api's), as every bench loads them. */
export const autocannon = createRequire(path.join(ROOT, 'package.json'))('autocannon');
export const { Client: PgClient } = createRequire(path.join(ROOT, 'api', 'package.json'))('pg');

const children = [];
const dirs = [];
const drops = [];

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A child process killed when the bench exits. */
export function startChild(cmd, args, env, cwd) {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

export async function waitFor(url, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timeout waiting for ${url}`);
}

/** A fresh PostgreSQL database on the server of `adminUrl` (dropped at exit unless BENCH_KEEP_DB), or null when it cannot be created. */
export function freshPostgres(adminUrl) {
  const admin = new URL(adminUrl);
  const name = `wz_bench_${Date.now()}_${process.pid}_${drops.length}`;
  const psql = (sql) =>
    spawnSync(
      'psql',
      [
        '-h',
        admin.hostname,
        '-p',
        admin.port || '5432',
        '-U',
        decodeURIComponent(admin.username || 'postgres'),
        '-d',
        admin.pathname.slice(1) || 'postgres',
        '-q',
        '-c',
        sql,
      ],
      { stdio: 'ignore' },
    );
  if (psql(`CREATE DATABASE ${name}`).status !== 0) return null;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // BENCH_KEEP_DB=1 keeps the database for EXPLAIN ANALYZE afterwards (drop it by hand)
  if (process.env.BENCH_KEEP_DB) console.log(`database kept: ${url}`);
  else drops.push(() => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return url.toString();
}

/** The built api (api/dist) on a free port, demo seed plus `extra` generated wines, on `databaseUrl` or a fresh PGlite. */
export async function startApi(extra, databaseUrl = '', env = {}) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wz-bench-'));
  dirs.push(dir);
  const child = startChild(
    'node',
    ['dist/server.js'],
    {
      PORT: String(port),
      DATA_DIR: dir,
      SEED_DEMO: '1',
      NODE_ENV: 'development',
      SEED_CATALOG_EXTRA: String(extra),
      DATABASE_URL: databaseUrl,
      ...env,
    },
    path.join(ROOT, 'api'),
  );
  await waitFor(`http://127.0.0.1:${port}/v1/health`, 300_000);
  return { port, child };
}

export function cleanup() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs.length = 0;
  while (drops.length) drops.pop()();
}
process.on('exit', cleanup);
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

/** A JSON answer, or an error naming the url and status. */
export async function json(res) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A JWT of the demo's owner (Domaine de Démo), logged in through the api at `base` (…/v1). */
export async function ownerToken(base) {
  const { jwt } = await json(
    await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.test', password: 'Owner1234' }),
    }),
  );
  return jwt;
}

/**
 * Loads each list endpoint with autocannon (a warm-up of 200 requests, then `seconds` at `connections`) and prints
 * one row per endpoint: req/s, p50, p99, errors and whether p99 ≤ `goalMs` without error.
 */
export async function benchLists(autocannon, base, headers, cases, { connections, seconds, goalMs = 50 }) {
  for (const c of cases) await json(await fetch(`${base}${c.path}`, { headers }));
  console.log(`api on PostgreSQL, ${connections} connections, ${seconds} s each, loopback, ${os.cpus().length} cores`);
  const rows = [];
  for (const c of cases) {
    await autocannon({ url: `${base}${c.path}`, headers, connections, amount: 200 });
    const r = await autocannon({ url: `${base}${c.path}`, headers, connections, duration: seconds });
    const errors = r.errors + r.non2xx + r.timeouts;
    rows.push({
      endpoint: c.label,
      'req/s': Math.round(r.requests.average),
      p50: `${r.latency.p50} ms`,
      p99: `${r.latency.p99} ms`,
      errors,
      [`p99 ≤ ${goalMs} ms`]: r.latency.p99 <= goalMs && !errors ? 'yes' : 'no',
    });
  }
  console.table(rows);
}
