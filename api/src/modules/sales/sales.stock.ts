/**
 * An order's stock in the warehouse it ships from: its units held when it is validated (never more than what is on
 * hand there minus other orders' holds), given back when it closes unshipped, taken out by the exit movements of its
 * shipments. The stock itself moves through the stock module (applyMovements, recomputeWebStock).
 */
import { SALES_MESSAGES as M } from 'shared-kernel/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { HttpError } from '../../platform/errors';
import { giveBackPlaces, type OrderRow } from '../orders';
import { applyMovements, recomputeWebStock } from '../stock';
import * as repo from './sales.repository';

/** The warehouse an order ships from: its own, else the shop's first warehouse feeding the web shop, else the first. */
async function shippingWarehouse(dbx: DbOrTx, o: OrderRow): Promise<number | null> {
  if (o.warehouseId) return o.warehouseId;
  const w = await repo.firstWarehouse(dbx, o.shopId);
  return w?.id ?? null;
}

/** Reserves the order's units in its warehouse (never more than what is on hand there minus other orders' holds). */
export async function reserveStock(tx: DbOrTx, o: OrderRow): Promise<void> {
  const warehouseId = await shippingWarehouse(tx, o);
  if (!warehouseId) return; // a shop without warehouses does not follow its stock
  const lines = await repo.productLines(tx, o.id);
  const need = new Map<number, { units: number; label: string }>();
  for (const l of lines) {
    if (!l.formatId) continue;
    const prev = need.get(l.formatId);
    need.set(l.formatId, {
      units: (prev?.units ?? 0) + l.quantity + l.addQuantity,
      label: prev?.label ?? [l.label, l.details].filter(Boolean).join(' '),
    });
  }
  for (const [formatId, { units, label }] of need) {
    // the level row is locked: two validations of the same format in the same warehouse wait for each other
    const level = await repo.lockLevel(tx, warehouseId, formatId);
    const left = (level?.onHand ?? 0) - (await repo.heldByOthers(tx, formatId, o.id, warehouseId));
    if (left < units) throw new HttpError(409, M.stockInsufficient(label, Math.max(0, left)), 'warehouseId');
  }
  await repo.holdCatalogueLines(tx, o.id);
  await repo.updateOrder(tx, o.id, { warehouseId });
  await recomputeWebStock(tx, o.shopId, [...need.keys()]);
}

/** Gives back what the order still holds: its units (the web stock follows) and the places of its reservation lines. */
export async function releaseStock(tx: DbOrTx, o: OrderRow): Promise<void> {
  const held = await repo.heldLines(tx, o.id);
  if (!held.length) return;
  // the places a reservation line holds go back to its slot (a back-office reservation cancelled from the order)
  for (const h of held) if (h.kind === 'reservation' && h.slotId != null) await giveBackPlaces(tx, h.slotId, h.reserved);
  await repo.clearHeld(tx, o.id);
  await recomputeWebStock(
    tx,
    o.shopId,
    held.flatMap((h) => (h.kind === 'product' && h.formatId ? [h.formatId] : [])),
  );
}

/**
 * Takes out of the warehouse what the order ships (exit movements; the sale consumes the order's holds): the given
 * quantities of some product lines (a partial shipment), else everything not shipped yet. Returns whether every
 * product unit has now left.
 */
export async function shipStock(
  tx: DbOrTx,
  o: OrderRow,
  userId: number,
  partial?: Array<{ lineId: number; quantity: number }> | null,
): Promise<boolean> {
  // the catalogue's articles: a free text line (a tasting, a service) has nothing to ship
  const lines = await repo.lockCatalogueLines(tx, o.id);
  const left = (l: (typeof lines)[number]) => Math.max(0, l.quantity + l.addQuantity - l.shipped);
  let take: Array<{ line: (typeof lines)[number]; quantity: number }>;
  if (partial?.length) {
    take = partial.map((p, i) => {
      const line = lines.find((l) => l.id === p.lineId);
      if (!line) throw new HttpError(400, M.shipLine, `lines.${i}.lineId`);
      if (p.quantity > left(line)) throw new HttpError(400, M.shipTooMany(left(line)), `lines.${i}.quantity`);
      return { line, quantity: p.quantity };
    });
  } else take = lines.filter((l) => left(l) > 0).map((line) => ({ line, quantity: left(line) }));
  take = take.filter((t) => t.quantity > 0);
  if (partial?.length && !take.length) throw new HttpError(400, M.shipNothing, 'lines');
  const warehouseId = await shippingWarehouse(tx, o);
  const moves = take.map((t) => ({
    warehouseId: warehouseId!,
    formatId: t.line.formatId!,
    quantity: -t.quantity,
    kind: (o.subType === 'sample' ? 'sample' : 'sale') as 'sale' | 'sample',
    reason: `Commande ${o.number}`,
    documentType: 'order' as const,
    documentId: o.id,
  }));
  // a shop without warehouses does not follow its stock; the lines still count what has left
  if (warehouseId && moves.length) await applyMovements(tx, { shopId: o.shopId, userId }, moves);
  for (const t of take) await repo.addShipped(tx, t.line.id, t.quantity);
  // a sample exit does not go through the sale's hold release: clear what it held
  if (o.subType === 'sample') await repo.clearHeld(tx, o.id);
  return lines.every((l) => left(l) - (take.find((t) => t.line.id === l.id)?.quantity ?? 0) <= 0);
}
