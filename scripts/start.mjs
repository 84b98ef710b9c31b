// `npm start`: install, build for production, start the api (embedded PGlite in ./.data unless
// DATABASE_URL is set; demo data seeded on first start) and the gateway on http://localhost:3000.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, install, log, waitForHttp } from './lib.mjs';
import { buildAll } from './build.mjs';

const PORT = process.env.PORT ?? '3000';
const API_PORT = process.env.API_PORT ?? '4000';
const started = Date.now();

install();
await buildAll();

const env = {
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? join(ROOT, '.data/pglite'),
  SEED_DEMO: process.env.SEED_DEMO ?? '1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
};
const children = [];
function start(name, script, extraEnv) {
  const child = spawn(process.execPath, [script], { cwd: join(ROOT, name), env: { ...env, ...extraEnv }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`${name} stopped (${code ?? signal}); stopping everything.`);
      shutdown(1);
    }
  });
  children.push(child);
  return child;
}

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() => process.exit(code));
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

log(process.env.DATABASE_URL ? 'Database: PostgreSQL from DATABASE_URL' : `Database: embedded PGlite in ${env.DATA_DIR}`);
const api = start('api', 'dist/server.js', { PORT: API_PORT, HOST: '127.0.0.1' });
await waitForHttp(`http://127.0.0.1:${API_PORT}/v1/health`, { timeoutMs: 120000, child: api });
const gateway = start('gateway', 'dist/server.js', { PORT, API_URL: `http://127.0.0.1:${API_PORT}` });
await waitForHttp(`http://127.0.0.1:${PORT}/healthz`, { timeoutMs: 30000, child: gateway });

log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(
  `\n  Wineriz is running at \x1b[1mhttp://localhost:${PORT}\x1b[0m\n  Demo accounts: see README.md (owner@demo.test / Owner1234, buyer@demo.test / Buyer1234, …)\n`,
);
