// The one write path of stock: every change of a warehouse's stock is a movement applied here, in the
// caller's transaction: validation (shop scope, integer quantities, never below zero, DRM-locked months), the movement
// rows, stock_levels, the web shop's available stock (product_formats.stock, also of the boxes made of the format),
// CRD capsules consumed by a bottling, and the threshold / manual-change notifications.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { notifications, shopMembers } from '../../platform/db/tables';
import { HttpError } from '../../platform/errors';
import { productFormats, products, productVintages } from '../catalog';
import { STOCK_MESSAGES } from './stock.messages';
import {
  crdColors,
  crdMovements,
  drmMonths,
  stockLevels,
  stockMovements,
  warehouses,
  type StockDocumentType,
  type StockMovementKind,
  type StockMovementRow,
} from './stock.tables';

export interface MovementInput {
  warehouseId: number;
  formatId: number;
  /** signed units: > 0 entry, < 0 exit */
  quantity: number;
  kind: StockMovementKind;
  reason?: string | null;
  occurredAt?: Date;
  documentType?: StockDocumentType | null;
  documentId?: number | null;
  transferId?: string | null;
  unitCostCents?: number | null;
  crdColorId?: number | null;
}

export interface MovementContext {
  shopId: number;
  userId: number | null;
  /** a change made by hand in the back office: also sends `stockUpdate` */
  manual?: boolean;
}

/**
 * Statuses of an order that no longer hold stock (the orders module clears `reserved` when it aborts / expires an
 * order; cancelled and refused ones are excluded too). Every other status with `order_lines.reserved > 0` holds it
 * until the sale movement of that order (documentType 'order') delivers it.
 */
export const CLOSED_ORDER_STATUSES = ['aborted', 'expired', 'cancelled', 'refused'] as const;

/** product_formats.id qualified (drizzle leaves a lone table's columns unqualified, ambiguous in subqueries). */
export const FORMAT_ID = sql.raw('"product_formats"."id"');

// The orders tables are read by name: the orders module imports this module (allocations at checkout), so importing
// it back would be an import cycle.
/** Units of `formatCol` held by open orders. */
export function reservedSql(formatCol: SQL = FORMAT_ID): SQL<number> {
  return sql<number>`coalesce((select sum(ol.reserved) from order_lines ol join orders o on o.id = ol.order_id
    where ol.format_id = ${formatCol} and ol.kind = 'product' and ol.reserved > 0
    and o.status not in ('aborted', 'expired', 'cancelled', 'refused')), 0)::int`;
}

/** Units of `formatCol` still kept by allocations that have not ended. */
export function allocatedSql(formatCol: SQL = FORMAT_ID): SQL<number> {
  return sql<number>`coalesce((select sum(a.quantity - a.consumed) from stock_allocations a
    where a.format_id = ${formatCol} and (a.ends_at is null or a.ends_at > now())), 0)::int`;
}

/** Units of `formatCol` on hand in the (non-archived) warehouses that feed the web shop. */
export function webOnHandSql(formatCol: SQL = FORMAT_ID): SQL<number> {
  return sql<number>`coalesce((select sum(sl.on_hand) from stock_levels sl join warehouses w on w.id = sl.warehouse_id
    where sl.format_id = ${formatCol} and w.feeds_web_shop and not w.archived), 0)::int`;
}

/** Units of `formatCol` on hand in every warehouse. */
export function onHandSql(formatCol: SQL = FORMAT_ID): SQL<number> {
  return sql<number>`coalesce((select sum(sl.on_hand) from stock_levels sl where sl.format_id = ${formatCol}), 0)::int`;
}

const PARIS_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' });

/** First day of the Europe/Paris calendar month of `d`, 'YYYY-MM-01' (the drm_months.month of a movement). */
export function parisMonthOf(d: Date): string {
  const parts = PARIS_MONTH.formatToParts(d);
  const y = parts.find((p) => p.type === 'year')!.value;
  const m = parts.find((p) => p.type === 'month')!.value;
  return `${y}-${m}-01`;
}

