import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Paginated } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { paginated } from '../../platform/list-query';
import { productFormats } from '../catalog';
import { applyMovements, recomputeWebStock, type MovementInput } from './stock.movements';
import { STOCK_MESSAGES as M } from './stock.messages';
import * as repo from './stock.repository';
import type { AllocationBody, AllocationUpdate, MovementBody, WarehouseBody } from './stock.schemas';
import { stockAllocations, stockLevels, warehouses } from './stock.tables';
import { answerCacheFor } from '../../platform/answer-cache';

/** What the movements list is read from (wz_changes triggers: drizzle/0007, 0013, 0014). */
const MOVEMENT_TABLES = new Set(['stock_movements', 'warehouses', 'products', 'product_vintages', 'product_formats']);
/** What the stock table is read from (each with the wz_changes trigger: drizzle/0007, 0013). */
const LEVEL_TABLES = new Set([
  'products',
  'product_vintages',
  'product_formats',
  'stock_levels',
  'stock_allocations',
  'warehouses',
  'orders',
  'order_lines',
]);

type Caller = { shopId: number; userId: number };

function warehouseDto(r: NonNullable<Awaited<ReturnType<typeof repo.findWarehouse>>>) {
  const w = r.w;
  return {
    id: w.id,
    name: w.name,
    address: w.address as Record<string, unknown>,
    dutyStatus: w.dutyStatus,
    exciseNumber: w.exciseNumber,
    feedsWebShop: w.feedsWebShop,
    cashRegisters: w.cashRegisters,
    archived: w.archived,
    onHand: Number(r.onHand),
    hasMovements: !!r.hasMovements,
    createdAt: w.createdAt.toISOString(),
  };
}

