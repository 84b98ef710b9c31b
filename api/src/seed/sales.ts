import { and, asc, eq, sql } from 'drizzle-orm';
import { billingSettingsSchema, type SalesOrderInput } from 'shared-kernel/contracts';
import { salesOrderInputSchema } from 'shared-kernel/contracts';
import type { Db } from '../platform/db/client';
import { shopMembers, shops, type ShopMemberRow } from '../platform/db/tables';
import type { UserAuthContext } from '../platform/auth/middleware';
import type { Logger } from '../platform/logger';
import { productFormats, products } from '../modules/catalog';
import { crmClients } from '../modules/clients';
import { orderLines, orders, type OrdersService } from '../modules/orders';
import { billingSettings, createSalesService, invoices, orderHistory } from '../modules/sales';
import { stockLevels, warehouses } from '../modules/stock';

/**
 * Demo sales documents of Domaine de Démo, after the catalogue, the stock and the client file: billing
 * settings, quotes (open, accepted, expired), back-office orders in every status, invoices issued over the last two
 * months with payments (paid, partial, overdue by about 10 and 45 days), a deposit invoice and its final invoice, a
 * credit note, samples and shipments in each delivery status. Everything goes through the sales service (numbers,
 * stock reservations, exits, credit notes), dated by a clock that walks from two months ago to today so that the
 * invoice numbers follow their dates. Idempotent: nothing is done once the shop has billing settings.
 */
export async function seedSales(db: Db, logger?: Logger, opts: { historyMonths?: number } = {}): Promise<void> {
  try {
    await seed(db, logger, opts);
  } catch (err) {
    logger?.error({ err }, 'seedSales failed: no demo sales documents');
  }
}

const DAY = 86_400_000;

