// Allocations at checkout: a quantity of a format kept for one client or one typology. The web shop's
// available stock (product_formats.stock) already excludes what allocations still keep, so other buyers cannot take
// it; the allocated buyer's orders consume `consumed` first (the units move from "kept" to "held by the order": the
// web stock does not change), then the ordinary stock.
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { recomputeWebStock } from './stock.movements';
import { stockAllocations } from './stock.tables';

export interface AllocationBuyer {
  shopId: number;
  buyerId: number | null | undefined;
  /** the buyer's typology at this shop: its id and name (either may be stored on an allocation) */
  typology?: { id: string; name: string } | null;
}

function whoMatches(b: AllocationBuyer) {
  const conds = [];
  if (b.buyerId) conds.push(eq(stockAllocations.clientUserId, b.buyerId));
  const names = [b.typology?.id, b.typology?.name].filter((x): x is string => !!x);
  if (names.length) conds.push(inArray(stockAllocations.typology, names));
  return conds.length ? or(...conds) : undefined;
}

/** Allocations the buyer may draw from now: started, not ended, something left. */
function usable(b: AllocationBuyer, formatIds: number[]) {
  const who = whoMatches(b);
  if (!who || !formatIds.length) return undefined;
  return and(
    eq(stockAllocations.shopId, b.shopId),
    inArray(stockAllocations.formatId, formatIds),
    who,
    lte(stockAllocations.startsAt, sql`now()`),
    sql`(${stockAllocations.endsAt} is null or ${stockAllocations.endsAt} > now())`,
    sql`${stockAllocations.consumed} < ${stockAllocations.quantity}`,
  );
}

/** Units of each format kept for this buyer (what they may buy beyond the web stock). */
export async function allocatedToBuyer(db: DbOrTx, buyer: AllocationBuyer, formatIds: number[]): Promise<Map<number, number>> {
  const where = usable(buyer, formatIds);
  const out = new Map<number, number>();
  if (!where) return out;
  const rows = await db
    .select({
      formatId: stockAllocations.formatId,
      left: sql<number>`sum(${stockAllocations.quantity} - ${stockAllocations.consumed})::int`,
    })
    .from(stockAllocations)
    .where(where)
    .groupBy(stockAllocations.formatId);
  for (const r of rows) out.set(r.formatId, Number(r.left));
  return out;
}

/**
 * In the order's transaction: consumes up to `quantity` units of `formatId` from the buyer's allocations (the one
 * ending first first, rows locked) and answers how many were taken; the rest comes from the web stock.
 */
export async function consumeAllocations(tx: DbOrTx, buyer: AllocationBuyer, formatId: number, quantity: number): Promise<number> {
  const where = usable(buyer, [formatId]);
  if (!where || quantity <= 0) return 0;
  const rows = await tx
    .select({ id: stockAllocations.id, quantity: stockAllocations.quantity, consumed: stockAllocations.consumed })
    .from(stockAllocations)
    .where(where)
    .orderBy(sql`${stockAllocations.endsAt} asc nulls last`, asc(stockAllocations.id))
    .for('update');
  let left = quantity;
  for (const a of rows) {
    if (left <= 0) break;
    const take = Math.min(left, a.quantity - a.consumed);
    if (take <= 0) continue;
    await tx
      .update(stockAllocations)
      .set({ consumed: sql`${stockAllocations.consumed} + ${take}` })
      .where(eq(stockAllocations.id, a.id));
    left -= take;
  }
  return quantity - left;
}

/**
 * Releases allocations whose end date has passed: their remaining units go back to the web stock (recompute of the
 * formats concerned; idempotent). `sinceHours` bounds the look-back (the minute sweep); undefined = every ended one.
 */
export async function releaseEndedAllocations(db: DbOrTx, sinceHours?: number): Promise<number> {
  const rows = await db
    .selectDistinct({ shopId: stockAllocations.shopId, formatId: stockAllocations.formatId })
    .from(stockAllocations)
    .where(
      and(
        sql`${stockAllocations.endsAt} <= now()`,
        sinceHours ? sql`${stockAllocations.endsAt} > now() - make_interval(hours => ${sinceHours})` : undefined,
      ),
    );
  const byShop = new Map<number, number[]>();
  for (const r of rows) byShop.set(r.shopId, [...(byShop.get(r.shopId) ?? []), r.formatId]);
  for (const [shopId, ids] of byShop) await db.transaction(async (tx) => recomputeWebStock(tx, shopId, ids));
  return rows.length;
}
