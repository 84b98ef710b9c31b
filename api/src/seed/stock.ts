import { and, asc, desc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shops, users } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { productFormats, products } from '../modules/catalog';
import { orderLines, orders } from '../modules/orders';
import { applyMovements, crdColors, recomputeWebStock, stockAllocations, warehouses, type MovementInput } from '../modules/stock';

const DAY = 86_400_000;

/** Noon (Paris ≈ 10:00/11:00 UTC) of day `day` of the month `monthsAgo` months before now's month. */
function dayOf(monthsAgo: number, day: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, 10, 0, 0));
}

/**
 * Demo stock data of Domaine de Démo, after the catalogue, the orders and the CRD colours. Idempotent
 * (skipped once the shop has warehouses). Two warehouses: 'Chai' (bonded, feeds the web shop) and 'Boutique du
 * domaine' (duty paid, cash register). Three months of movements through applyMovements, so that the web stock stays
 * what the catalogue and the orders left (product_formats.stock) and the DRM of last month has real figures:
 * bottling at the start, the sales of the validated orders, a transfer to the boutique of every format in stock (the
 * demo till sells from it), a breakage, an inventory count
 * and a second bottling last month. Then alert thresholds (one format under it) and one allocation.
 */
export async function seedStock(db: Db, logger?: Logger): Promise<void> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  if (!shop) return;
  const [already] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.shopId, shop.id)).limit(1);
  if (already) return;
  const shopId = shop.id;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@demo.test'));

  const [chai, boutique] = await db
    .insert(warehouses)
    .values([
      {
        shopId,
        name: 'Chai',
        address: { line1: '12 chemin des Vignes', zip: '84110', city: 'Vaison-la-Romaine', country: 'FR' },
        dutyStatus: 'suspended' as const,
        exciseNumber: 'FR012345E1234',
        feedsWebShop: true,
      },
      {
        shopId,
        name: 'Boutique du domaine',
        address: { line1: '1 place du Marché', zip: '84110', city: 'Vaison-la-Romaine', country: 'FR' },
        dutyStatus: 'paid' as const,
        feedsWebShop: false,
        cashRegisters: ['Caisse boutique'],
      },
    ])
    .returning({ id: warehouses.id });

  // formats with stock (boxes follow their parts; prestations have none)
  const formats = await db
    .select({ id: productFormats.id, stock: productFormats.stock, unity: productFormats.unity, productName: products.name })
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .where(and(eq(productFormats.shopId, shopId), ne(products.productType, 'prestation'), ne(products.productType, 'box')))
    .orderBy(asc(productFormats.id));

  // units held by open orders, and the lines of the validated ones (their sales)
  const held = await db
    .select({
      orderId: orders.id,
      status: orders.status,
      at: sql<Date>`coalesce(${orders.validatedAt}, ${orders.createdAt})`.mapWith((v) => new Date(v)),
      formatId: orderLines.formatId,
      reserved: orderLines.reserved,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.shopId, shopId), eq(orderLines.kind, 'product'), gt(orderLines.reserved, 0), isNotNull(orderLines.formatId)));
  const stillHeld = new Map<number, number>();
  const sold = new Map<number, number>();
  const sales: MovementInput[] = [];
  const now = Date.now();
  for (const h of held) {
    if (h.status === 'validated' || h.status === 'invoiced') {
      sold.set(h.formatId!, (sold.get(h.formatId!) ?? 0) + h.reserved);
      const at = new Date(Math.min(now - 60_000, h.at.getTime() + 2 * 3_600_000));
      sales.push({
        warehouseId: chai.id,
        formatId: h.formatId!,
        quantity: -h.reserved,
        kind: 'sale',
        occurredAt: at,
        documentType: 'order',
        documentId: h.orderId,
      });
    } else stillHeld.set(h.formatId!, (stillHeld.get(h.formatId!) ?? 0) + h.reserved);
  }

  const bottles = formats.filter((f) => f.unity === 'litre' && f.stock > 0 && f.stock < 1000);
  // the boutique's restocking: every format the web shop has in stock, so that the Caveau till (on this warehouse)
  // sells most of its articles (the first bottling covers it: the Chai still ends at the web stock)
  const transferred = new Map(formats.filter((f) => f.stock > 0).map((f) => [f.id, 24]));
  const broken = bottles[1];
  const counted = bottles[2];
  const rebottled = bottles[0];
  const [crd] = await db
    .select({ id: crdColors.id, stock: crdColors.stock })
    .from(crdColors)
    .where(and(eq(crdColors.shopId, shopId), eq(crdColors.archived, false)))
    .orderBy(desc(crdColors.stock))
    .limit(1);

  const moves: MovementInput[] = [];
  for (const f of formats) {
    // what the Chai must hold at the end: the web stock left by the orders + the units open orders still hold
    const chaiEnd = f.stock + (stillHeld.get(f.id) ?? 0);
    const out = (sold.get(f.id) ?? 0) + (transferred.get(f.id) ?? 0) + (f.id === broken?.id ? 3 : 0) + (f.id === counted?.id ? 1 : 0);
    const later = f.id === rebottled?.id ? 60 : 0;
    const first = chaiEnd + out - later;
    if (first > 0)
      moves.push({
        warehouseId: chai.id,
        formatId: f.id,
        quantity: first,
        kind: 'production',
        occurredAt: dayOf(3, 3),
        reason: 'Mise en bouteille',
      });
  }
  if (rebottled) {
    const useCrd = crd && crd.stock >= 60 ? crd.id : null;
    moves.push({
      warehouseId: chai.id,
      formatId: rebottled.id,
      quantity: 60,
      kind: 'production',
      occurredAt: dayOf(1, 5),
      reason: 'Mise en bouteille (2e tirage)',
      crdColorId: useCrd,
    });
  }
  for (const [formatId, n] of transferred) {
    const transferId = `seed-transfer-${formatId}`;
    const common = { formatId, occurredAt: dayOf(1, 10), reason: 'Réassort de la boutique', transferId, documentType: 'transfer' as const };
    moves.push({ ...common, warehouseId: chai.id, quantity: -n, kind: 'transfer_out' });
    moves.push({ ...common, warehouseId: boutique.id, quantity: n, kind: 'transfer_in' });
  }
  const boutiqueTasting = bottles[3];
  if (boutiqueTasting)
    moves.push({
      warehouseId: boutique.id,
      formatId: boutiqueTasting.id,
      quantity: -2,
      kind: 'tasting',
      occurredAt: dayOf(1, 20),
      reason: 'Dégustation au caveau',
    });
  if (broken)
    moves.push({
      warehouseId: chai.id,
      formatId: broken.id,
      quantity: -3,
      kind: 'loss',
      occurredAt: dayOf(1, 15),
      reason: 'Casse au chargement',
    });
  if (counted)
    moves.push({
      warehouseId: chai.id,
      formatId: counted.id,
      quantity: -1,
      kind: 'inventory',
      occurredAt: dayOf(2, 27),
      reason: 'Inventaire trimestriel',
      documentType: 'inventory',
    });
  moves.push(...sales);

  await db.transaction(async (tx) => {
    await applyMovements(tx, { shopId, userId: owner?.id ?? null }, moves);
    // thresholds: two comfortable ones, one format under its threshold (shown by the dashboard widget)
    const withStock = bottles.slice(0, 3);
    for (const [i, f] of withStock.entries()) {
      const [lvl] = await tx.select({ stock: productFormats.stock }).from(productFormats).where(eq(productFormats.id, f.id));
      await tx
        .update(productFormats)
        .set({ alertThreshold: i === 2 ? lvl.stock + 30 : 24 })
        .where(eq(productFormats.id, f.id));
    }
    // one allocation: 24 bottles of Champagne Réserve kept for the professionals until the end of next month
    const [champagne] = await tx
      .select({ id: productFormats.id, stock: productFormats.stock })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(productFormats.shopId, shopId), eq(products.name, 'Champagne Réserve'), eq(productFormats.unityValue, 0.75)))
      .limit(1);
    const target = champagne && champagne.stock >= 48 ? champagne : bottles.find((b) => b.stock >= 48);
    if (target) {
      await tx.insert(stockAllocations).values({
        shopId,
        formatId: target.id,
        typology: 'Professionnel',
        quantity: 24,
        startsAt: new Date(now - 2 * DAY),
        endsAt: dayOf(-2, 1),
        note: 'Réservé aux professionnels (cavistes, restaurants)',
        createdBy: owner?.id ?? null,
      });
      await recomputeWebStock(tx, shopId, [target.id]);
    }
  });
  logger?.info({ movements: moves.length }, 'demo stock seeded');
}
