// Import and export of a whole shop.
//
// Import: the file is read (CSV or XLSX), its columns mapped for the chosen integration, every row validated and each
// object decided against the shop (create / update / unchanged / error) — a dry run answers that and writes nothing.
// A real run stores the valid objects in shop_imports.rows (its first element is the import's meta: how the file named
// its columns) and queues a 'shop-import' job in the same transaction; each job applies one batch in one transaction
// (one savepoint per object, so a refused object leaves the others), records what it created or changed in
// shop_import_changes, moves `processed` on and queues the next batch. Status: pending → processing → completed, or
// error when a batch keeps failing (what earlier batches did stays, and can be reverted). Revert undoes the changes in
// reverse order in one transaction.
//
// Export: a 'shop-export' job writes the zip under DATA_DIR/shop-exports/<job id>.zip, then adds a signed link to it to
// the user's documents to download (the shell opens them). The export's id is its job's.
import fs from 'node:fs';
import path from 'node:path';
import type { Paginated } from 'shared-kernel/contracts';
import type { LinkSigner } from '../../platform/auth/jwt';
import type { Db, DbOrTx } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/errors';
import { applyImport, missingColumnGroups, planImport, revertImport } from '../../platform/imports';
import { enqueue, nudgeJobs, PermanentJobError, type JobHandler } from '../../platform/jobs';
import type { Logger } from '../../platform/logger';
import { paginated, type ListQuery } from '../../platform/list-query';
import { addDocumentToDownload } from '../documents';
import { FIELDS, mapColumns } from './shop-data.columns';
import { clientsImport } from './shop-data.clients';
import { importContext } from './shop-data.context';
import { writeShopExport } from './shop-data.export';
import { readSheet } from './shop-data.file';
import { SHOP_DATA_MESSAGES as M } from './shop-data.messages';
import { productsImport } from './shop-data.products';
import * as repo from './shop-data.repository';
import { stockImport } from './shop-data.stock';
import type { ShopImportEntity, ShopImportIntegration, ShopImportRow, ShopImportStatus } from './shop-data.tables';
import {
  toShopRowError,
  type ChangeRecord,
  type ImportMeta,
  type PreviewItem,
  type ShopEntity,
  type ShopRowError,
} from './shop-data.types';

export const SHOP_IMPORT_JOB = 'shop-import';
export const SHOP_EXPORT_JOB = repo.SHOP_EXPORT_JOB;

const ENTITIES: Record<ShopImportEntity, ShopEntity<unknown, unknown, unknown>> = {
  products: productsImport as ShopEntity<unknown, unknown, unknown>,
  clients: clientsImport as ShopEntity<unknown, unknown, unknown>,
  stock: stockImport as ShopEntity<unknown, unknown, unknown>,
};
/** Objects per job (one transaction each): products are the heaviest. */
const BATCH: Record<ShopImportEntity, number> = { products: 25, clients: 100, stock: 100 };
const PREVIEW_ROWS = 20;
const ERRORS_KEPT = 2000;
const ERRORS_SHOWN = 500;
/** how long an export's file and link live */
export const EXPORT_TTL_MS = 7 * 24 * 3_600_000;

export interface ImportRequest {
  entity: ShopImportEntity;
  integration: ShopImportIntegration;
  fileName: string;
  dryRun: boolean;
}

export interface ImportCounts {
  total: number;
  create: number;
  update: number;
  unchanged: number;
  error: number;
}

export interface ImportPreview {
  dryRun: true;
  entity: ShopImportEntity;
  integration: ShopImportIntegration;
  fileName: string;
  columns: Array<{ header: string; field: string | null }>;
  counts: ImportCounts;
  preview: PreviewItem[];
  errors: ShopRowError[];
  errorCount: number;
}

export interface ShopImportDto {
  id: number;
  entity: ShopImportEntity;
  integration: ShopImportIntegration;
  fileName: string;
  status: ShopImportStatus;
  total: number;
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  errors: ShopRowError[];
  errorCount: number;
  revertible: boolean;
  createdBy: string | null;
  createdAt: string;
  finishedAt: string | null;
  revertedAt: string | null;
}

