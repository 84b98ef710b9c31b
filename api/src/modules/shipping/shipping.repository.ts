// Every query of the shipping module.
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { orders, shopCheckoutSettings, type OrderRow } from '../orders';
import { carrierAccounts, shipments, type CarrierAccountRow, type CarrierCode, type ShipmentRow } from './shipping.tables';

export async function findAccount(db: DbOrTx, shopId: number, carrier: CarrierCode): Promise<CarrierAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(carrierAccounts)
    .where(and(eq(carrierAccounts.shopId, shopId), eq(carrierAccounts.carrier, carrier)));
  return row;
}

export async function upsertAccount(
  db: DbOrTx,
  values: Omit<typeof carrierAccounts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<CarrierAccountRow> {
  const [row] = await db
    .insert(carrierAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: [carrierAccounts.shopId, carrierAccounts.carrier],
      set: {
        clientId: values.clientId,
        clientSecret: values.clientSecret,
        accountNumber: values.accountNumber,
        environment: values.environment,
        verifiedAt: values.verifiedAt ?? null,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row;
}

export async function markVerified(db: DbOrTx, id: number, at: Date | null): Promise<void> {
  await db.update(carrierAccounts).set({ verifiedAt: at }).where(eq(carrierAccounts.id, id));
}

/** The caller's order (another shop's is not found). */
export async function findOrder(db: DbOrTx, shopId: number, orderId: number): Promise<OrderRow | undefined> {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.shopId, shopId)));
  return o;
}

export async function liveShipmentOf(db: DbOrTx, shopId: number, orderId: number): Promise<ShipmentRow | undefined> {
  const [s] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.shopId, shopId), eq(shipments.orderId, orderId), ne(shipments.status, 'voided')));
  return s;
}

/** Every shipment of an order, voided ones included, newest first. */
export async function shipmentsOf(db: DbOrTx, shopId: number, orderId: number): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.shopId, shopId), eq(shipments.orderId, orderId)))
    .orderBy(desc(shipments.createdAt), desc(shipments.id));
}

export async function findShipment(db: DbOrTx, shopId: number, id: number): Promise<ShipmentRow | undefined> {
  const [s] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id), eq(shipments.shopId, shopId)));
  return s;
}

/** The live shipments of some orders of a shop, in the order of `orderIds`. */
export async function liveShipmentsOf(db: DbOrTx, shopId: number, orderIds: number[]): Promise<ShipmentRow[]> {
  const rows = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.shopId, shopId), inArray(shipments.orderId, orderIds), ne(shipments.status, 'voided')));
  return orderIds.flatMap((id) => rows.filter((r) => r.orderId === id));
}

export async function insertShipment(db: DbOrTx, values: typeof shipments.$inferInsert): Promise<ShipmentRow> {
  const [row] = await db.insert(shipments).values(values).returning();
  return row;
}

export async function deleteShipment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(shipments).where(eq(shipments.id, id));
}

export async function updateShipment(db: DbOrTx, id: number, set: Partial<typeof shipments.$inferInsert>): Promise<ShipmentRow> {
  const [row] = await db.update(shipments).set(set).where(eq(shipments.id, id)).returning();
  return row;
}

/** Open shipments (not delivered nor voided) not asked about since `before`, oldest asked first. */
export async function openShipments(db: DbOrTx, before: Date, limit: number): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(
      and(inArray(shipments.status, ['created', 'transit', 'exception']), or(isNull(shipments.trackedAt), lt(shipments.trackedAt, before))),
    )
    .orderBy(sql`${shipments.trackedAt} asc nulls first`, asc(shipments.id))
    .limit(limit);
}

export async function packagingRulesOf(db: DbOrTx, shopId: number) {
  const [row] = await db
    .select({ rules: shopCheckoutSettings.rules })
    .from(shopCheckoutSettings)
    .where(eq(shopCheckoutSettings.shopId, shopId));
  return row?.rules?.packaging ?? null;
}
