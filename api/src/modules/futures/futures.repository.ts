// Every Drizzle query of the futures module (primeurs); each takes the db or an open transaction.
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { shops } from '../../platform/db/tables';
import { containsPattern, orderByOf } from '../../platform/list-query';
import { productFormats, products, productVintages } from '../catalog';
import { crmClients, type CrmClientRow } from '../clients';
import { orders, type OrderRow } from '../orders';
import { invoices, type InvoiceRow } from '../sales';
import { formatLabel } from '../stock';
import {
  futuresCampaigns,
  futuresOfferLines,
  futuresOrders,
  type FuturesCampaignRow,
  type FuturesOfferLineRow,
  type FuturesOrderRow,
} from './futures.tables';
import type { CampaignsListQuery } from './futures.schemas';

export async function listCampaigns(db: DbOrTx, shopId: number, q: CampaignsListQuery) {
  const where = and(
    eq(futuresCampaigns.shopId, shopId),
    q.filters.status ? eq(futuresCampaigns.status, q.filters.status) : undefined,
    q.q ? or(ilike(futuresCampaigns.name, containsPattern(q.q)), ilike(futuresCampaigns.vintage, containsPattern(q.q))) : undefined,
  );
  const stats = sql<{ orders: number; bottles: number; ttc: number }>`(select json_build_object(
      'orders', count(*)::int,
      'bottles', coalesce(sum((select coalesce(sum((l->>'quantity')::int), 0) from jsonb_array_elements(fo.lines) l)), 0)::int,
      'ttc', coalesce(sum(o.total_ttc), 0)::int)
    from futures_orders fo join orders o on o.id = fo.order_id
    where fo.campaign_id = "futures_campaigns"."id" and o.status <> 'cancelled')`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ c: futuresCampaigns, stats })
      .from(futuresCampaigns)
      .where(where)
      .orderBy(
        ...orderByOf(
          q.sort,
          {
            createdAt: futuresCampaigns.createdAt,
            name: futuresCampaigns.name,
            vintage: futuresCampaigns.vintage,
            deliveryFrom: futuresCampaigns.deliveryFrom,
          },
          futuresCampaigns.id,
        ),
      )
      .limit(q.pageSize)
      .offset(q.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(futuresCampaigns)
      .where(where),
  ]);
  return { rows, total };
}

export async function campaignOf(db: DbOrTx, shopId: number, id: number, lock = false): Promise<FuturesCampaignRow | undefined> {
  const q = db
    .select()
    .from(futuresCampaigns)
    .where(and(eq(futuresCampaigns.id, id), eq(futuresCampaigns.shopId, shopId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function offerLinesOf(db: DbOrTx, campaignId: number) {
  return db
    .select({
      line: futuresOfferLines,
      productId: productFormats.productId,
      productName: products.name,
      vintageName: productVintages.name,
      unity: productFormats.unity,
      unityValue: productFormats.unityValue,
      nameInShop: productFormats.nameInShop,
    })
    .from(futuresOfferLines)
    .innerJoin(productFormats, eq(productFormats.id, futuresOfferLines.formatId))
    .innerJoin(products, eq(products.id, productFormats.productId))
    .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
    .where(eq(futuresOfferLines.campaignId, campaignId))
    .orderBy(asc(futuresOfferLines.position), asc(futuresOfferLines.id))
    .then((rows) => rows.map((r) => ({ ...r.line, productId: r.productId, label: formatLabel(r) })));
}

/** The formats of `ids` that belong to the shop. */
export async function shopFormatIds(db: DbOrTx, shopId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: productFormats.id })
    .from(productFormats)
    .where(and(eq(productFormats.shopId, shopId), inArray(productFormats.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function shopTypologies(db: DbOrTx, shopId: number): Promise<Array<{ id: string; name: string; public?: boolean }>> {
  const [s] = await db.select({ typologies: shops.typologies }).from(shops).where(eq(shops.id, shopId));
  return ((s?.typologies ?? []) as Array<{ id?: unknown; name?: unknown; public?: unknown }>)
    .filter((t) => typeof t.id === 'string')
    .map((t) => ({ id: t.id as string, name: String(t.name ?? t.id), public: t.public === true }));
}

export async function insertCampaign(db: DbOrTx, values: typeof futuresCampaigns.$inferInsert): Promise<FuturesCampaignRow> {
  const [row] = await db.insert(futuresCampaigns).values(values).returning();
  return row;
}

export async function updateCampaign(db: DbOrTx, id: number, set: Partial<typeof futuresCampaigns.$inferInsert>): Promise<void> {
  await db
    .update(futuresCampaigns)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(futuresCampaigns.id, id));
}

export async function rawOfferLines(db: DbOrTx, campaignId: number): Promise<FuturesOfferLineRow[]> {
  return db.select().from(futuresOfferLines).where(eq(futuresOfferLines.campaignId, campaignId));
}

export async function insertOfferLine(db: DbOrTx, values: typeof futuresOfferLines.$inferInsert): Promise<void> {
  await db.insert(futuresOfferLines).values(values);
}

export async function updateOfferLine(db: DbOrTx, id: number, set: Partial<typeof futuresOfferLines.$inferInsert>): Promise<void> {
  await db.update(futuresOfferLines).set(set).where(eq(futuresOfferLines.id, id));
}

export async function deleteOfferLines(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(futuresOfferLines).where(inArray(futuresOfferLines.id, ids));
}

/** The primeur orders of a campaign with their sales order (every status). */
export async function campaignOrders(db: DbOrTx, campaignId: number): Promise<Array<{ fo: FuturesOrderRow; o: OrderRow }>> {
  return db
    .select({ fo: futuresOrders, o: orders })
    .from(futuresOrders)
    .innerJoin(orders, eq(orders.id, futuresOrders.orderId))
    .where(eq(futuresOrders.campaignId, campaignId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

export async function futuresOrderOf(db: DbOrTx, shopId: number, orderId: number) {
  const [row] = await db
    .select({ fo: futuresOrders, o: orders })
    .from(futuresOrders)
    .innerJoin(orders, eq(orders.id, futuresOrders.orderId))
    .where(and(eq(futuresOrders.orderId, orderId), eq(futuresOrders.shopId, shopId), eq(orders.shopId, shopId)));
  return row;
}

export async function insertFuturesOrder(db: DbOrTx, values: typeof futuresOrders.$inferInsert): Promise<void> {
  await db.insert(futuresOrders).values(values);
}

export async function documentsOf(db: DbOrTx, orderIds: number[]): Promise<InvoiceRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(invoices).where(inArray(invoices.orderId, orderIds)).orderBy(asc(invoices.id));
}

export async function clientsOf(db: DbOrTx, shopId: number, ids: number[]): Promise<CrmClientRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(crmClients)
    .where(and(eq(crmClients.shopId, shopId), inArray(crmClients.id, ids)));
}

export async function clientOf(db: DbOrTx, shopId: number, id: number): Promise<CrmClientRow | undefined> {
  const [c] = await db
    .select()
    .from(crmClients)
    .where(and(eq(crmClients.id, id), eq(crmClients.shopId, shopId)));
  return c;
}

export async function orderRow(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  return o;
}
