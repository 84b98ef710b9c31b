// Every query of the shop imports' own tables, and the reads of the platform's tables the module needs.
import { and, count, desc, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { documentsToDownload, jobs, shops, users, type ShopRow } from '../../platform/db/tables';
import type { ListQuery } from '../../platform/list-query';
import { shopImportChanges, shopImports, type ShopImportEntity, type ShopImportRow, type ShopImportStatus } from './shop-data.tables';
import type { ChangeRecord, ShopRowError } from './shop-data.types';

export async function findShop(db: DbOrTx, shopId: number): Promise<ShopRow | undefined> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  return row;
}

export async function insertImport(db: DbOrTx, values: typeof shopImports.$inferInsert): Promise<ShopImportRow> {
  const [row] = await db.insert(shopImports).values(values).returning();
  return row;
}

export async function findImport(db: DbOrTx, shopId: number, id: number, lock = false): Promise<ShopImportRow | undefined> {
  const q = db
    .select()
    .from(shopImports)
    .where(and(eq(shopImports.shopId, shopId), eq(shopImports.id, id)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The import a job works on, locked (the batches of one import never overlap, even when a job is taken again). */
export async function lockImport(db: DbOrTx, id: number): Promise<ShopImportRow | undefined> {
  const [row] = await db.select().from(shopImports).where(eq(shopImports.id, id)).for('update');
  return row;
}

export async function updateImport(db: DbOrTx, id: number, values: Partial<typeof shopImports.$inferInsert>): Promise<ShopImportRow> {
  const [row] = await db.update(shopImports).set(values).where(eq(shopImports.id, id)).returning();
  return row;
}

/** Adds the errors of a batch to an import's (in SQL: the stored list is not read back). */
export async function appendErrors(db: DbOrTx, id: number, errors: ShopRowError[]): Promise<void> {
  if (!errors.length) return;
  await db
    .update(shopImports)
    .set({ errors: sql`${shopImports.errors} || ${JSON.stringify(errors)}::jsonb` })
    .where(eq(shopImports.id, id));
}

/** One batch of an import's stored units (the first stored row is the import's meta). */
export async function unitsOf(db: DbOrTx, id: number, offset: number, limit: number): Promise<unknown[]> {
  const [row] = await db
    .select({
      units: sql<
        unknown[]
      >`coalesce((select jsonb_agg(e order by n) from jsonb_array_elements(${shopImports.rows}) with ordinality as t(e, n)
        where n > ${offset + 1} and n <= ${offset + 1 + limit}), '[]'::jsonb)`,
    })
    .from(shopImports)
    .where(eq(shopImports.id, id));
  return row?.units ?? [];
}

export async function metaOf(db: DbOrTx, id: number): Promise<unknown> {
  const [row] = await db
    .select({ meta: sql<unknown>`${shopImports.rows} -> 0` })
    .from(shopImports)
    .where(eq(shopImports.id, id));
  return row?.meta;
}

export type ImportListRow = { row: ShopImportRow; author: string | null };

const author = sql<string | null>`nullif(trim(coalesce(${users.firstname}, '') || ' ' || coalesce(${users.lastname}, '')), '')`;

export async function listImports(
  db: DbOrTx,
  shopId: number,
  q: ListQuery<'createdAt', { status?: ShopImportStatus; entity?: ShopImportEntity }>,
): Promise<{ rows: ImportListRow[]; total: number }> {
  const conds: SQL[] = [eq(shopImports.shopId, shopId)];
  if (q.filters.status) conds.push(eq(shopImports.status, q.filters.status));
  if (q.filters.entity) conds.push(eq(shopImports.entity, q.filters.entity));
  const where = and(...conds);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(shopImports).where(where),
    db
      .select({
        row: shopImports,
        author: sql<string | null>`coalesce(${author}, ${users.username})`,
      })
      .from(shopImports)
      .leftJoin(users, eq(users.id, shopImports.userId))
      .where(where)
      .orderBy(q.sort.direction === 'asc' ? asc(shopImports.createdAt) : desc(shopImports.createdAt), desc(shopImports.id))
      .limit(q.pageSize)
      .offset(q.offset),
  ]);
  return { rows, total: Number(n) };
}

export async function authorOf(db: DbOrTx, userId: number | null): Promise<string | null> {
  if (!userId) return null;
  const [u] = await db
    .select({ name: sql<string | null>`coalesce(${author}, ${users.username})` })
    .from(users)
    .where(eq(users.id, userId));
  return u?.name ?? null;
}

export async function recordChanges(db: DbOrTx, importId: number, changes: ChangeRecord[]): Promise<void> {
  if (!changes.length) return;
  await db
    .insert(shopImportChanges)
    .values(changes.map((c) => ({ importId, entity: c.entity, entityId: c.entityId, action: c.action, before: c.before })));
}

/** What an import did, oldest first (revert undoes it newest first). */
export async function changesOf(db: DbOrTx, importId: number) {
  return db.select().from(shopImportChanges).where(eq(shopImportChanges.importId, importId)).orderBy(asc(shopImportChanges.id));
}

/** The objects of one kind an import created or changed so far. */
export async function changedIds(db: DbOrTx, importId: number, entity: string): Promise<number[]> {
  const rows = await db
    .select({ id: shopImportChanges.entityId })
    .from(shopImportChanges)
    .where(and(eq(shopImportChanges.importId, importId), eq(shopImportChanges.entity, entity)));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- exports (jobs of kind 'shop-export')

export const SHOP_EXPORT_JOB = 'shop-export';

/** An export of the shop: its job (the export's id is the job's). */
export async function findExportJob(db: DbOrTx, shopId: number, id: number) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.kind, SHOP_EXPORT_JOB), sql`(${jobs.payload}->>'shopId')::int = ${shopId}`));
  return row;
}

/** The shop's export still waiting or running, if any. */
export async function runningExport(db: DbOrTx, shopId: number) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, SHOP_EXPORT_JOB),
        sql`${jobs.status} in ('pending', 'running')`,
        sql`(${jobs.payload}->>'shopId')::int = ${shopId}`,
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  return row;
}

/** The export job of that id, whatever its shop (a signed link names it). */
export async function findAnyExportJob(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.kind, SHOP_EXPORT_JOB)));
  return row;
}

/**
 * documents_to_download: one row per export (a job run again does not add a second: the rows of a user whose URL
 * starts with `prefix` are looked for under a lock of that prefix).
 */
export async function addDocumentOnce(
  db: DbOrTx,
  userId: number,
  prefix: string,
  insert: (tx: DbOrTx, url: string) => Promise<void>,
  url: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${prefix}))`);
    const [already] = await tx
      .select({ id: documentsToDownload.id })
      .from(documentsToDownload)
      .where(and(eq(documentsToDownload.userId, userId), sql`starts_with(${documentsToDownload.url}, ${prefix})`))
      .limit(1);
    if (!already) await insert(tx, url);
  });
}