export interface ShopExportDto {
  id: number;
  status: 'pending' | 'processing' | 'ready' | 'error' | 'expired';
  createdAt: string;
  fileName: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toDto(row: ShopImportRow, author: string | null): ShopImportDto {
  return {
    id: row.id,
    entity: row.entity,
    integration: row.integration,
    fileName: row.fileName,
    status: row.status,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    errors: row.errors.slice(0, ERRORS_SHOWN),
    errorCount: row.errors.length,
    revertible: row.status === 'completed' || row.status === 'error',
    createdBy: author,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    revertedAt: iso(row.revertedAt),
  };
}

export interface ShopDataDeps {
  db: Db;
  dataDir: string;
  /** base of the links put in the documents to download (PUBLIC_URL) */
  publicUrl: string;
  links: LinkSigner;
  logger?: Logger;
}

export function createShopDataService(deps: ShopDataDeps) {
  const { db } = deps;
  const exportDir = path.join(deps.dataDir, 'shop-exports');
  const exportFile = (id: number) => path.join(exportDir, `${id}.zip`);

  /** Reads and decides the file (nothing written). */
  async function analyse(shopId: number, userId: number, req: ImportRequest, bytes: Buffer) {
    const sheet = await readSheet(bytes);
    const map = mapColumns(req.entity, req.integration, sheet.headers);
    const entity = ENTITIES[req.entity];
    for (const group of missingColumnGroups(entity.required, (k) => map.fields.has(k))) {
      const headers = group.map((k) => FIELDS[req.entity].find((d) => d.key === k)!.header);
      throw new HttpError(400, headers.length > 1 ? M.missingColumns(headers) : M.missingColumn(headers[0]), 'file');
    }
    const shop = await repo.findShop(db, shopId);
    if (!shop) throw notFound();
    const columns = Object.fromEntries(FIELDS[req.entity].map((d) => [d.key, map.fields.get(d.key)?.header ?? d.header]));
    const ctx = { shop: importContext(shop, userId), meta: { fileName: req.fileName, columns, prices: {} } };
    const read = entity.read({ sheet, map }, ctx);
    const meta: ImportMeta = { ...ctx.meta, prices: read.prices };
    const plan = await planImport(db, entity, { ...ctx, meta }, read);
    const errors = plan.errors.map(toShopRowError);
    const counts: ImportCounts = { total: sheet.rows.length, ...plan.counts };
    const preview = plan.decisions.slice(0, PREVIEW_ROWS).map((d) => d.preview);
    const valid = plan.valid;
    return { map, meta, counts, errors, preview, valid };
  }

  async function loadImport(dbx: DbOrTx, shopId: number, id: number, lock = false): Promise<ShopImportRow> {
    const row = await repo.findImport(dbx, shopId, id, lock);
    if (!row) throw notFound(M.importNotFound);
    return row;
  }

  /** Marks an import as failed (a batch that keeps failing): what earlier batches did stays, revertible. */
  async function failImport(id: number) {
    await repo.updateImport(db, id, { status: 'error', finishedAt: new Date() });
    await repo.appendErrors(db, id, [{ row: 0, message: M.failed }]);
  }

  /** One batch of an import (the 'shop-import' job). */
  async function runBatch(importId: number, offset: number | undefined): Promise<void> {
    // pending → processing as soon as the first batch starts (the screen's progress)
    await db.transaction(async (tx) => {
      const row = await repo.lockImport(tx, importId);
      if (row?.status === 'pending') await repo.updateImport(tx, importId, { status: 'processing' });
    });
    await db.transaction(async (tx) => {
      const row = await repo.lockImport(tx, importId);
      // gone, finished, reverted, or a batch run twice (a job taken again after its claim was lost): nothing to do
      if (!row || row.status !== 'processing' || (offset !== undefined && offset !== row.processed)) return;
      const shop = await repo.findShop(tx, row.shopId);
      if (!shop) return;
      const meta = (await repo.metaOf(tx, importId)) as ImportMeta;
      const units = await repo.unitsOf(tx, importId, row.processed, BATCH[row.entity]);
      const { counts, errors } = await applyImport(tx, ENTITIES[row.entity], { shop: importContext(shop, row.userId), meta }, units, {
        importId,
        record: (sp, changes) => repo.recordChanges(sp, importId, changes),
      });
      const processed = row.processed + units.length;
      const done = processed >= row.total || units.length === 0;
      const room = Math.max(0, ERRORS_KEPT - row.errors.length);
      await repo.appendErrors(tx, importId, errors.slice(0, room).map(toShopRowError));
      await repo.updateImport(tx, importId, {
        processed: done ? row.total : processed,
        created: row.created + counts.create,
        updated: row.updated + counts.update,
        skipped: row.skipped + counts.unchanged + counts.error,
        ...(done ? { status: 'completed' as const, finishedAt: new Date() } : {}),
      });
      if (!done)
        await enqueue(
          tx as unknown as Db,
          SHOP_IMPORT_JOB,
          { importId, offset: processed },
          { dedupeKey: `shop-import:${importId}:${processed}`, maxAttempts: 3 },
        );
    });
  }

  /** The zip of the shop (the 'shop-export' job), then the link in the user's documents to download. */
  async function runExport(jobId: number, shopId: number, userId: number): Promise<void> {
    await sweepExports();
    const file = exportFile(jobId);
    if (!fs.existsSync(file)) await writeShopExport({ db, logger: deps.logger }, shopId, file);
    const prefix = `${deps.publicUrl}/v1/shop-data/exports/${jobId}/download?token=`;
    const token = await deps.links.sign('shop-export', jobId, new Date(Date.now() + EXPORT_TTL_MS));
    await repo.addDocumentOnce(db, userId, prefix, (tx, url) => addDocumentToDownload(tx, userId, url), `${prefix}${token}`);
  }

  /** Export files older than their link are deleted. */
  async function sweepExports() {
    let names: string[] = [];
    try {
      names = await fs.promises.readdir(exportDir);
    } catch {
      return;
    }
    const now = Date.now();
    for (const n of names) {
      const p = path.join(exportDir, n);
      const stat = await fs.promises.stat(p).catch(() => null);
      if (stat && now - stat.mtimeMs > EXPORT_TTL_MS) await fs.promises.rm(p, { force: true });
    }
  }

  function exportDto(job: { id: number; status: string; createdAt: Date }, shopName: string): ShopExportDto {
    const ready = job.status === 'done' && fs.existsSync(exportFile(job.id));
    const status: ShopExportDto['status'] =
      job.status === 'pending'
        ? 'pending'
        : job.status === 'running'
          ? 'processing'
          : job.status === 'failed'
            ? 'error'
            : ready
              ? 'ready'
              : 'expired';
    return { id: job.id, status, createdAt: job.createdAt.toISOString(), fileName: exportName(shopName, job.createdAt) };
  }

  const exportName = (urlShop: string, at: Date) => `donnees-${urlShop.replace(/[^\w-]+/g, '-')}-${at.toISOString().slice(0, 10)}.zip`;

  async function shopNameOf(shopId: number) {
    return (await repo.findShop(db, shopId))?.urlShop ?? 'boutique';
  }

  return {
    /** POST /shop-data/imports: dry run → the preview; real run → the import (pending, its first batch queued). */
    async importFile(
      caller: { shopId: number; userId: number },
      req: ImportRequest,
      bytes: Buffer,
    ): Promise<ImportPreview | (ShopImportDto & { message: string })> {
      const a = await analyse(caller.shopId, caller.userId, req, bytes);
      if (req.dryRun)
        return {
          dryRun: true,
          entity: req.entity,
          integration: req.integration,
          fileName: req.fileName,
          columns: a.map.columns,
          counts: a.counts,
          preview: a.preview,
          errors: a.errors.slice(0, ERRORS_SHOWN),
          errorCount: a.errors.length,
        };
      if (!a.valid.length) throw new HttpError(400, M.nothingToImport, 'file');
      const errors = a.errors.length > ERRORS_KEPT ? a.errors.slice(0, ERRORS_KEPT) : a.errors;
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertImport(tx, {
          shopId: caller.shopId,
          userId: caller.userId,
          integration: req.integration,
          entity: req.entity,
          fileName: req.fileName,
          status: 'pending',
          dryRun: false,
          rows: [a.meta, ...a.valid],
          total: a.valid.length,
          errors,
        });
        await enqueue(
          tx as unknown as Db,
          SHOP_IMPORT_JOB,
          { importId: created.id, offset: 0 },
          { dedupeKey: `shop-import:${created.id}:0`, maxAttempts: 3 },
        );
        return created;
      });
      nudgeJobs();
      return { ...toDto(row, await repo.authorOf(db, caller.userId)), message: M.started };
    },

