import { and, asc, eq, sql } from 'drizzle-orm';
import { futuresCampaignInputSchema } from 'shared-kernel/contracts';
import type { Db } from '../platform/db/client';
import { shopMembers, shops, type ShopMemberRow } from '../platform/db/tables';
import type { UserAuthContext } from '../platform/auth/middleware';
import type { Logger } from '../platform/logger';
import { productFormats, products } from '../modules/catalog';
import { crmClients } from '../modules/clients';
import { createFuturesService, futuresCampaigns, managedByCampaign } from '../modules/futures';
import { orders, type OrdersService } from '../modules/orders';
import { billingSettings, createSalesService } from '../modules/sales';
import { applyMovements, stockLevels, warehouses } from '../modules/stock';

/**
 * Demo primeurs of Domaine de Démo, after the sales documents (they need the billing settings): the campaign
 * "Primeurs 2025" (two wines, a price per typology, 30 % deposit) with four client orders, each with its deposit invoice;
 * two deposits paid; one order delivered with its final invoice (the deposit deducted). Everything goes through the
 * futures and sales services, dated now (after the sales demo documents, so the invoice numbers follow their dates).
 * Idempotent: nothing is done once the shop has a campaign.
 */
export async function seedFutures(db: Db, logger?: Logger): Promise<void> {
  try {
    await seed(db, logger);
  } catch (err) {
    logger?.error({ err }, 'seedFutures failed: no demo primeurs');
  }
}

async function seed(db: Db, logger?: Logger): Promise<void> {
  const [shop] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  if (!shop) return;
  if ((await db.select({ id: futuresCampaigns.id }).from(futuresCampaigns).where(eq(futuresCampaigns.shopId, shop.id)).limit(1)).length)
    return;
  if (!(await db.select({ id: billingSettings.shopId }).from(billingSettings).where(eq(billingSettings.shopId, shop.id))).length) return;
  const [member] = await db
    .select()
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shop.id), eq(shopMembers.kind, 'owner')))
    .limit(1);
  if (!member) return;

  // the warehouse primeur orders ship from (the sales module's rule: the first one feeding the web shop) and two online
  // bottle formats with enough stock there for the delivered order
  const [wh] = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.shopId, shop.id), eq(warehouses.archived, false)))
    .orderBy(sql`${warehouses.feedsWebShop} desc`, asc(warehouses.id))
    .limit(1);
  if (!wh) return;
  const formats = await db
    .select({ id: productFormats.id })
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .innerJoin(stockLevels, and(eq(stockLevels.formatId, productFormats.id), eq(stockLevels.warehouseId, wh.id)))
    .where(
      and(
        eq(productFormats.shopId, shop.id),
        eq(products.status, 'online'),
        eq(products.productType, 'bottle'),
        sql`${stockLevels.onHand} >= 60`,
      ),
    )
    .orderBy(asc(productFormats.id))
    .limit(2);
  if (formats.length < 2) return;
  const clients = await db
    .select()
    .from(crmClients)
    .where(and(eq(crmClients.shopId, shop.id), eq(crmClients.status, 'active')))
    .orderBy(asc(crmClients.id));
  const pros = clients.filter((c) => c.kind === 'professional' && !c.agentUserId && !c.userId && c.typology === 'professionnel');
  const privates = clients.filter((c) => c.kind === 'private' && !c.agentUserId && !c.userId && c.typology === 'particulier');
  if (pros.length < 2 || privates.length < 2) return;

  // the seed reads an order back as its row (the futures service needs its id)
  const ordersStub = {
    getOrder: async (_auth: unknown, id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0],
    validateOrder: async () => ({ message: '' }),
    setStaffExtra: () => undefined,
  } as unknown as OrdersService;
  const sales = createSalesService({ db, orders: ordersStub, managedElsewhere: managedByCampaign });
  const futures = createFuturesService({ db, sales });
  const auth = { user: { id: member.userId }, memberships: [member] } as unknown as UserAuthContext;
  const owner = member as ShopMemberRow;

  const campaign = await futures.create(
    auth,
    owner,
    futuresCampaignInputSchema.parse({
      name: 'Primeurs 2025',
      vintage: '2025',
      description: 'Le millésime 2025 vendu en primeur, avant sa mise en bouteille : livraison au printemps 2027.',
      depositPercent: 30,
      deliveryFrom: '2027-03-01',
      deliveryTo: '2027-06-30',
      lines: [
        { formatId: formats[0].id, prices: { particulier: 1500, professionnel: 1150 } },
        { formatId: formats[1].id, prices: { particulier: 2400, professionnel: 1900 } },
      ],
    }),
  );
  const [l1, l2] = campaign.lines.map((l) => l.id);
  const order = (clientId: number, lines: Array<[number, number]>) =>
    futures.placeOrder(auth, owner, campaign.id, {
      clientId,
      lines: lines.map(([lineId, quantity]) => ({ lineId, quantity })),
      notes: null,
    });
  const payDeposit = async (clientId: number, invoiceId: number, amount: number) =>
    sales.recordPayment(auth, owner, {
      clientId,
      direction: 'in',
      method: 'transfer',
      amount,
      paidAt: new Date().toISOString().slice(0, 10),
      reference: 'VIR SEPA acompte primeurs',
      note: null,
      allocations: [{ invoiceId, amount }],
    });

  const first = await order(pros[0].id, [
    [l1, 24],
    [l2, 12],
  ]);
  await payDeposit(pros[0].id, first.deposit.id, first.deposit.totalTTC);
  // the delivered bottles are those of the 2025 bottling (a production entry): the stock of the older vintages that
  // the web shop sells stays as it was
  await db.transaction((tx) =>
    applyMovements(tx, { shopId: shop.id, userId: member.userId }, [
      { warehouseId: wh.id, formatId: formats[0].id, quantity: 24, kind: 'production', reason: 'Mise en bouteille Primeurs 2025' },
      { warehouseId: wh.id, formatId: formats[1].id, quantity: 12, kind: 'production', reason: 'Mise en bouteille Primeurs 2025' },
    ]),
  );
  await futures.deliver(auth, owner, first.orderId, { carrier: null, trackingNumber: null });
  const second = await order(pros[1].id, [[l2, 36]]);
  await payDeposit(pros[1].id, second.deposit.id, second.deposit.totalTTC);
  await order(privates[0].id, [[l1, 6]]);
  await order(privates[1].id, [
    [l1, 6],
    [l2, 6],
  ]);
  logger?.info({ campaign: campaign.id }, 'demo primeurs seeded');
}
