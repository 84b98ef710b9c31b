import { dropDatabase, TEMPLATE_ENV } from './test-db';

/** Drops the run's template databases (global-setup.ts). */
export default async function globalTeardown(): Promise<void> {
  const baseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!baseUrl) return;
  for (const key of [TEMPLATE_ENV.seeded, TEMPLATE_ENV.migrated]) {
    const name = process.env[key];
    if (name) await dropDatabase(baseUrl, name);
  }
}
