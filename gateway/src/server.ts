import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const app = createApp(config, { logger: log });

  // Load the registry (and fetch the routes of separately deployed remotes) before listening,
  // so the first /remotes.json is complete. A failure here is logged, not fatal.
  await app.registry.get().catch((err: unknown) => log.error({ err }, 'registry not loaded at start'));

  const server = app.listen(config.port, config.host, () => {
    log.info({ port: config.port, host: config.host, api: config.apiUrl, root: config.rootDir }, 'gateway listening');
    console.log(`Gateway ready: http://localhost:${config.port}`);
  });
  server.on('error', (err) => {
    log.fatal({ err }, 'cannot listen');
    process.exit(1);
  });
  // keep-alive sockets longer than a typical load balancer idle timeout
  server.keepAliveTimeout = 65_000;

  process.on('SIGHUP', () => app.registry.reload());

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    // close() stops accepting and (Node ≥ 19) closes idle keep-alive sockets; in-flight
    // requests finish, then the callback runs.
    server.close((err) => {
      if (err) log.error({ err }, 'close failed');
      log.info('gateway stopped');
      process.exit(err ? 1 : 0);
    });
    // keep-alive sockets become idle once their in-flight request is answered: close them then
    setInterval(() => server.closeIdleConnections(), 250).unref();
    setTimeout(() => {
      log.warn('in-flight requests still open after grace period: closing them');
      server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((err: unknown) => {
  console.error('gateway failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
