import { promises as fs } from 'node:fs';
import path from 'node:path';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  CLIENT_IMPORT_MESSAGES as M,
  type ClientImport,
  type ClientImportLine,
  type ClientImportReport,
  type ClientImportUpload,
  type Paginated,
} from 'shared-kernel/contracts';
import type { Db, DbOrTx } from '../../platform/db/client';
import { users, type ShopRow } from '../../platform/db/tables';
import { HttpError, notFound } from '../../platform/errors';
import { applyImport, byLine, planImport, revertImport, type ChangeRecord, type RowError } from '../../platform/imports';
import { paginated, type ListQuery } from '../../platform/list-query';
import { orders } from '../orders';
import { clientImports, crmClients, type ClientImportRow, type CrmClientRow } from './clients.tables';
import { clientCode, codePrefixOf, type CrmCaller } from './crm.service';
import * as repo from './crm.repository';
import { clientsImport, type ClientImportCtx, type ClientSource, type Mapping } from './imports.entity';
import { parseClientFile, suggestMapping } from './imports.parse';

/**
 * Client imports, run through the shared import stages (platform/imports; the rows: imports.entity.ts). The parsed
 * rows of an upload are kept as a JSON file under DATA_DIR/client-imports (`<shop>-<import>.json`, deleted when the
 * import is undone); the previous values of the clients a run merged into are added to that file, so undo restores
 * them. The run happens in one transaction (a database failure applies nothing);
 * its progress (processed/total) lives in this process's memory while it runs and is written to the row at the end.
 */

export type ImportsQuery = ListQuery<'createdAt', Record<string, never>>;

interface StoredFile extends ClientSource {
  /** after a run: the previous values of the clients merged into, for undo */
  merged?: Array<{ id: number; before: Partial<CrmClientRow> }>;
}

const ERRORS_SHOWN = 1000;
const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

/** The client field of a row error, as the import's answers name it. */
const lineError = (e: RowError) => ({ line: e.line, field: e.field, message: e.message });

/** One record per merged client: for each column, its value before the first line that changed it. */
function mergedBefore(changes: Array<ChangeRecord<'client'>>): NonNullable<StoredFile['merged']> {
  const byId = new Map<number, Partial<CrmClientRow>>();
  for (const c of changes) {
    if (c.action !== 'updated' || !c.before) continue;
    byId.set(c.entityId, { ...c.before, ...byId.get(c.entityId) } as Partial<CrmClientRow>);
  }
  return [...byId].map(([id, before]) => ({ id, before }));
}