/** Warehouses, stock levels, movements, allocations and alerts of the caller's shop. */
export function createStockService({ db }: { db: Db }) {
  async function warehouseValues(shopId: number, body: WarehouseBody, exceptId?: number) {
    if (await repo.warehouseNameTaken(db, shopId, body.name, exceptId)) throw new HttpError(400, M.warehouseNameTaken, 'name');
    const excise = body.exciseNumber?.trim() || null;
    // an entrepositaire agréé holds duty-suspended stock under its excise number (CGI art. 302 G)
    if (body.dutyStatus === 'suspended' && !excise) throw new HttpError(400, M.exciseRequired, 'exciseNumber');
    return {
      name: body.name,
      address: body.address ?? {},
      dutyStatus: body.dutyStatus,
      exciseNumber: excise,
      feedsWebShop: body.feedsWebShop,
      cashRegisters: body.cashRegisters ?? [],
      ...(body.archived !== undefined ? { archived: body.archived } : {}),
    };
  }

  async function formatIdsOfWarehouse(shopId: number, warehouseId: number): Promise<number[]> {
    const rows = await db
      .select({ formatId: stockLevels.formatId })
      .from(stockLevels)
      .where(and(eq(stockLevels.shopId, shopId), eq(stockLevels.warehouseId, warehouseId)));
    return rows.map((r) => r.formatId);
  }

  async function movementsByIds(shopId: number, ids: number[]) {
    const q = {
      page: 1,
      pageSize: Math.max(1, ids.length),
      offset: 0,
      sort: { column: 'occurredAt', direction: 'asc' },
      filters: {},
    } as repo.MovementsQuery;
    return (await repo.listMovements(db, shopId, q, ids)).rows;
  }

  async function releaseEnded(shopId: number) {
    const ids = await repo.endedAllocationFormats(db, shopId);
    if (ids.length) await db.transaction((tx) => recomputeWebStock(tx, shopId, ids));
  }

  /** The allocation may not keep more than the web shop can sell now (its stock, plus what it keeps already). */
  async function checkAllocatable(tx: Db, shopId: number, formatId: number, extra: number) {
    if (extra <= 0) return;
    const [f] = await tx
      .select({ stock: productFormats.stock })
      .from(productFormats)
      .where(and(eq(productFormats.id, formatId), eq(productFormats.shopId, shopId)))
      .for('update');
    if (!f) throw new HttpError(404, M.formatNotFound, 'formatId');
    if (!(await repo.hasLevels(tx, formatId))) throw new HttpError(400, M.allocationTooMuch(0), 'quantity');
    if (extra > f.stock) throw new HttpError(400, M.allocationTooMuch(f.stock), 'quantity');
  }

  return {
    // -------------------------------------------------------------- warehouses
    async listWarehouses(shopId: number, q: repo.WarehousesQuery) {
      const { rows, total } = await repo.listWarehouses(db, shopId, q);
      return paginated(rows.map(warehouseDto), total, q);
    },
    async createWarehouse(shopId: number, body: WarehouseBody) {
      const values = await warehouseValues(shopId, body);
      const [w] = await db
        .insert(warehouses)
        .values({ shopId, ...values })
        .returning({ id: warehouses.id });
      return { ...warehouseDto((await repo.findWarehouse(db, shopId, w.id))!), message: M.warehouseCreated };
    },
    async updateWarehouse(shopId: number, id: number, body: WarehouseBody) {
      const existing = await repo.findWarehouse(db, shopId, id);
      if (!existing) throw new HttpError(404, M.warehouseNotFound);
      const values = await warehouseValues(shopId, body, id);
      await db.transaction(async (tx) => {
        await tx
          .update(warehouses)
          .set(values)
          .where(and(eq(warehouses.id, id), eq(warehouses.shopId, shopId)));
        // feeding the web shop or archiving changes what the web shop can sell
        if (existing.w.feedsWebShop !== values.feedsWebShop || (values.archived !== undefined && values.archived !== existing.w.archived))
          await recomputeWebStock(tx, shopId, await formatIdsOfWarehouse(shopId, id));
      });
      return { ...warehouseDto((await repo.findWarehouse(db, shopId, id))!), message: M.warehouseUpdated };
    },

    // -------------------------------------------------------------- levels
    async listLevels(shopId: number, q: repo.LevelsQuery) {
      const compute = async () => {
        await releaseEnded(shopId);
        const { rows, total } = await repo.listLevels(db, shopId, q);
        return paginated(rows, total, q);
      };
      // kept until the shop's catalogue, levels, allocations, warehouses or orders change, or an allocation ends
      const cache = answerCacheFor(db, 'stock-levels', LEVEL_TABLES);
      if (!cache) return compute();
      return cache.get(`${shopId}|${JSON.stringify(q)}`, async () => {
        const value = await compute();
        return { value, shops: [shopId], validUntil: await repo.nextAllocationEnd(db, shopId), bytes: JSON.stringify(value).length * 2 };
      });
    },
    async formatStock(shopId: number, formatId: number) {
      const f = await repo.findFormatStock(db, shopId, formatId);
      if (!f) throw new HttpError(404, M.formatNotFound);
      const whs = await repo.shopWarehouses(db, shopId);
      const levels = whs
        .filter((w) => !w.archived || (f.byWarehouse[String(w.id)] ?? 0) > 0)
        .map((w) => ({
          warehouseId: w.id,
          warehouseName: w.name,
          onHand: f.byWarehouse[String(w.id)] ?? 0,
          feedsWebShop: w.feedsWebShop,
          archived: w.archived,
        }));
      return { ...f, levels };
    },
    async setThreshold(shopId: number, formatId: number, threshold: number | null) {
      if (!(await repo.setThreshold(db, shopId, formatId, threshold))) throw new HttpError(404, M.formatNotFound);
      return { ...(await this.formatStock(shopId, formatId)), message: M.thresholdUpdated };
    },
    alerts: (shopId: number) => repo.alertsOf(db, shopId),

    // -------------------------------------------------------------- movements
    async listMovements(shopId: number, q: repo.MovementsQuery) {
      const compute = async () => {
        const { rows, total } = await repo.listMovements(db, shopId, q);
        return paginated(rows, total, q);
      };
      // kept until the shop's movements, warehouses or catalogue change (the names of the users who made them are
      // read once: a renamed user shows with the shop's next movement)
      const cache = answerCacheFor(db, 'stock-movements', MOVEMENT_TABLES);
      if (!cache) return compute();
      return cache.get(`${shopId}|${JSON.stringify(q)}`, async () => {
        const value = await compute();
        return { value, shops: [shopId], bytes: JSON.stringify(value).length * 2 };
      });
    },
    async recordMovement(caller: Caller, body: MovementBody) {
      const ctx = { shopId: caller.shopId, userId: caller.userId, manual: true };
      const common = { occurredAt: body.occurredAt, reason: body.reason ?? null };
      let message: string = M.movementCreated;
      const rows = await db.transaction(async (tx) => {
        if (body.kind === 'transfer') {
          if (body.fromWarehouseId === body.toWarehouseId) throw new HttpError(400, M.sameWarehouse, 'toWarehouseId');
          const transferId = randomUUID();
          message = M.transferCreated;
          const moves: MovementInput[] = [
            {
              ...common,
              kind: 'transfer_out',
              warehouseId: body.fromWarehouseId,
              formatId: body.formatId,
              quantity: -body.quantity,
              transferId,
              documentType: 'transfer',
            },
            {
              ...common,
              kind: 'transfer_in',
              warehouseId: body.toWarehouseId,
              formatId: body.formatId,
              quantity: body.quantity,
              transferId,
              documentType: 'transfer',
            },
          ];
          try {
            return await applyMovements(tx, ctx, moves);
          } catch (err) {
            // name the field of the form: the destination when it is the unknown one
            if (err instanceof HttpError && err.field === 'warehouseId') {
              const own = await tx
                .select({ id: warehouses.id })
                .from(warehouses)
                .where(and(eq(warehouses.id, body.fromWarehouseId), eq(warehouses.shopId, caller.shopId)));
              throw new HttpError(err.status, err.message, own.length ? 'toWarehouseId' : 'fromWarehouseId');
            }
            throw err;
          }
        }
        if (body.kind === 'inventory') {
          message = M.inventoryCreated;
          const [w] = await tx
            .select({ id: warehouses.id })
            .from(warehouses)
            .where(and(eq(warehouses.id, body.warehouseId), eq(warehouses.shopId, caller.shopId)));
          if (!w) throw new HttpError(404, M.warehouseNotFound, 'warehouseId');
          // the counted quantity minus what is on hand (read under lock: a concurrent movement cannot slip in)
          const onHand = await repo.levelOf(tx, body.warehouseId, body.formatId, true);
          const diff = body.countedQuantity - onHand;
          if (diff === 0) throw new HttpError(400, M.inventoryEqual, 'countedQuantity');
          return applyMovements(tx, ctx, [
            {
              ...common,
              kind: 'inventory',
              warehouseId: body.warehouseId,
              formatId: body.formatId,
              quantity: diff,
              documentType: 'inventory',
            },
          ]);
        }
        const entry = body.kind === 'production' || body.kind === 'purchase' || body.kind === 'return';
        if (body.crdColorId && body.kind !== 'production')
          throw new HttpError(400, 'Les capsules CRD ne concernent que la mise en bouteille', 'crdColorId');
        return applyMovements(tx, ctx, [
          {
            ...common,
            kind: body.kind,
            warehouseId: body.warehouseId,
            formatId: body.formatId,
            quantity: entry ? body.quantity : -body.quantity,
            crdColorId: body.crdColorId ?? null,
          },
        ]);
      });
      return {
        success: true as const,
        message,
        movements: await movementsByIds(
          caller.shopId,
          rows.map((r) => r.id),
        ),
      };
    },

    // -------------------------------------------------------------- allocations
    async listAllocations(shopId: number, q: repo.AllocationsQuery) {
      await releaseEnded(shopId);
      const { rows, total } = await repo.listAllocations(db, shopId, q);
      return paginated(rows, total, q) as Paginated<(typeof rows)[number]>;
    },
    async allocationTargets(shopId: number) {
      const [clients, typologies] = await Promise.all([repo.shopClients(db, shopId), repo.shopTypologies(db, shopId)]);
      return {
        clients: clients.map((c) => ({
          value: c.id,
          label: [[c.firstname, c.lastname].filter(Boolean).join(' '), `<${c.email}>`].filter(Boolean).join(' '),
        })),
        typologies: typologies.map((t) => ({ value: t.name, label: t.name })),
      };
    },
    async createAllocation(caller: Caller, body: AllocationBody) {
      const { shopId } = caller;
      const hasClient = body.clientUserId != null;
      const hasTypology = !!body.typology?.trim();
      if (hasClient === hasTypology) throw new HttpError(400, M.allocationTarget, 'clientUserId');
      if (hasClient && !(await repo.shopClients(db, shopId, body.clientUserId!)).length)
        throw new HttpError(400, M.allocationClient, 'clientUserId');
      let typology: string | null = null;
      if (hasTypology) {
        const t = (await repo.shopTypologies(db, shopId)).find(
          (x) => x.name.toLowerCase() === body.typology!.trim().toLowerCase() || x.id === body.typology!.trim(),
        );
        if (!t) throw new HttpError(400, M.allocationTypology, 'typology');
        typology = t.name;
      }
      const startsAt = body.startsAt ?? new Date();
      if (body.endsAt && body.endsAt <= startsAt) throw new HttpError(400, M.allocationDates, 'endsAt');
      const id = await db.transaction(async (tx) => {
        await checkAllocatable(tx as unknown as Db, shopId, body.formatId, body.quantity);
        const [a] = await tx
          .insert(stockAllocations)
          .values({
            shopId,
            formatId: body.formatId,
            clientUserId: hasClient ? body.clientUserId! : null,
            typology,
            quantity: body.quantity,
            startsAt,
            endsAt: body.endsAt ?? null,
            note: body.note ?? null,
            createdBy: caller.userId,
          })
          .returning({ id: stockAllocations.id });
        await recomputeWebStock(tx, shopId, [body.formatId]);
        return a.id;
      });
      return { ...(await this.allocation(shopId, id)), message: M.allocationCreated };
    },
    async allocation(shopId: number, id: number) {
      const q = { page: 1, pageSize: 1, offset: 0, sort: { column: 'startsAt', direction: 'desc' }, filters: {} } as repo.AllocationsQuery;
      const [row] = (await repo.listAllocations(db, shopId, q, id)).rows;
      if (!row) throw new HttpError(404, M.allocationNotFound);
      return row;
    },
    async updateAllocation(shopId: number, id: number, body: AllocationUpdate) {
      await db.transaction(async (tx) => {
        const a = await repo.findAllocation(tx, shopId, id, true);
        if (!a) throw new HttpError(404, M.allocationNotFound);
        const quantity = body.quantity ?? a.quantity;
        if (quantity < a.consumed) throw new HttpError(400, M.allocationBelowConsumed(a.consumed), 'quantity');
        const ended = a.endsAt != null && a.endsAt.getTime() <= Date.now();
        if (!ended) await checkAllocatable(tx as unknown as Db, shopId, a.formatId, quantity - a.quantity);
        const endsAt = body.endsAt === undefined ? a.endsAt : body.endsAt;
        if (!body.end && endsAt && endsAt <= a.startsAt) throw new HttpError(400, M.allocationDates, 'endsAt');
        await tx
          .update(stockAllocations)
          // ended now = the transaction's now(), the instant allocatedSql compares with
          .set({ quantity, endsAt: body.end ? sql`now()` : (endsAt ?? null), note: body.note === undefined ? a.note : body.note })
          .where(eq(stockAllocations.id, id));
        await recomputeWebStock(tx, shopId, [a.formatId]);
      });
      return { ...(await this.allocation(shopId, id)), message: body.end ? M.allocationEnded : M.allocationUpdated };
    },
    async deleteAllocation(shopId: number, id: number) {
      await db.transaction(async (tx) => {
        const a = await repo.findAllocation(tx, shopId, id, true);
        if (!a) throw new HttpError(404, M.allocationNotFound);
        await tx.delete(stockAllocations).where(eq(stockAllocations.id, id));
        await recomputeWebStock(tx, shopId, [a.formatId]);
      });
      return { success: true as const, message: M.allocationDeleted };
    },
  };
}
export type StockService = ReturnType<typeof createStockService>;