    async list(
      shopId: number,
      q: ListQuery<'createdAt', { status?: ShopImportStatus; entity?: ShopImportEntity }>,
    ): Promise<Paginated<ShopImportDto>> {
      const { rows, total } = await repo.listImports(db, shopId, q);
      return paginated(
        rows.map((r) => toDto(r.row, r.author)),
        total,
        q,
      );
    },

    async get(shopId: number, id: number): Promise<ShopImportDto> {
      const row = await loadImport(db, shopId, id);
      return toDto(row, await repo.authorOf(db, row.userId));
    },

    /** Undoes what the import did, newest first, in one transaction: all of it or nothing (409 naming what blocks). */
    async revert(shopId: number, userId: number, id: number): Promise<ShopImportDto & { message: string }> {
      const result = await db.transaction(async (tx) => {
        const row = await loadImport(tx, shopId, id, true);
        if (row.status === 'reverted') throw new HttpError(409, M.alreadyReverted);
        if (row.status !== 'completed' && row.status !== 'error') throw new HttpError(409, M.notRevertible);
        const changes = (await repo.changesOf(tx, id)) as ChangeRecord[];
        const tally = await revertImport(tx, ENTITIES[row.entity], { shopId, userId, importId: id }, changes);
        const done = await repo.updateImport(tx, id, { status: 'reverted', revertedAt: new Date() });
        return { done, tally };
      });
      return {
        ...toDto(result.done, await repo.authorOf(db, result.done.userId)),
        message: M.reverted(result.tally.deleted, result.tally.archived, result.tally.restored),
      };
    },