export function createClientImportsService(deps: { db: Db; dataDir: string }) {
  const { db } = deps;
  const dir = path.join(deps.dataDir, 'client-imports');
  const fileOf = (shopId: number, id: number) => path.join(dir, `${shopId}-${id}.json`);
  /** progress of the runs of this process: import id → processed rows */
  const progress = new Map<number, number>();
  const running = new Map<number, Promise<void>>();

  async function readStored(shopId: number, id: number): Promise<StoredFile> {
    try {
      return JSON.parse(await fs.readFile(fileOf(shopId, id), 'utf8')) as StoredFile;
    } catch {
      throw new HttpError(409, M.rowsGone);
    }
  }
  async function writeStored(shopId: number, id: number, data: StoredFile) {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(fileOf(shopId, id), JSON.stringify(data));
  }

  async function findImport(tx: DbOrTx, shopId: number, id: number, lock = false): Promise<ClientImportRow> {
    const base = tx
      .select()
      .from(clientImports)
      .where(and(eq(clientImports.shopId, shopId), eq(clientImports.id, id)))
      .limit(1);
    const [row] = lock ? await base.for('update') : await base;
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async function toItem(row: ClientImportRow, author?: string | null): Promise<ClientImport> {
    let by = author;
    if (by === undefined) {
      const u = row.createdBy ? await repo.findUserById(db, row.createdBy) : undefined;
      by = u ? [u.firstname, u.lastname].filter(Boolean).join(' ') || u.username : null;
    }
    return {
      id: row.id,
      status: row.status,
      filename: row.filename,
      mapping: row.mapping,
      duplicates: row.duplicates,
      total: row.total,
      processed: row.status === 'processing' ? (progress.get(row.id) ?? row.processed) : row.processed,
      created: row.created,
      merged: row.merged,
      skipped: row.skipped,
      errors: row.errors.slice(0, ERRORS_SHOWN),
      errorCount: row.errors.length,
      createdBy: by ?? null,
      createdAt: iso(row.createdAt)!,
      finishedAt: iso(row.finishedAt),
    };
  }

  function checkMapping(file: StoredFile, mapping: Mapping) {
    for (const h of Object.keys(mapping)) if (!file.headers.includes(h)) throw new HttpError(400, M.mappingColumn, `mapping.${h}`);
  }

  /** The real run: one transaction; progress in memory; the import row says completed (or error) at the end. */
  async function execute(caller: CrmCaller, shop: ShopRow, id: number, file: StoredFile, mapping: Mapping, duplicates: 'merge' | 'skip') {
    progress.set(id, 0);
    try {
      const { read, result } = await db.transaction(async (tx) => {
        // the per-shop lock first (nextClientNumber takes it): no client created meanwhile, codes allocated in one go
        let n = await repo.nextClientNumber(tx, shop.id);
        const prefix = codePrefixOf(shop);
        const ctx: ClientImportCtx = {
          shop,
          mapping,
          duplicates,
          run: { importId: id, userId: caller.userId, nextCode: () => clientCode(prefix, n++) },
        };
        const read = clientsImport.read(file, ctx);
        const result = await applyImport(tx, clientsImport, ctx, read.units, {
          importId: id,
          onUnit: (done) =>
            progress.set(id, Math.min(file.rows.length, Math.round((done / Math.max(read.units.length, 1)) * file.rows.length))),
        });
        return { read, result };
      });
      await writeStored(shop.id, id, { ...file, merged: mergedBefore(result.changes) });
      await db
        .update(clientImports)
        .set({
          status: 'completed',
          processed: file.rows.length,
          created: result.counts.create,
          merged: result.counts.update,
          skipped: result.counts.unchanged,
          errors: byLine([...read.errors, ...result.errors]).map(lineError),
          finishedAt: new Date(),
        })
        .where(eq(clientImports.id, id));
    } catch (err) {
      const message = err instanceof HttpError ? err.message : M.failed;
      await db
        .update(clientImports)
        .set({ status: 'error', processed: 0, created: 0, merged: 0, skipped: 0, errors: [{ line: 0, message }], finishedAt: new Date() })
        .where(eq(clientImports.id, id))
        .catch(() => undefined);
    } finally {
      progress.delete(id);
    }
  }

  async function loadShop(shopId: number): Promise<ShopRow> {
    const shop = await repo.findShop(db, shopId);
    if (!shop) throw notFound();
    return shop;
  }

  return {
    /** POST /crm/imports: parse, keep the rows, answer the headers, the first 20 rows and a suggested mapping. */
    async upload(caller: CrmCaller, filename: string, bytes: Buffer): Promise<ClientImportUpload> {
      const parsed = await parseClientFile(bytes);
      const [row] = await db
        .insert(clientImports)
        .values({ shopId: caller.shopId, filename, total: parsed.rows.length, createdBy: caller.userId })
        .returning();
      try {
        await writeStored(caller.shopId, row.id, parsed);
      } catch (err) {
        await db.delete(clientImports).where(eq(clientImports.id, row.id));
        throw err;
      }
      return {
        import: await toItem(row),
        headers: parsed.headers,
        preview: parsed.rows.slice(0, 20),
        suggestedMapping: suggestMapping(parsed.headers),
      };
    },

    /** dryRun: the per-line report, nothing written. Else the run starts (status processing) and the import is answered. */
    async run(
      caller: CrmCaller,
      id: number,
      body: { mapping: Mapping; duplicates: 'merge' | 'skip'; dryRun: boolean },
    ): Promise<ClientImportReport | ClientImport> {
      const row = await findImport(db, caller.shopId, id);
      if (row.status !== 'pending') throw new HttpError(409, M.notPending);
      const file = await readStored(caller.shopId, id);
      const shop = await loadShop(caller.shopId);
      checkMapping(file, body.mapping);
      if (body.dryRun) {
        const ctx: ClientImportCtx = { shop, mapping: body.mapping, duplicates: body.duplicates };
        const read = clientsImport.read(file, ctx);
        const plan = await planImport(db, clientsImport, ctx, read);
        const lines: ClientImportLine[] = [
          ...read.errors.map((e): ClientImportLine => ({ line: e.line, action: 'error', name: '', field: e.field, message: e.message })),
          ...plan.decisions.map((d) => d.preview),
        ].sort((x, y) => x.line - y.line);
        return {
          dryRun: true,
          total: file.rows.length,
          create: plan.counts.create,
          merge: plan.counts.update,
          skip: plan.counts.unchanged,
          error: plan.counts.error,
          lines,
        };
      }
      // pending → processing: one run wins
      const [started] = await db
        .update(clientImports)
        .set({ status: 'processing', mapping: body.mapping, duplicates: body.duplicates, processed: 0 })
        .where(and(eq(clientImports.id, id), eq(clientImports.status, 'pending')))
        .returning();
      if (!started) throw new HttpError(409, M.notPending);
      progress.set(id, 0);
      const job = execute(caller, shop, id, file, body.mapping, body.duplicates).finally(() => running.delete(id));
      running.set(id, job);
      return toItem(started);
    },

    get: async (caller: CrmCaller, id: number) => toItem(await findImport(db, caller.shopId, id)),

    async list(caller: CrmCaller, q: ImportsQuery): Promise<Paginated<ClientImport>> {
      const where = eq(clientImports.shopId, caller.shopId);
      const [[{ n }], rows] = await Promise.all([
        db.select({ n: count() }).from(clientImports).where(where),
        db
          .select({ row: clientImports, firstname: users.firstname, lastname: users.lastname, username: users.username })
          .from(clientImports)
          .leftJoin(users, eq(users.id, clientImports.createdBy))
          .where(where)
          .orderBy(q.sort.direction === 'asc' ? clientImports.createdAt : desc(clientImports.createdAt), desc(clientImports.id))
          .limit(q.pageSize)
          .offset(q.offset),
      ]);
      const items = await Promise.all(
        rows.map((r) => toItem(r.row, r.row.createdBy ? [r.firstname, r.lastname].filter(Boolean).join(' ') || r.username : null)),
      );
      return paginated(items, Number(n), q);
    },

    /**
     * Undo: deletes the clients the import created and restores the previous values of the clients it merged into.
     * Refused (409, how many) when a created client already has orders (its linked buyer ordered at the shop).
     */
    async revert(caller: CrmCaller, id: number): Promise<ClientImport & { message: string }> {
      const result = await db.transaction(async (tx) => {
        const row = await findImport(tx, caller.shopId, id, true);
        if (row.status !== 'completed') throw new HttpError(409, M.notRevertible);
        const [{ n }] = await tx
          .select({ n: count() })
          .from(crmClients)
          .where(
            and(
              eq(crmClients.shopId, caller.shopId),
              eq(crmClients.importId, id),
              isNotNull(crmClients.userId),
              sql`exists (select 1 from ${orders} where ${orders.shopId} = ${crmClients.shopId} and ${orders.buyerId} = ${crmClients.userId})`,
            ),
          );
        if (Number(n) > 0) throw new HttpError(409, M.hasOrders(Number(n)));
        let stored: StoredFile | undefined;
        try {
          stored = JSON.parse(await fs.readFile(fileOf(caller.shopId, id), 'utf8')) as StoredFile;
        } catch {
          stored = undefined;
        }
        const deleted = await tx
          .delete(crmClients)
          .where(and(eq(crmClients.shopId, caller.shopId), eq(crmClients.importId, id)))
          .returning({ id: crmClients.id });
        const merged = (stored?.merged ?? []).map((m): ChangeRecord<'client'> => ({
          entity: 'client',
          entityId: m.id,
          action: 'updated',
          before: m.before as Record<string, unknown>,
        }));
        const { restored } = await revertImport(tx, clientsImport, { shopId: caller.shopId }, merged);
        const [done] = await tx
          .update(clientImports)
          .set({ status: 'reverted', finishedAt: new Date() })
          .where(eq(clientImports.id, id))
          .returning();
        return { done, deleted: deleted.length, restored };
      });
      await fs.rm(fileOf(caller.shopId, id), { force: true });
      return { ...(await toItem(result.done)), message: M.reverted(result.deleted, result.restored) };
    },

    /** Resolves when the run of `id` in this process is over (e.g. to wait for it before a shutdown). */
    settled: (id: number) => running.get(id) ?? Promise.resolve(),
  };
}
export type ClientImportsService = ReturnType<typeof createClientImportsService>;