/**
 * A validated DRM month is closed: no movement may be dated inside it (the declaration made to the customs —
 * Code général des impôts art. 302 G and BOI-TCA-ALC: the monthly summary declaration of an entrepositaire agréé
 * is final once filed). 400 naming `field` otherwise.
 */
export async function assertMonthOpen(db: DbOrTx, warehouseId: number, occurredAt: Date, field = 'occurredAt'): Promise<void> {
  const [locked] = await db
    .select({ id: drmMonths.id })
    .from(drmMonths)
    .where(and(eq(drmMonths.warehouseId, warehouseId), eq(drmMonths.month, parisMonthOf(occurredAt))))
    .limit(1);
  if (locked) throw new HttpError(400, STOCK_MESSAGES.drmLocked, field);
}

/** Centilitres of one unit of a litre format (0.75 → 75), null for other units: for labels. */
export function unitClOf(f: { unity: string; unityValue: number | null }): number | null {
  const ml = unitMlOf(f);
  return ml == null ? null : ml / 10;
}

/**
 * Millilitres of one unit of a litre format (0.375 → 375), null for other units: what a movement keeps for the DRM,
 * which is exact to the millilitre. `unityValue` is a float4: rounding to the millilitre removes its binary noise.
 */
export function unitMlOf(f: { unity: string; unityValue: number | null }): number | null {
  if (f.unity !== 'litre' || f.unityValue == null) return null;
  return Math.round(f.unityValue * 1000);
}

/**
 * Recomputes the web shop's available stock of these formats: units on hand in the warehouses that feed it − units
 * held by open orders − units kept by allocations that have not ended, never below zero. Only formats managed in
 * warehouses (at least one stock_levels row) are touched. Box products made of them follow (min over their parts of
 * floor(part stock / part quantity)). The product_formats rows are locked first, so the figures read afterwards
 * include every checkout committed before (read committed: each statement sees the latest commits).
 */
export async function recomputeWebStock(tx: DbOrTx, shopId: number, formatIds: number[]): Promise<void> {
  const ids = [...new Set(formatIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  await tx
    .select({ id: productFormats.id })
    .from(productFormats)
    .where(inArray(productFormats.id, ids))
    .orderBy(productFormats.id)
    .for('update');
  await tx
    .update(productFormats)
    .set({
      stock: sql`greatest(0, ${webOnHandSql()} - ${reservedSql()} - ${allocatedSql()})`,
    })
    .where(
      and(
        inArray(productFormats.id, ids),
        eq(productFormats.shopId, shopId),
        sql`exists (select 1 from stock_levels sl where sl.format_id = ${productFormats.id})`,
      ),
    );
  await recomputeBoxes(tx, shopId, ids);
}

async function recomputeBoxes(tx: DbOrTx, shopId: number, partIds: number[]): Promise<void> {
  const boxes = await tx
    .select({ id: products.id, boxItems: products.boxItems })
    .from(products)
    .where(
      and(
        eq(products.shopId, shopId),
        sql`jsonb_array_length(${products.boxItems}) > 0`,
        sql`exists (select 1 from jsonb_array_elements(${products.boxItems}) e where (e->>'formatId')::int in ${sql.raw(`(${partIds.join(',')})`)})`,
      ),
    );
  if (!boxes.length) return;
  const allParts = [...new Set(boxes.flatMap((b) => b.boxItems.map((i) => i.formatId)))];
  const partStock = new Map(
    (
      await tx
        .select({ id: productFormats.id, stock: productFormats.stock })
        .from(productFormats)
        .where(and(inArray(productFormats.id, allParts), eq(productFormats.shopId, shopId)))
    ).map((p) => [p.id, p.stock]),
  );
  for (const box of boxes) {
    const counts = box.boxItems.map((i) => Math.floor((partStock.get(i.formatId) ?? 0) / Math.max(1, i.quantity)));
    const stock = Math.max(0, Math.min(...counts));
    await tx
      .update(productFormats)
      .set({ stock })
      .where(and(eq(productFormats.productId, box.id), eq(productFormats.shopId, shopId)));
  }
}

/** The owner and the iam members allowed to see all stock (authorizations null = everything allowed, spec §6). */
export async function stockRecipients(db: DbOrTx, shopId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: shopMembers.userId })
    .from(shopMembers)
    .where(
      and(
        eq(shopMembers.shopId, shopId),
        sql`(${shopMembers.kind} = 'owner' or (${shopMembers.kind} = 'iam' and (${shopMembers.authorizations} is null
          or jsonb_typeof(${shopMembers.authorizations}) <> 'object' or (${shopMembers.authorizations}->>'seeAllStock') = 'true')))`,
      ),
    );
  return [...new Set(rows.map((r) => r.userId))];
}

