/**
 * Demo analytics (issue 13). Idempotent and fast; never keeps the app from starting.
 */
import type { Db } from '../platform/db/client';
import type { Logger } from '../platform/logger';

export async function seedAnalytics(db: Db, logger?: Logger): Promise<void> {
  try {
    await seed(db);
  } catch (err) {
    logger?.error({ err }, 'seedAnalytics failed: no demo analytics data');
  }
}

async function seed(_db: Db): Promise<void> {
  // filled by the analytics module's work
}
