import type { Server } from 'node:http';
import { createApp } from './app';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { resolveJwtSecret } from './platform/auth/jwt';
import { createLogger } from './platform/logger';
import { createJobWorker, jobWorkerEnv, mailJobHandler } from './platform/jobs';
import { mailerFor } from './modules/accounts';
import { countUsers, seedDemo } from './seed/demo';
import { POS_STOCK_JOB, posStockJobHandler } from './modules/pos';
import { shopDataJobHandlers } from './modules/shop-data';
import { campaignJobHandlers } from './modules/campaigns';
import { keepConnectionsLongerThanClients } from './platform/keep-alive';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const started = Date.now();
  const handle = await openDatabase(config);
  logger.info(
    { database: handle.kind, dataDir: handle.kind === 'pglite' ? config.dataDir : undefined, ms: Date.now() - started },
    'database ready (migrated)',
  );

  if (config.seedDemo) {
    if (config.nodeEnv === 'production') logger.warn('SEED_DEMO ignored: NODE_ENV=production');
    else if ((await countUsers(handle.db)) === 0) await seedDemo(handle.db, logger);
  }

  const jwtSecret = resolveJwtSecret(config);
  const app = createApp({ db: handle.db, config, logger, jwtSecret });
  const server: Server = app.listen(config.port, config.host, () => {
    logger.info({ url: `http://${config.host}:${config.port}` }, 'api listening');
  });
  keepConnectionsLongerThanClients(server);

  // Background jobs (mails…): polled, and nudged in-process right after an enqueue. JOBS_WORKER=0 → none here.
  const jobsEnv = jobWorkerEnv();
  const worker = createJobWorker({
    db: handle.db,
    logger: logger.child({ component: 'jobs' }),
    ...jobsEnv.options,
    handlers: {
      mail: mailJobHandler(mailerFor(config, logger)),
      [POS_STOCK_JOB]: posStockJobHandler(handle.db),
      ...shopDataJobHandlers({ db: handle.db, config, jwtSecret, logger }),
      ...campaignJobHandlers({ db: handle.db, config, jwtSecret, logger }),
    },
  });
  if (jobsEnv.enabled) worker.start();
  else logger.info('job worker disabled (JOBS_WORKER=0)');

  server.on('error', (err) => {
    logger.fatal({ err }, 'server error');
    process.exit(1);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('forced shutdown after 10 s');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(() => {
      worker
        .stop()
        .catch((err) => logger.error({ err }, 'error stopping the job worker'))
        .then(() => handle.close())
        .catch((err) => logger.error({ err }, 'error closing database'))
        .finally(() => {
          logger.info('bye');
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('api failed to start:', err);
  process.exit(1);
});
