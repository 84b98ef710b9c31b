import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Client, Pool, type PoolClient } from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createChangeFeed, registerChangeFeed, type ChangeFeed } from './change-feed';

/**
 * A Drizzle handle over either node-postgres or PGlite (same query API). No relational schema is attached (the api
 * writes its queries with the query builder), so the handle depends on no table file: `schema.ts` is drizzle-kit's.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** An open transaction (`db.transaction(async (tx) => …)`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What repositories take: the database or a transaction of it (a transaction is a Db with rollback()). */
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** writes of this process and committed changes of every process (see change-feed.ts) */
  changes: ChangeFeed;
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

/**
 * A broken connection (server restart, failover, pg_terminate_backend, network cut): the statement did not run
 * to completion on that connection, and another connection may succeed.
 */
export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && (/^(57P0[123]|08\d{3})$/.test(e.code) || ['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ETIMEDOUT'].includes(e.code)))
    return true;
  return /Connection terminated|connection error|Client has encountered a connection error|not queryable/i.test(e.message ?? '');
}

/**
 * Statements safe to run again after a broken connection: reads (a SELECT, a WITH or a parenthesised union that
 * writes nothing), and the BEGIN that opens a transaction.
 */
const READ_START = /^\s*(\(\s*)*(select|with|show)\b/i;
const WRITES = /\b(insert|update|delete|merge|truncate|nextval|setval|pg_advisory\w*|notify)\b/i;
export const isRetryableStatement = (text: string): boolean => /^\s*begin\b/i.test(text) || (READ_START.test(text) && !WRITES.test(text));
const sqlOf = (config: unknown): string => (typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? ''));

/**
 * The first statement on a checked-out client is retried once on a fresh connection when the one it got was
 * broken (drizzle's transaction opens with BEGIN outside its try/finally: without this a dead client leaks).
 */
function resilientClient(first: PoolClient, acquire: () => Promise<PoolClient>, retries: number): PoolClient {
  let client = first;
  let fresh = true;
  return new Proxy(first, {
    get(_target, prop) {
      if (prop === 'query') {
        return async (...args: unknown[]) => {
          if (!fresh || typeof args[args.length - 1] === 'function')
            return (client.query.bind(client) as (...a: unknown[]) => Promise<unknown>)(...args);
          fresh = false;
          for (let attempt = 1; ; attempt++) {
            try {
              return await (client.query.bind(client) as (...a: unknown[]) => Promise<unknown>)(...args);
            } catch (err) {
              if (attempt >= retries || !isConnectionError(err) || !isRetryableStatement(sqlOf(args[0]))) throw err;
              client.release(err as Error);
              client = await acquire();
            }
          }
        };
      }
      if (prop === 'release') return (err?: Error | boolean) => client.release(err);
      const v = (client as unknown as Record<PropertyKey, unknown>)[prop];
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(client) : v;
    },
  });
}

export async function openPostgres(url: string): Promise<DbHandle> {
  const max = Number(process.env.PG_POOL_MAX || 10);
  const pool = new Pool({ connectionString: url, max });
  // Every idle connection may be broken at once, and the pool may hand each of them out before it notices: a failed
  // attempt destroys its connection (release with the error), so after `max` failures the next one is fresh.
  const retries = max + 2;
  // An idle client killed by the server (restart, failover, DROP DATABASE … FORCE) emits 'error' on the
  // pool; without a listener that crashes the process. pg drops the client; the next query opens another.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL idle client error: ${err.message}`);
  });
  // A client can still be handed out in the instant between the server closing it and pg noticing: reads
  // (and a transaction's BEGIN) that meet a broken connection run once more on a fresh one, so a database
  // restart costs no user an error page. Writes are not retried: they may have run.
  const rawQuery = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = async (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return rawQuery(...args);
    for (let attempt = 1; ; attempt++) {
      try {
        return await rawQuery(...args);
      } catch (err) {
        if (attempt >= retries || !isConnectionError(err) || !isRetryableStatement(sqlOf(args[0]))) throw err;
      }
    }
  };
  const rawConnect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  (pool as unknown as { connect: unknown }).connect = (cb?: unknown) => {
    if (typeof cb === 'function') return (rawConnect as unknown as (c: unknown) => void)(cb);
    return rawConnect().then((c) => resilientClient(c, rawConnect, retries));
  };
  const changes = createChangeFeed({ listen: (channel, onPayload, onState) => listenPostgres(url, channel, onPayload, onState) });
  const db = drizzlePg(pool, { logger: changes.logger });
  registerChangeFeed(db, changes);
  return {
    db,
    kind: 'postgres',
    changes,
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to queries). When it breaks, `onState(false)` (some
 * notifications may be missed) and it reconnects with a growing delay; `onState(true)` once it listens again.
 */
function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onState: (up: boolean) => void,
): Promise<() => Promise<void>> {
  let client: Client | null = null;
  let closed = false;
  let delay = 200;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString: url });
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload) onPayload(m.payload);
    });
    c.on('error', () => {
      /* 'end' follows */
    });
    c.on('end', () => {
      if (closed || client !== c) return;
      client = null;
      onState(false);
      schedule();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = 200;
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      connect().then(
        () => onState(true),
        () => {
          delay = Math.min(delay * 2, 10_000);
          schedule();
        },
      );
    }, delay);
    timer.unref();
  };
  const stop = async () => {
    closed = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
  // the database may be down when the api starts: keep trying (nothing is cached meanwhile)
  return connect().then(
    () => {
      onState(true);
      return stop;
    },
    () => {
      schedule();
      return stop;
    },
  );
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
  // pg_trgm: the trigram indexes of the lists' searches (migration 0020)
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...options, extensions: { pg_trgm } });
  await client.waitReady;
  const changes = createChangeFeed({
    listen: async (channel, onPayload, onState) => {
      const stop = await client.listen(channel, onPayload);
      onState(true);
      return async () => {
        await stop();
      };
    },
  });
  const db = drizzlePglite(client, { logger: changes.logger });
  registerChangeFeed(db, changes);
  return {
    db,
    kind: 'pglite',
    changes,
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
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
