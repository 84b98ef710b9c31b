import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startPayPalFake } from '../../api/src/modules/payments/fakes/paypal-fake.test-support';
import { startFakeUps } from '../../api/src/modules/shipping/fake-ups.test-support';
import { PAYPAL_ACCOUNTS } from './fakes';

const ROOT = resolve(__dirname, '../..');
const PORT = Number(process.env.E2E_PORT ?? 3300);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4300);

async function waitFor(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

/** A fresh database per run: a new PostgreSQL database when TEST_DATABASE_URL is set, else a temp PGlite dir. */
function freshDatabase(): { env: Record<string, string>; cleanup: () => void } {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `wz_e2e_${Date.now()}_${process.pid}`;
    const adminUrl = new URL(admin);
    // psql talks to the admin database; the api gets a URL naming the new one
    const psql = (sql: string) =>
      spawnSync(
        'psql',
        [
          '-h',
          adminUrl.hostname,
          '-p',
          adminUrl.port || '5432',
          '-U',
          decodeURIComponent(adminUrl.username || 'postgres'),
          '-d',
          adminUrl.pathname.slice(1) || 'postgres',
          '-v',
          'ON_ERROR_STOP=1',
          '-c',
          sql,
        ],
        { stdio: 'inherit' },
      );
    if (psql(`CREATE DATABASE ${name}`).status === 0) {
      const url = new URL(admin);
      url.pathname = `/${name}`;
      return { env: { DATABASE_URL: url.toString() }, cleanup: () => void psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
    }
    console.warn('e2e: could not create a PostgreSQL database, falling back to PGlite');
  }
  const dir = mkdtempSync(join(tmpdir(), 'wz-e2e-'));
  return { env: { DATA_DIR: dir }, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export default async function globalSetup() {
  const db = freshDatabase();
  // the providers' fakes first: the api reads their addresses when it starts; the tests read them from the environment
  const paypal = await startPayPalFake(Object.values(PAYPAL_ACCOUNTS));
  const ups = await startFakeUps();
  process.env.E2E_PAYPAL_URL = paypal.url;
  process.env.E2E_UPS_URL = ups.url;
  const common = { ...process.env, ...db.env, LOG_LEVEL: 'warn', NODE_ENV: 'test' } as NodeJS.ProcessEnv;
  delete common.TEST_DATABASE_URL;
  const api = spawn(process.execPath, ['dist/server.js'], {
    cwd: join(ROOT, 'api'),
    env: {
      ...common,
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      SEED_DEMO: '1',
      LOGIN_RATE_LIMIT_MAX: '1000',
      MAIL_DIR: join(tmpdir(), `wz-e2e-mail-${API_PORT}`),
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      PAYPAL_API_BASE: paypal.url,
      UPS_TEST_URL: ups.url,
      UPS_PRODUCTION_URL: ups.url,
    },
    stdio: 'inherit',
  });
  await waitFor(`http://127.0.0.1:${API_PORT}/v1/health`, api);
  const gateway = spawn(process.execPath, ['dist/server.js'], {
    cwd: join(ROOT, 'gateway'),
    env: { ...common, PORT: String(PORT), HOST: '127.0.0.1', API_URL: `http://127.0.0.1:${API_PORT}` },
    stdio: 'inherit',
  });
  await waitFor(`http://127.0.0.1:${PORT}/healthz`, gateway);

  return async () => {
    for (const child of [gateway, api]) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    }
    db.cleanup();
    await Promise.all([paypal.close(), ups.close()]);
  };
}