async function seed(db: Db, logger: Logger | undefined, opts: { historyMonths?: number }): Promise<void> {
  const [shop] = await db.select().from(shops).where(eq(shops.urlShop, 'domaine-demo'));
  if (!shop) return;
  if ((await db.select({ id: billingSettings.shopId }).from(billingSettings).where(eq(billingSettings.shopId, shop.id))).length) return;
  const [member] = await db
    .select()
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shop.id), eq(shopMembers.kind, 'owner')))
    .limit(1);
  if (!member) return;

  await db.insert(billingSettings).values({
    shopId: shop.id,
    data: billingSettingsSchema.parse({
      companyName: 'Domaine de Démo SAS',
      legalForm: 'SAS',
      capital: 5_000_000,
      siret: '73282932000074',
      rcs: 'RCS Mâcon 732 829 320',
      vatNumber: 'FR44732829320',
      exciseNumber: 'FR012345E0001',
      address: { street: '1 route des Vignes', zipcode: '71960', city: 'Pierreclos', country: 'FR' },
      email: 'compta@domaine-demo.test',
      phone: '03 85 00 00 00',
      banks: [{ label: 'Crédit Agricole Centre-Est', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', isDefault: true }],
      legalMentions:
        'Les marchandises restent la propriété du vendeur jusqu’au paiement intégral du prix (clause de réserve de propriété).',
    }),
  });

  const clients = await db
    .select()
    .from(crmClients)
    .where(and(eq(crmClients.shopId, shop.id), eq(crmClients.status, 'active')))
    .orderBy(asc(crmClients.id));
  // clients of the shop's own sales (no agent, no buyer account): the agents' commissions and the demo buyer's
  // orders stay those of the other demo data
  const pros = clients.filter((c) => c.kind === 'professional' && !c.agentUserId && !c.userId);
  const privates = clients.filter((c) => c.kind === 'private' && !c.agentUserId && !c.userId);
  const prospects = clients.filter((c) => c.kind === 'prospect');
  if (pros.length < 3 || privates.length < 2) return;

  const whs = await db.select().from(warehouses).where(eq(warehouses.shopId, shop.id));
  const chai = whs.find((w) => w.name === 'Chai') ?? whs[0];
  if (!chai) return;
  // the 75 cl formats of online wines with stock in the cellar
  const formats = await db
    .select({ id: productFormats.id, onHand: stockLevels.onHand })
    .from(productFormats)
    .innerJoin(products, eq(products.id, productFormats.productId))
    .innerJoin(stockLevels, and(eq(stockLevels.formatId, productFormats.id), eq(stockLevels.warehouseId, chai.id)))
    .where(
      and(
        eq(productFormats.shopId, shop.id),
        eq(products.status, 'online'),
        eq(products.productType, 'bottle'),
        sql`${stockLevels.onHand} >= 60`,
      ),
    )
    .orderBy(asc(productFormats.id))
    .limit(4);
  if (formats.length < 2) return;
  const [f1, f2, f3 = f1, f4 = f2] = formats.map((f) => f.id);

  let now = new Date(Date.now() - 62 * DAY);
  const at = (daysAgo: number) => {
    now = new Date(Date.now() - daysAgo * DAY);
  };
  // the seed never reads an order back through the orders module
  const ordersStub = {
    getOrder: async () => ({}),
    validateOrder: async () => ({ message: '' }),
    setStaffExtra: () => undefined,
  } as unknown as OrdersService;
  const service = createSalesService({ db, orders: ordersStub, clock: () => now });
  // the look of the PDFs (settings 'documents'): the default colour and a footer line
  await service.putDocuments(shop.id, {
    color: null,
    logo: null,
    footer: 'Merci de votre confiance — Domaine de Démo, vignerons à Pierreclos.',
  });
  const auth = { user: { id: member.userId }, memberships: [member] } as unknown as UserAuthContext;
  const owner = member as ShopMemberRow;
  const created: number[] = [];

  const order = async (input: SalesOrderInput): Promise<number> => {
    const body = salesOrderInputSchema.parse({ warehouseId: chai.id, ...input });
    await service.createOrder(auth, owner, body);
    const [o] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.shopId, shop.id))
      .orderBy(sql`${orders.id} desc`)
      .limit(1);
    await db.update(orders).set({ createdAt: now, updatedAt: now }).where(eq(orders.id, o.id));
    await db.update(orderHistory).set({ at: now }).where(eq(orderHistory.orderId, o.id));
    created.push(o.id);
    return o.id;
  };
  const act = (
    id: number,
    action: Parameters<typeof service.act>[3],
    extra: { carrier?: string; trackingNumber?: string; reason?: string } = {},
  ) =>
    service.act(auth, owner, id, action, {
      reason: extra.reason ?? null,
      carrier: extra.carrier ?? null,
      trackingNumber: extra.trackingNumber ?? null,
    });
  const invoiceOf = async (orderId: number) =>
    (
      await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    )[0];
  const pay = async (clientId: number, invoiceId: number, amount: number, method: 'transfer' | 'cheque' | 'card' = 'transfer') => {
    await service.recordPayment(auth, owner, {
      clientId,
      direction: 'in',
      method,
      amount,
      paidAt: now.toISOString().slice(0, 10),
      reference: method === 'cheque' ? `CHQ ${String(1_234_567 + amount).slice(0, 7)}` : 'VIR SEPA',
      note: null,
      allocations: [{ invoiceId, amount }],
    });
  };
  const wine = (formatId: number, quantity: number, extra: Partial<SalesOrderInput['lines'][number]> = {}) => ({
    formatId,
    quantity,
    ...extra,
  });

  // a year of history for the pre-accounting: each month from 11 to 3 months ago, a professional's order
  // of wine and a private client's order of a tasting box and grape jam (5.5 %), invoiced and paid by transfer, card
  // or cheque; free lines, so the stock of the later demo orders stays as it is. Tests seed two months of it.
  const historyMonths = opts.historyMonths ?? 9;
  for (let m = historyMonths + 2; m >= 3; m--) {
    at(m * 30 + 12);
    const i = m % pros.length;
    const pro = await order({
      clientId: pros[i].id,
      lines: [
        {
          label: 'Mâcon-Pierreclos blanc 2023 — 75 cl',
          quantity: 24 + 6 * (m % 3),
          unitPriceHT: 1150,
          vatRate: 20,
          accountingType: 'product',
        },
        {
          label: 'Bourgogne rouge 2022 — 75 cl',
          quantity: 12,
          unitPriceHT: 1390,
          vatRate: 20,
          discountPercent: m % 2 ? 5 : 0,
          accountingType: 'product',
        },
      ],
      shipping: { priceHT: 1800 },
      paymentDelay: '30',
    });
    await act(pro, 'validate');
    await act(pro, 'invoice');
    at(m * 30 + 8);
    const priv = privates[m % privates.length];
    const box = await order({
      clientId: priv.id,
      lines: [
        { label: 'Coffret dégustation 3 bouteilles', quantity: 1 + (m % 2), unitPriceHT: 3750, vatRate: 20, accountingType: 'box' },
        { label: 'Confiture de raisin 220 g', quantity: 2, unitPriceHT: 569, vatRate: 5.5, accountingType: 'marchandise' },
      ],
    });
    await act(box, 'validate');
    await act(box, 'invoice');
    const boxInv = await invoiceOf(box);
    await pay(priv.id, boxInv.id, boxInv.amountDue, 'card');
    at(m * 30 - 10);
    const proInv = await invoiceOf(pro);
    await pay(pros[i].id, proInv.id, proInv.amountDue, m % 2 ? 'cheque' : 'transfer');
  }

  // ~2 months ago: an order invoiced, paid by transfer, delivered
  at(60);
  const paid = await order({
    clientId: pros[0].id,
    lines: [wine(f1, 24), wine(f2, 12, { discountPercent: 5 })],
    shipping: { priceHT: 2500 },
    paymentDelay: '30',
  });
  await act(paid, 'validate');
  await act(paid, 'invoice');
  await act(paid, 'ship', { carrier: 'Geodis', trackingNumber: 'GEO123456789FR' });
  at(55);
  await act(paid, 'deliver');
  at(40);
  const paidInv = await invoiceOf(paid);
  await pay(pros[0].id, paidInv.id, paidInv.amountDue);

  // an invoice 45 days overdue (issued 75 days… no: issued 59 days ago at 14 days → due 45 days ago)
  at(59);
  const late = await order({ clientId: pros[1].id, lines: [wine(f3, 36)], paymentDelay: '14', notes: 'Relancer le service comptable.' });
  await act(late, 'validate');
  await act(late, 'invoice');
  await act(late, 'deliver');

  // a deposit of 30 % taken at order, then the final invoice that deducts it; paid in part
  at(50);
  const withDeposit = await order({
    clientId: pros[2].id,
    lines: [wine(f1, 60), wine(f4, 24)],
    shipping: { priceHT: 4500 },
    paymentDelay: '30',
  });
  await service.deposit(auth, owner, withDeposit, { percent: 30 });
  const depositInv = (
    await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, withDeposit), eq(invoices.kind, 'deposit')))
  )[0];
  at(48);
  await pay(pros[2].id, depositInv.id, depositInv.amountDue);
  await act(withDeposit, 'validate');
  at(30);
  await act(withDeposit, 'invoice');
  await act(withDeposit, 'ship', { carrier: 'DB Schenker', trackingNumber: 'SCH-7781-2231' });
  at(20);
  const finalInv = await invoiceOf(withDeposit);
  await pay(pros[2].id, finalInv.id, Math.round(finalInv.amountDue / 2), 'cheque');

  // an invoice about 10 days overdue (issued 40 days ago at 30 days), with a partial credit note for a broken case
  at(40);
  const broken = await order({ clientId: pros[0].id, lines: [wine(f2, 18), wine(f3, 6)], paymentDelay: '30' });
  await act(broken, 'validate');
  await act(broken, 'invoice');
  await act(broken, 'deliver');
  at(36);
  await service.creditNote(auth, owner, (await invoiceOf(broken)).id, {
    lines: [{ index: 0, quantity: 6 }],
    reason: 'Carton cassé à la livraison',
    settlement: 'credit',
  });

  // quotes: one accepted (now an order), one expired, one refused, one open
  at(35);
  const accepted = await order({
    subType: 'quote',
    clientId: pros[1].id,
    lines: [wine(f4, 12), wine(f1, 12)],
    validUntil: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
  });
  await act(accepted, 'send');
  at(30);
  await act(accepted, 'validate');
  at(28);
  const expired = await order({ subType: 'quote', clientId: (prospects[0] ?? pros[2]).id, lines: [wine(f1, 36)] });
  await act(expired, 'send');
  await db
    .update(orders)
    .set({ validUntil: new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10) })
    .where(eq(orders.id, expired));
  await service.expireQuotes(shop.id);
  at(12);
  const refused = await order({ subType: 'quote', clientId: pros[2].id, lines: [wine(f2, 60)] });
  await act(refused, 'send');
  await act(refused, 'refuse', { reason: 'Budget de la carte des vins déjà engagé' });
  at(3);
  const open = await order({
    subType: 'quote',
    clientId: (prospects[1] ?? pros[0]).id,
    lines: [wine(f2, 24), wine(f3, 24)],
    discount: { type: 'percent', value: 5 },
    notes: 'Tarif salon des vins.',
  });
  await act(open, 'send');

  // samples for a prospect and for a restaurant (stock exits, no invoice)
  at(25);
  const sample = await order({ subType: 'sample', clientId: (prospects[0] ?? pros[1]).id, lines: [wine(f1, 2), wine(f2, 1)] });
  await act(sample, 'validate');
  await act(sample, 'deliver');
  at(6);
  await order({ subType: 'sample', clientId: pros[2].id, lines: [wine(f3, 3)] });

  // recent orders in every state: invoiced and shipped (in transit), validated to ship, partly shipped, draft, cancelled,
  // private client paid by card
  at(8);
  const transit = await order({
    clientId: privates[0].id,
    lines: [wine(f1, 6), wine(f2, 6)],
    shipping: { priceHT: 1500 },
    paymentDelay: 'order',
  });
  await act(transit, 'validate');
  await act(transit, 'invoice');
  await pay(privates[0].id, (await invoiceOf(transit)).id, (await invoiceOf(transit)).amountDue, 'card');
  await act(transit, 'ship', { carrier: 'Colissimo', trackingNumber: '6A12345678901' });
  at(4);
  const toShip = await order({ clientId: pros[1].id, lines: [wine(f4, 24)], paymentDelay: '45' });
  await act(toShip, 'validate');
  at(3);
  // a partial shipment: half of the first article has left, the rest waits
  const partial = await order({ clientId: pros[2].id, lines: [wine(f1, 12), wine(f2, 6)], paymentDelay: '30' });
  await act(partial, 'validate');
  const [firstLine] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, partial), eq(orderLines.kind, 'product')))
    .orderBy(asc(orderLines.position), asc(orderLines.id))
    .limit(1);
  await service.act(auth, owner, partial, 'ship', {
    reason: null,
    carrier: 'Kuehne+Nagel',
    trackingNumber: 'KN-55120-77',
    lines: [{ lineId: firstLine.id, quantity: 6 }],
  });
  at(2);
  const cancelled = await order({ clientId: privates[1].id, lines: [wine(f3, 3)] });
  await act(cancelled, 'validate');
  await act(cancelled, 'cancel', { reason: 'Commande en double' });
  at(1);
  await order({
    clientId: pros[0].id,
    lines: [wine(f1, 12), { label: 'Caisse bois gravée', quantity: 2, unitPriceHT: 1200, vatRate: 20 }],
    notes: 'Pris par téléphone, à confirmer.',
  });
  logger?.info({ orders: created.length }, 'demo sales documents seeded');
}
