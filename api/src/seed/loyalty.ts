/**
 * Demo loyalty programme of the Domaine de Démo: a point per euro TTC, three levels (Bronze 100 points:
 * 5 % off; Argent 250: 10 € off; Or 500: a bottle offered among two). The demo's paid orders earn their points
 * (the same rule as a live payment), and the demo buyer gets 150 welcome points so the cart's « Fidélité » block has
 * something to offer. Idempotent (one programme per shop, the ledger's unique sources, one welcome entry).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { shops, users } from '../platform/db/tables';
import type { Logger } from '../platform/logger';
import { products } from '../modules/catalog';
import { buyerClientFile, loyaltyLedger, loyaltyPrograms, syncOrdersLoyalty } from '../modules/loyalty';

const WELCOME = 'Points de bienvenue';

export async function seedLoyalty(db: Db, logger?: Logger): Promise<void> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  if (!shop) return;
  const offered = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.shopId, shop.id), inArray(products.name, ['Rosé des Vignes', 'Les Galets Rouges'])));
  const levels = [
    { name: 'Bronze', threshold: 100, offers: [{ kind: 'discount', type: '%', amount: 5 }] },
    { name: 'Argent', threshold: 250, offers: [{ kind: 'discount', type: '€', amount: 1000 }] },
    {
      name: 'Or',
      threshold: 500,
      offers: offered.length
        ? [
            { kind: 'products', productIds: offered.map((p) => p.id), maxProducts: 1 },
            { kind: 'discount', type: '%', amount: 15 },
          ]
        : [{ kind: 'discount', type: '%', amount: 15 }],
    },
  ];
  await db.insert(loyaltyPrograms).values({ shopId: shop.id, active: true, basis: 'euro', pointsPerUnit: 1, levels }).onConflictDoNothing();
  const paid = (await db.execute(
    sql`select id from orders where shop_id = ${shop.id} and payment_status = 'paid' and sub_type = 'order' order by id`,
  )) as unknown as { rows: Array<{ id: number }> };
  const ids = paid.rows.map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 200) await db.transaction((tx) => syncOrdersLoyalty(tx, ids.slice(i, i + 200)));
  // the demo's history reads like a real one: each order's points dated when it was placed (a live payment earns now)
  await db.execute(sql`update loyalty_ledger l set at = coalesce(o.validated_at, o.created_at) from orders o
    where l.shop_id = ${shop.id} and l.source = 'order' and o.id = l.source_id and l.at > coalesce(o.validated_at, o.created_at)`);
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.test'));
  if (buyer) {
    const clientId = await db.transaction((tx) => buyerClientFile(tx, shop.id, buyer.id, true));
    if (clientId != null) {
      const [has] = await db
        .select({ id: loyaltyLedger.id })
        .from(loyaltyLedger)
        .where(and(eq(loyaltyLedger.shopId, shop.id), eq(loyaltyLedger.clientId, clientId), eq(loyaltyLedger.note, WELCOME)));
      if (!has) await db.insert(loyaltyLedger).values({ shopId: shop.id, clientId, points: 150, source: 'adjustment', note: WELCOME });
    }
  }
  const [count] = (
    (await db.execute(sql`select count(distinct client_id)::int as n from loyalty_ledger where shop_id = ${shop.id}`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows;
  logger?.info({ clientsWithPoints: count?.n ?? 0 }, 'demo loyalty programme seeded');
}