/** "Product – 2022 – 75 cl" */
export function formatLabel(f: {
  productName: string;
  vintageName: string | null;
  unity: string;
  unityValue: number | null;
  nameInShop?: string | null;
}): string {
  const parts = [f.productName];
  if (f.vintageName) parts.push(f.vintageName);
  if (f.nameInShop) parts.push(f.nameInShop);
  else if (f.unityValue != null) {
    const cl = unitClOf(f);
    parts.push(cl != null ? `${cl} cl` : `${f.unityValue} ${f.unity}`);
  }
  return parts.join(' – ');
}

/**
 * Applies movements in the caller's transaction (see the file header) and answers the inserted rows in input order.
 * Errors (HttpError, the transaction should then be rolled back): warehouse / format of another shop 404 naming the
 * field, quantity not an integer ≠ 0 400, an exit taking more than the warehouse holds 400 'quantity', a date in the
 * future or inside a validated DRM month 400 'occurredAt', CRD capsules missing 400 'crdColorId'.
 */
/** Rows of one INSERT statement (16 parameters each, far below PostgreSQL's 65,535). */
const INSERT_SLICE = 1000;

export async function applyMovements(tx: DbOrTx, ctx: MovementContext, movements: MovementInput[]): Promise<StockMovementRow[]> {
  if (!movements.length) return [];
  const now = new Date();
  for (const m of movements) {
    if (!Number.isInteger(m.quantity) || m.quantity === 0 || Math.abs(m.quantity) > 2_000_000_000)
      throw new HttpError(400, STOCK_MESSAGES.quantityInteger, 'quantity');
    if (m.occurredAt && m.occurredAt.getTime() > now.getTime() + 60_000) throw new HttpError(400, STOCK_MESSAGES.future, 'occurredAt');
  }

  // scope: warehouses and formats of the caller's shop
  // FOR SHARE: a DRM validation of one of these warehouses (FOR UPDATE of its row, modules/excise) waits for this
  // transaction, or this one for it — a movement never slips into a month being validated
  const whIds = [...new Set(movements.map((m) => m.warehouseId))].sort((a, b) => a - b);
  const whs = await tx
    .select({ id: warehouses.id, archived: warehouses.archived })
    .from(warehouses)
    .where(and(inArray(warehouses.id, whIds), eq(warehouses.shopId, ctx.shopId)))
    .orderBy(warehouses.id)
    .for('share');
  const whById = new Map(whs.map((w) => [w.id, w]));
  for (const id of whIds) {
    const w = whById.get(id);
    if (!w) throw new HttpError(404, STOCK_MESSAGES.warehouseNotFound, 'warehouseId');
    if (w.archived) throw new HttpError(400, STOCK_MESSAGES.warehouseArchived, 'warehouseId');
  }
  const fIds = [...new Set(movements.map((m) => m.formatId))].sort((a, b) => a - b);
  const formats = await tx
    .select({
      id: productFormats.id,
      productId: productFormats.productId,
      vintageId: productFormats.vintageId,
      unity: productFormats.unity,
      unityValue: productFormats.unityValue,
      nameInShop: productFormats.nameInShop,
      alertThreshold: productFormats.alertThreshold,
      productName: products.name,
      vintageName: productVintages.name,
      reserved: reservedSql(),
    })
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
    .where(and(inArray(productFormats.id, fIds), eq(productFormats.shopId, ctx.shopId)));
  const fById = new Map(formats.map((f) => [f.id, f]));
  for (const id of fIds) if (!fById.has(id)) throw new HttpError(404, STOCK_MESSAGES.formatNotFound, 'formatId');

  // DRM: no movement dated inside a validated month of its warehouse
  const monthKeys = new Map<string, { warehouseId: number; month: string }>();
  for (const m of movements) {
    const month = parisMonthOf(m.occurredAt ?? now);
    monthKeys.set(`${m.warehouseId}:${month}`, { warehouseId: m.warehouseId, month });
  }
  const lockedMonths = await tx
    .select({ warehouseId: drmMonths.warehouseId, month: drmMonths.month })
    .from(drmMonths)
    .where(
      and(
        inArray(drmMonths.warehouseId, whIds),
        inArray(
          drmMonths.month,
          [...monthKeys.values()].map((k) => k.month),
        ),
      ),
    );
  if (lockedMonths.some((l) => monthKeys.has(`${l.warehouseId}:${l.month}`)))
    throw new HttpError(400, STOCK_MESSAGES.drmLocked, 'occurredAt');

  // lock the levels of these formats (every warehouse: the totals before/after are exact), in id order
  const before = await tx
    .select({ formatId: stockLevels.formatId, onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(and(eq(stockLevels.shopId, ctx.shopId), inArray(stockLevels.formatId, fIds)))
    .orderBy(stockLevels.id)
    .for('update');
  const totalBefore = new Map<number, number>();
  for (const r of before) totalBefore.set(r.formatId, (totalBefore.get(r.formatId) ?? 0) + r.onHand);

  // net change per (warehouse, format), applied in key order; exits are conditional (never below zero)
  const net = new Map<string, { warehouseId: number; formatId: number; delta: number }>();
  for (const m of movements) {
    const k = `${m.warehouseId}:${m.formatId}`;
    const cur = net.get(k) ?? { warehouseId: m.warehouseId, formatId: m.formatId, delta: 0 };
    cur.delta += m.quantity;
    net.set(k, cur);
  }
  const keys = [...net.values()].sort((a, b) => a.warehouseId - b.warehouseId || a.formatId - b.formatId);
  for (const k of keys) {
    if (k.delta > 0) {
      await tx
        .insert(stockLevels)
        .values({ shopId: ctx.shopId, warehouseId: k.warehouseId, formatId: k.formatId, onHand: k.delta })
        .onConflictDoUpdate({
          target: [stockLevels.warehouseId, stockLevels.formatId],
          set: { onHand: sql`${stockLevels.onHand} + ${k.delta}`, updatedAt: now },
        });
    } else if (k.delta < 0) {
      const n = -k.delta;
      const done = await tx
        .update(stockLevels)
        .set({ onHand: sql`${stockLevels.onHand} - ${n}`, updatedAt: now })
        .where(and(eq(stockLevels.warehouseId, k.warehouseId), eq(stockLevels.formatId, k.formatId), sql`${stockLevels.onHand} >= ${n}`))
        .returning({ id: stockLevels.id });
      if (!done.length) {
        const [lvl] = await tx
          .select({ onHand: stockLevels.onHand })
          .from(stockLevels)
          .where(and(eq(stockLevels.warehouseId, k.warehouseId), eq(stockLevels.formatId, k.formatId)));
        throw new HttpError(400, STOCK_MESSAGES.insufficient(lvl?.onHand ?? 0), 'quantity');
      }
    }
  }

  const values = movements.map((m) => {
    const f = fById.get(m.formatId)!;
    return {
      shopId: ctx.shopId,
      warehouseId: m.warehouseId,
      formatId: m.formatId,
      productId: f.productId,
      vintageId: f.vintageId,
      quantity: m.quantity,
      kind: m.kind,
      reason: m.reason?.trim() || null,
      unitMl: unitMlOf(f),
      documentType: m.documentType ?? null,
      documentId: m.documentId ?? null,
      transferId: m.transferId ?? null,
      unitCostCents: m.unitCostCents ?? null,
      crdColorId: m.crdColorId ?? null,
      occurredAt: m.occurredAt ?? now,
      userId: ctx.userId,
    };
  });
  // PostgreSQL takes at most 65,535 parameters a statement (16 a row here): large batches go in slices
  const rows: StockMovementRow[] = [];
  for (let i = 0; i < values.length; i += INSERT_SLICE)
    rows.push(
      ...(await tx
        .insert(stockMovements)
        .values(values.slice(i, i + INSERT_SLICE))
        .returning()),
    );

  // CRD capsules consumed by a bottling (one capsule per unit)
  for (const row of rows) {
    if (row.crdColorId == null || row.quantity <= 0 || row.kind !== 'production') continue;
    const done = await tx
      .update(crdColors)
      .set({ stock: sql`${crdColors.stock} - ${row.quantity}` })
      .where(and(eq(crdColors.id, row.crdColorId), eq(crdColors.shopId, ctx.shopId), sql`${crdColors.stock} >= ${row.quantity}`))
      .returning({ id: crdColors.id });
    if (!done.length) {
      const [c] = await tx
        .select({ stock: crdColors.stock })
        .from(crdColors)
        .where(and(eq(crdColors.id, row.crdColorId), eq(crdColors.shopId, ctx.shopId)));
      if (!c) throw new HttpError(404, STOCK_MESSAGES.crdNotFound, 'crdColorId');
      throw new HttpError(400, STOCK_MESSAGES.crdInsufficient(c.stock), 'crdColorId');
    }
    await tx.insert(crdMovements).values({
      shopId: ctx.shopId,
      crdColorId: row.crdColorId,
      quantity: -row.quantity,
      kind: 'bottling',
      stockMovementId: row.id,
      reason: row.reason,
      occurredAt: row.occurredAt,
      userId: ctx.userId,
    });
  }

  // a sale of an order delivers the units that order held (they leave the reservations as they leave the shelves)
  for (const row of rows) {
    if (row.kind !== 'sale' || row.documentType !== 'order' || row.documentId == null || row.quantity >= 0) continue;
    await tx.execute(sql`
      with held as (
        select ol.id, ol.reserved, sum(ol.reserved) over (order by ol.id) - ol.reserved as before
        from order_lines ol join orders o on o.id = ol.order_id
        where ol.order_id = ${row.documentId} and o.shop_id = ${ctx.shopId} and ol.format_id = ${row.formatId} and ol.reserved > 0
      )
      update order_lines set reserved = order_lines.reserved - least(held.reserved, greatest(0, ${-row.quantity} - held.before))
      from held where held.id = order_lines.id`);
  }

  await recomputeWebStock(tx, ctx.shopId, fIds);

  // notifications: threshold crossed downwards (available = on hand − reserved), and manual changes
  const delta = new Map<number, number>();
  for (const m of movements) delta.set(m.formatId, (delta.get(m.formatId) ?? 0) + m.quantity);
  const reservedAfter = new Map(
    (await tx.select({ id: productFormats.id, reserved: reservedSql() }).from(productFormats).where(inArray(productFormats.id, fIds))).map(
      (r) => [r.id, Number(r.reserved)],
    ),
  );
  const notes: { type: string; content: string; formatId: number }[] = [];
  for (const f of formats) {
    const onBefore = totalBefore.get(f.id) ?? 0;
    const availBefore = onBefore - Number(f.reserved);
    const availAfter = onBefore + (delta.get(f.id) ?? 0) - (reservedAfter.get(f.id) ?? 0);
    if (f.alertThreshold != null && availBefore > f.alertThreshold && availAfter <= f.alertThreshold)
      notes.push({
        type: 'thresholdReach',
        formatId: f.id,
        content: `Seuil d'alerte atteint pour ${formatLabel(f)} : ${Math.max(0, availAfter)} disponible(s) (seuil ${f.alertThreshold})`,
      });
    if (ctx.manual)
      notes.push({
        type: 'stockUpdate',
        formatId: f.id,
        content: `Stock modifié pour ${formatLabel(f)} : ${Math.max(0, onBefore + (delta.get(f.id) ?? 0))} en stock`,
      });
  }
  if (notes.length) {
    const recipients = await stockRecipients(tx, ctx.shopId);
    const values = notes.flatMap((n) =>
      recipients.map((userId) => ({ userId, type: n.type, content: n.content, redirectLink: `/dashboard/stocks/${n.formatId}` })),
    );
    if (values.length) await tx.insert(notifications).values(values);
  }
  return rows;
}