    /** POST /shop-data/exports: queues the export (one at a time per shop: a running one is answered instead). */
    async startExport(shopId: number, userId: number): Promise<ShopExportDto & { message: string }> {
      const running = await repo.runningExport(db, shopId);
      const name = await shopNameOf(shopId);
      if (running) return { ...exportDto(running, name), message: M.exportRunning };
      const job = await db.transaction(async (tx) => {
        const { id } = await enqueue(tx as unknown as Db, SHOP_EXPORT_JOB, { shopId, userId }, { maxAttempts: 3 });
        return (await repo.findExportJob(tx, shopId, id!))!;
      });
      nudgeJobs();
      return { ...exportDto(job, name), message: M.exportStarted };
    },

    async exportState(shopId: number, id: number): Promise<ShopExportDto> {
      const job = await repo.findExportJob(db, shopId, id);
      if (!job) throw notFound(M.exportNotFound);
      return exportDto(job, await shopNameOf(shopId));
    },

    /** The zip of one of the shop's exports (the owner's token). */
    async exportFileOf(shopId: number, id: number): Promise<{ path: string; fileName: string }> {
      const dto = await this.exportState(shopId, id);
      if (dto.status === 'pending' || dto.status === 'processing') throw new HttpError(409, M.exportNotReady);
      if (dto.status !== 'ready') throw new HttpError(410, M.exportGone);
      return { path: exportFile(id), fileName: dto.fileName };
    },

    /** The zip behind a signed link of the documents to download. */
    async exportFileByLink(id: number, token: string): Promise<{ path: string; fileName: string }> {
      const signed = await deps.links.verify('shop-export', token);
      if (signed !== id) throw new HttpError(404, M.linkInvalid);
      const file = exportFile(id);
      if (!fs.existsSync(file)) throw new HttpError(410, M.exportGone);
      const job = await repo.findAnyExportJob(db, id);
      const shopId = (job?.payload as { shopId?: number } | undefined)?.shopId;
      const name = shopId ? await shopNameOf(shopId) : 'boutique';
      return { path: file, fileName: exportName(name, job?.createdAt ?? new Date()) };
    },

    /** The job handlers (registered by the server and the test app). */
    jobHandlers(): Record<string, JobHandler<never>> {
      const importJob: JobHandler<{ importId: number; offset?: number }> = {
        async run(payload, job) {
          if (!payload || !Number.isInteger(payload.importId)) throw new PermanentJobError('shop-import: an import id is expected');
          try {
            await runBatch(payload.importId, payload.offset);
          } catch (err) {
            deps.logger?.warn({ err, importId: payload.importId }, 'shop import batch failed');
            if (job.attempts >= job.maxAttempts) await failImport(payload.importId);
            throw err;
          }
        },
      };
      const exportJob: JobHandler<{ shopId: number; userId: number }> = {
        async run(payload, job) {
          if (!payload || !Number.isInteger(payload.shopId) || !Number.isInteger(payload.userId))
            throw new PermanentJobError('shop-export: a shop and a user are expected');
          await runExport(job.id, payload.shopId, payload.userId);
        },
      };
      return { [SHOP_IMPORT_JOB]: importJob as JobHandler<never>, [SHOP_EXPORT_JOB]: exportJob as JobHandler<never> };
    },
  };
}

export type ShopDataService = ReturnType<typeof createShopDataService>;
