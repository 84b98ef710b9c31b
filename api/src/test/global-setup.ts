import crypto from 'node:crypto';
import { migrateDb, openPostgres } from '../platform/db/client';
import { seedDemo } from '../seed/demo';
import { createDatabase, databaseUrl, TEMPLATE_ENV } from './test-db';

/**
 * Jest's global setup of the api project (run once, before the workers, only when an api test is selected): the two
 * template databases every test file copies (test-db.ts), on the server of TEST_DATABASE_URL. Without a server the
 * tests use PGlite and nothing is prepared. The names reach the workers through the environment.
 */
export default async function globalSetup(): Promise<void> {
  const baseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!baseUrl) return;
  const run = `${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  const migrated = `wz_tpl_${run}_migrated`;
  const seeded = `wz_tpl_${run}_seeded`;

  await createDatabase(baseUrl, migrated);
  const m = await openPostgres(databaseUrl(baseUrl, migrated));
  try {
    await migrateDb(m);
  } finally {
    await m.close();
  }

  await createDatabase(baseUrl, seeded, migrated);
  const s = await openPostgres(databaseUrl(baseUrl, seeded));
  try {
    await seedDemo(s.db, undefined, { NODE_ENV: 'test' });
  } finally {
    await s.close();
  }
  process.env[TEMPLATE_ENV.migrated] = migrated;
  process.env[TEMPLATE_ENV.seeded] = seeded;
}
