/**
 * Demo team (issue 13). Idempotent and fast; never keeps the app from starting.
 */
import type { Db } from '../platform/db/client';
import type { Logger } from '../platform/logger';

export async function seedTeam(db: Db, logger?: Logger): Promise<void> {
  try {
    await seed(db);
  } catch (err) {
    logger?.error({ err }, 'seedTeam failed: no demo team data');
  }
}

async function seed(_db: Db): Promise<void> {
  // filled by the team module's work
}
