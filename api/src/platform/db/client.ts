import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** A Drizzle handle over either node-postgres or PGlite (same query API). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/** Finds the drizzle migrations folder: MIGRATIONS_DIR, next to the bundle, or api/drizzle in the source tree. */
export function resolveMigrationsFolder(): string {
  const candidates = [
    process.env.MIGRATIONS_DIR,
    path.join(__dirname, 'drizzle'), // dist/server.js → dist/drizzle
    path.resolve(__dirname, '..', 'drizzle'),
    path.resolve(__dirname, '..', '..', '..', 'drizzle'), // src/platform/db → api/drizzle
  ].filter((p): p is string => Boolean(p));
  for (const dir of candidates) {
    if (fs.existsSync(path.join(dir, 'meta', '_journal.json'))) return dir;
  }
  throw new Error(`Drizzle migrations folder not found (looked in ${candidates.join(', ')})`);
}

export async function openPostgres(url: string): Promise<DbHandle> {
  const pool = new Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX || 10) });
  // An idle client killed by the server (restart, failover, DROP DATABASE … FORCE) emits 'error' on the
  // pool; without a listener that crashes the process. pg drops the client; the next query opens another.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL idle client error: ${err.message}`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

let artifacts: { pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: Blob } | undefined;

/**
 * PGlite's own loader reads its wasm and data files with a dynamic `import('fs/promises')`,
 * which Jest's CommonJS sandbox refuses. Loading them here (once) works everywhere.
 */
async function pgliteArtifacts() {
  if (!artifacts) {
    const distDir = path.dirname(require.resolve('@electric-sql/pglite'));
    const read = (f: string) => fs.readFileSync(path.join(distDir, f));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      WebAssembly.compile(read('pglite.wasm')),
      WebAssembly.compile(read('initdb.wasm')),
    ]);
    artifacts = { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([read('pglite.data')]) };
  }
  return artifacts;
}

/** Embedded PGlite; dataDir undefined = in memory. */
export async function openPglite(dataDir?: string): Promise<DbHandle> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const options = await pgliteArtifacts();
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...options });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function migrateDb(handle: DbHandle, migrationsFolder = resolveMigrationsFolder()): Promise<void> {
  if (handle.kind === 'postgres') {
    await migratePg(handle.db as never, { migrationsFolder });
  } else {
    await migratePglite(handle.db as never, { migrationsFolder });
  }
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DbHandle> {
  const handle = opts.databaseUrl ? await openPostgres(opts.databaseUrl) : await openPglite(opts.dataDir);
  try {
    await migrateDb(handle);
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
  return handle;
}

export async function pingDb(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
