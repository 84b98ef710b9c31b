/* `npm run seed`: migrates the configured database and inserts the demo data (never in production). */
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';
import { createLogger } from '../platform/logger';
import { assertSeedAllowed, seedDemo } from './demo';

async function main(): Promise<void> {
  try {
    assertSeedAllowed();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'silent' ? 'info' : config.logLevel);
  const handle = await openDatabase(config);
  try {
    const seeded = await seedDemo(handle.db, logger);
    logger.info({ seeded, database: handle.kind === 'pglite' ? config.dataDir : 'postgres' }, 'seed finished');
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
