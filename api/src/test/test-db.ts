import crypto from 'node:crypto';
import { Client } from 'pg';
import { migrateDb, openPglite, openPostgres, type DbHandle } from '../platform/db/client';

/**
 * The template databases of a Jest run (global-setup.ts): migrated, and migrated with the demo data. A test file's
 * database is copied from one of them (CREATE DATABASE … TEMPLATE, well under a second) instead of being migrated and
 * seeded again (about 15 s of the demo seed per file on these machines).
 */
export const TEMPLATE_ENV = { migrated: 'WZ_TEST_TEMPLATE_MIGRATED', seeded: 'WZ_TEST_TEMPLATE_SEEDED' } as const;

export type TestDbHandle = DbHandle & {
  name: string;
  /** holds the demo data already (copied from the seeded template) */ seeded: boolean;
};

function adminUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
}

async function admin<T>(baseUrl: string, body: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await body(c);
  } finally {
    await c.end();
  }
}

/** CREATE DATABASE `name` (from `template` when given), retried while another session still holds the template. */
export async function createDatabase(baseUrl: string, name: string, template?: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin(baseUrl, (c) => c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
      return;
    } catch (err) {
      // 55006: "source database … is being accessed by other users" (a copy finishing its connection)
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh, migrated database for one test file:
 * - TEST_DATABASE_URL (or DATABASE_URL) set → CREATE DATABASE wz_test_<random> on that server, copied from the run's
 *   template (with the demo data when `seeded` is asked and the template exists), dropped again by close();
 * - otherwise an in-memory PGlite.
 */
export async function createTestDb(opts: { seeded?: boolean } = {}): Promise<TestDbHandle> {
  const baseUrl = adminUrl();
  if (!baseUrl) {
    const handle = await openPglite();
    await migrateDb(handle);
    return { ...handle, name: 'pglite:memory', seeded: false };
  }
  const name = `wz_test_${crypto.randomBytes(6).toString('hex')}`;
  const seededTemplate = opts.seeded ? process.env[TEMPLATE_ENV.seeded] : undefined;
  const template = seededTemplate ?? process.env[TEMPLATE_ENV.migrated];
  await createDatabase(baseUrl, name, template);
  const handle = await openPostgres(databaseUrl(baseUrl, name));
  if (!template) await migrateDb(handle);
  return {
    ...handle,
    name,
    seeded: !!seededTemplate,
    async close() {
      await handle.close();
      await dropDatabase(baseUrl, name);
    },
  };
}
