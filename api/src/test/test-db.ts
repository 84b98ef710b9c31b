import crypto from 'node:crypto';
import { Client } from 'pg';
import { migrateDb, openPglite, openPostgres, type DbHandle } from '../platform/db/client';

/**
 * A fresh, migrated database for one test file:
 * - TEST_DATABASE_URL (or DATABASE_URL) set → CREATE DATABASE wz_test_<random> on that
 *   server, dropped again by close();
 * - otherwise an in-memory PGlite.
 */
export async function createTestDb(): Promise<DbHandle & { name: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!baseUrl) {
    const handle = await openPglite();
    await migrateDb(handle);
    return { ...handle, name: 'pglite:memory' };
  }
  const name = `wz_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  await migrateDb(handle);
  return {
    ...handle,
    name,
    async close() {
      await handle.close();
      const c = new Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
