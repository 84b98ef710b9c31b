import request from 'supertest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { shopMembers, shops, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { productFormats, productVintages } from '../catalog';
import { crmClients } from '../clients';
import { orderLines, orders } from '../orders';
import { invoices } from '../sales';
import { stockLevels, warehouses } from '../stock';
import { futuresCampaigns, futuresOrders } from './futures.tables';

describe('primeurs (modules/futures)', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let shopId: number;
  let proId: number;
  let privateId: number;
  let formatIds: number[];
  let otherShopFormatId: number;
  const db = () => ctx.handle.db;

  const call = (method: 'get' | 'post' | 'put', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const campaignBody = (extra: Record<string, unknown> = {}) => ({
    name: 'Primeurs test',
    vintage: '2025',
    description: 'Vendu avant la mise en bouteille',
    depositPercent: 30,
    deliveryFrom: '2027-03-01',
    deliveryTo: '2027-06-30',
    lines: [
      { formatId: formatIds[0], prices: { professionnel: 1250, particulier: 1800 } },
      { formatId: formatIds[1], prices: { professionnel: 2000 } },
    ],
    ...extra,
  });
  const setIamRights = async (authorizations: Record<string, boolean>) => {
    const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'iam@demo.test'));
    await db()
      .update(shopMembers)
      .set({ authorizations })
      .where(and(eq(shopMembers.userId, u.id), eq(shopMembers.shopId, shopId)));
  };

  beforeAll(async () => {
    ctx = await createTestContext({}, { jobs: false });
    // every demo shop with the futures module on: the scoping between shops (404) is what these tests check
    await ctx.handle.db.execute(sql`update shops set integration = integration || '{"futures":{"active":true}}'`);
    [owner, owner2, iam] = await Promise.all(['owner', 'owner2', 'iam'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    shopId = (await db().select().from(shops).where(eq(shops.urlShop, 'domaine-demo')))[0].id;
    const otherShop = (await db().select().from(shops).where(eq(shops.urlShop, 'brasserie-demo')))[0].id;
    [{ id: otherShopFormatId }] = await db()
      .select({ id: productFormats.id })
      .from(productFormats)
      .where(eq(productFormats.shopId, otherShop))
      .limit(1);
    const [pro] = await db()
      .insert(crmClients)
      .values({
        shopId,
        kind: 'professional',
        typology: 'professionnel',
        company: 'Cave Primeur',
        firstname: 'Anne',
        lastname: 'Primeur',
        siret: '35600000000048',
        email: 'primeur@test.test',
        addresses: [{ kind: 'billing', isDefault: true, street: '2 rue du Test', zipcode: '69001', city: 'Lyon', country: 'FR' }],
      })
      .returning();
    proId = pro.id;
    const [priv] = await db()
      .insert(crmClients)
      .values({ shopId, kind: 'private', typology: 'particulier', firstname: 'Paul', lastname: 'Amateur', email: 'paul@test.test' })
      .returning();
    privateId = priv.id;
    // two bottle formats without excise duties (the campaign's prices are then the whole HT), in stock where orders ship from
    const formats = await db()
      .select({ id: productFormats.id, legal: productVintages.legal })
      .from(productFormats)
      .leftJoin(productVintages, eq(productVintages.id, productFormats.vintageId))
      .where(and(eq(productFormats.shopId, shopId), eq(productFormats.formatType, 'bottle')))
      .orderBy(asc(productFormats.id));
    formatIds = formats.slice(0, 2).map((f) => f.id);
    const [wh] = await db()
      .select()
      .from(warehouses)
      .where(and(eq(warehouses.shopId, shopId), eq(warehouses.archived, false)))
      .orderBy(sql`${warehouses.feedsWebShop} desc`, asc(warehouses.id))
      .limit(1);
    for (const formatId of formatIds)
      await db()
        .insert(stockLevels)
        .values({ shopId, warehouseId: wh.id, formatId, onHand: 500 })
        .onConflictDoUpdate({ target: [stockLevels.warehouseId, stockLevels.formatId], set: { onHand: 500 } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  describe('the demo data', () => {
    it('Domaine de Démo has a campaign "Primeurs 2025" with client orders, one delivered with its final invoice', async () => {
      const list = await call('get', '/futures/campaigns?q=Primeurs%202025', owner);
      expect(list.status).toBe(200);
      expect(list.body.items).toHaveLength(1);
      const c = list.body.items[0];
      expect(c).toMatchObject({ name: 'Primeurs 2025', vintage: '2025', status: 'open' });
      expect(c.orders).toBeGreaterThanOrEqual(3);
      const clients = await call('get', `/futures/campaigns/${c.id}/clients`, owner);
      expect(clients.status).toBe(200);
      const all = clients.body.items.flatMap(
        (r: { orderList: Array<{ state: string; deposit: unknown; invoice: unknown }> }) => r.orderList,
      );
      expect(all.every((o: { deposit: unknown }) => o.deposit)).toBe(true);
      expect(all.filter((o: { state: string; invoice: unknown }) => o.state === 'delivered' && o.invoice)).toHaveLength(1);
      expect(clients.body.totals.bottlesDelivered).toBeGreaterThan(0);
      expect(clients.body.totals.bottlesToDeliver).toBeGreaterThan(0);
    });
  });

  describe('campaigns', () => {
    it('refuses bad input with a French message naming the field', async () => {
      const cases: Array<[Record<string, unknown>, string, RegExp]> = [
        [{ vintage: '25' }, 'vintage', /millésime/],
        [{ depositPercent: 0 }, 'depositPercent', /acompte/],
        [{ deliveryTo: '2027-01-01' }, 'deliveryTo', /période de livraison/],
        [{ lines: [] }, 'lines', /au moins un article/],
        [{ lines: [{ formatId: otherShopFormatId, prices: { professionnel: 100 } }] }, 'lines.0.formatId', /Article inexistant/],
        [{ lines: [{ formatId: formatIds[0], prices: { grossiste: 100 } }] }, 'lines.0.prices.grossiste', /Typologie inconnue/],
        [{ lines: [{ formatId: formatIds[0], prices: { professionnel: -1 } }] }, 'lines.0.prices.professionnel', /montant positif/],
        [
          {
            lines: [
              { formatId: formatIds[0], prices: { professionnel: 1 } },
              { formatId: formatIds[0], prices: { particulier: 1 } },
            ],
          },
          'lines.1.formatId',
          /déjà dans l'offre/,
        ],
      ];
      for (const [extra, field, message] of cases) {
        const res = await call('post', '/futures/campaigns', owner, campaignBody(extra));
        expect({ status: res.status, field: res.body.field }).toEqual({ status: 400, field });
        expect(res.body.message).toMatch(message);
      }
    });

    it('creates, reads, edits and closes a campaign; another shop sees none of it (404)', async () => {
      const created = await call('post', '/futures/campaigns', owner, campaignBody({ name: 'Primeurs cycle' }));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Primeurs cycle',
        status: 'open',
        depositPercent: 30,
        orders: 0,
        message: 'Campagne de primeurs créée',
      });
      expect(created.body.lines).toEqual([
        expect.objectContaining({ formatId: formatIds[0], prices: { professionnel: 1250, particulier: 1800 }, ordered: 0 }),
        expect.objectContaining({ formatId: formatIds[1], prices: { professionnel: 2000 }, ordered: 0 }),
      ]);
      const id = created.body.id as number;
      const lineIds = created.body.lines.map((l: { id: number }) => l.id);
      const put = await call(
        'put',
        `/futures/campaigns/${id}`,
        owner,
        campaignBody({
          name: 'Primeurs cycle modifié',
          depositPercent: 40,
          lines: [{ id: lineIds[0], formatId: formatIds[0], prices: { professionnel: 1300 } }],
        }),
      );
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ name: 'Primeurs cycle modifié', depositPercent: 40 });
      expect(put.body.lines).toEqual([expect.objectContaining({ id: lineIds[0], prices: { professionnel: 1300 } })]);
      const closed = await call('post', `/futures/campaigns/${id}/close`, owner);
      expect(closed.body).toMatchObject({ status: 'closed', message: 'Campagne clôturée' });
      const refused = await call('post', `/futures/campaigns/${id}/orders`, owner, {
        clientId: proId,
        lines: [{ lineId: lineIds[0], quantity: 6 }],
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Cette campagne est clôturée : elle ne prend plus de commande');
      expect((await call('post', `/futures/campaigns/${id}/reopen`, owner)).body.status).toBe('open');

      for (const [method, url, body] of [
        ['get', `/futures/campaigns/${id}`],
        ['get', `/futures/campaigns/${id}/clients`],
        ['put', `/futures/campaigns/${id}`, campaignBody()],
        ['post', `/futures/campaigns/${id}/close`],
        ['post', `/futures/campaigns/${id}/orders`, { clientId: proId, lines: [{ lineId: lineIds[0], quantity: 1 }] }],
      ] as const) {
        const res = await call(method, url, owner2, body);
        expect({ url, status: res.status }).toEqual({ url, status: 404 });
        expect(res.body.message).toBe('Campagne de primeurs introuvable');
      }
      const theirs = await call('get', '/futures/campaigns', owner2);
      expect(theirs.body.items.map((c: { id: number }) => c.id)).not.toContain(id);
      expect((await call('get', '/futures/campaigns/abc', owner)).status).toBe(404);
    });
  });

  describe('orders, deposit and final invoice', () => {
    let campaignId: number;
    let lineIds: number[];
    beforeAll(async () => {
      const res = await call('post', '/futures/campaigns', owner, campaignBody({ name: 'Primeurs calcul' }));
      campaignId = res.body.id;
      lineIds = res.body.lines.map((l: { id: number }) => l.id);
    });

    it('an order at the professional price: 30 % deposit invoice at order, final invoice deducting it at delivery (hand-computed)', async () => {
      // 12 × 12,50 € + 6 × 20,00 € = 270,00 € HT; VAT 20 % = 54,00 €; 324,00 € TTC (products without excise duty)
      const res = await call('post', `/futures/campaigns/${campaignId}/orders`, owner, {
        clientId: proId,
        lines: [
          { lineId: lineIds[0], quantity: 12 },
          { lineId: lineIds[1], quantity: 6 },
        ],
        notes: 'Par téléphone',
      });
      expect(res.status).toBe(201);
      const orderId = res.body.orderId as number;
      const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
      const duties = lines.reduce((n, l) => n + l.duties, 0);
      expect(lines.map((l) => [l.formatId, l.quantity, l.unitPriceHT])).toEqual([
        [formatIds[0], 12, 1250],
        [formatIds[1], 6, 2000],
      ]);
      expect(duties).toBe(0);
      expect(res.body.totalTTC).toBe(32400);
      // deposit 30 % of 324,00 € = 97,20 € TTC = 81,00 € HT + 16,20 € VAT
      expect(res.body.deposit.totalTTC).toBe(9720);
      expect(res.body.message).toBe(`Commande ${res.body.number} enregistrée, facture d'acompte ${res.body.deposit.number} émise`);
      const [dep] = await db().select().from(invoices).where(eq(invoices.id, res.body.deposit.id));
      expect(dep).toMatchObject({ kind: 'deposit', totalHT: 8100, totalVAT: 1620, totalTTC: 9720, amountDue: 9720, orderId });
      expect(dep.number).toMatch(/^F\d{4}-\d{5}$/);
      const [link] = await db().select().from(futuresOrders).where(eq(futuresOrders.orderId, orderId));
      expect(link).toMatchObject({ campaignId, clientId: proId });
      // the order screen neither edits nor moves it: it is the campaign's
      const managed = 'Commande de primeurs de la campagne « Primeurs calcul » : elle se livre et se facture depuis sa campagne';
      const orderDetail = (await call('get', `/orders/${orderId}`, owner)).body;
      expect(orderDetail.sales.managedElsewhere).toBe(managed);
      expect(orderDetail.sales.allowedActions).toEqual(['cancel']);
      const edit = await call('put', `/sales/orders/${orderId}`, owner, {
        clientId: proId,
        lines: [{ formatId: formatIds[0], quantity: 1 }],
      });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe(managed);

      let clients = await call('get', `/futures/campaigns/${campaignId}/clients`, owner);
      expect(clients.body.items).toHaveLength(1);
      expect(clients.body.items[0]).toMatchObject({
        client: { id: proId, name: 'Cave Primeur', typology: 'professionnel' },
        orders: 1,
        bottles: 18,
        bottlesDelivered: 0,
        bottlesToDeliver: 18,
        orderedTTC: 32400,
        invoicedTTC: 9720,
        paidTTC: 0,
        toDeliverTTC: 32400,
      });

      // the client pays the deposit
      const pay = await call('post', '/sales/payments', owner, {
        clientId: proId,
        method: 'transfer',
        amount: 9720,
        paidAt: new Date().toISOString().slice(0, 10),
        allocations: [{ invoiceId: dep.id, amount: 9720 }],
      });
      expect(pay.status).toBe(201);

      const delivered = await call('post', `/futures/orders/${orderId}/deliver`, owner, {});
      expect(delivered.status).toBe(200);
      // final invoice: 324,00 € TTC, minus the deposit 97,20 € → 226,80 € due
      expect(delivered.body.invoice).toMatchObject({ totalTTC: 32400, amountDue: 22680 });
      expect(delivered.body.message).toBe(`Commande livrée, facture ${delivered.body.invoice.number} émise (acompte déduit)`);
      const [inv] = await db().select().from(invoices).where(eq(invoices.id, delivered.body.invoice.id));
      expect(inv).toMatchObject({ kind: 'invoice', totalHT: 27000, totalVAT: 5400, totalTTC: 32400, amountDue: 22680 });
      expect(inv.depositsDeducted).toEqual([{ id: dep.id, number: dep.number, totalHT: 8100, totalVAT: 1620, totalTTC: 9720 }]);
      expect(inv.seq).toBeGreaterThan(dep.seq);
      const [o] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(o).toMatchObject({ status: 'invoiced', deliveryStatus: 'delivered' });

      clients = await call('get', `/futures/campaigns/${campaignId}/clients`, owner);
      expect(clients.body.items[0]).toMatchObject({
        bottles: 18,
        bottlesDelivered: 18,
        bottlesToDeliver: 0,
        orderedTTC: 32400,
        invoicedTTC: 32400,
        paidTTC: 9720,
        toDeliverTTC: 0,
      });
      expect(clients.body.items[0].orderList[0]).toMatchObject({
        state: 'delivered',
        deposit: { id: dep.id, totalTTC: 9720 },
        invoice: { id: inv.id, totalTTC: 32400, amountDue: 22680 },
      });
      expect(clients.body.totals).toMatchObject({ orders: 1, clients: 1, bottles: 18, invoicedTTC: 32400, paidTTC: 9720 });

      const again = await call('post', `/futures/orders/${orderId}/deliver`, owner, {});
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Cette commande primeur est déjà livrée');
      const detail = await call('get', `/futures/campaigns/${campaignId}`, owner);
      expect(detail.body.lines.map((l: { ordered: number }) => l.ordered)).toEqual([12, 6]);
      expect(detail.body).toMatchObject({ orders: 1, bottles: 18, orderedTTC: 32400 });
      // an ordered line cannot leave the offer
      const put = await call('put', `/futures/campaigns/${campaignId}`, owner, campaignBody({ lines: [campaignBody().lines[0]] }));
      expect(put.status).toBe(409);
    });

    it('a deposit that does not divide evenly is rounded once, and the final invoice still adds up to the cent', async () => {
      // 7 × 18,00 € = 126,00 € HT → 151,20 € TTC; 30 % = 45,36 € TTC → 37,80 € HT + 7,56 € VAT; due at delivery 105,84 €
      const res = await call('post', `/futures/campaigns/${campaignId}/orders`, owner, {
        clientId: privateId,
        lines: [{ lineId: lineIds[0], quantity: 7 }],
      });
      expect(res.status).toBe(201);
      expect(res.body.totalTTC).toBe(15120);
      expect(res.body.deposit.totalTTC).toBe(4536);
      const [dep] = await db().select().from(invoices).where(eq(invoices.id, res.body.deposit.id));
      expect([dep.totalHT, dep.totalVAT]).toEqual([3780, 756]);
      const delivered = await call('post', `/futures/orders/${res.body.orderId}/deliver`, owner, {
        carrier: 'Geodis',
        trackingNumber: 'GEO-1',
      });
      expect(delivered.status).toBe(200);
      expect(delivered.body.invoice).toMatchObject({ totalTTC: 15120, amountDue: 10584 });
      expect(4536 + 10584).toBe(15120);
      const [o] = await db().select().from(orders).where(eq(orders.id, res.body.orderId));
      expect(o).toMatchObject({ carrier: 'Geodis', trackingNumber: 'GEO-1', deliveryStatus: 'delivered' });
    });

    it('refuses a line without a price for the client typology, an unknown line and an empty order (400 naming the field)', async () => {
      const noPrice = await call('post', `/futures/campaigns/${campaignId}/orders`, owner, {
        clientId: privateId,
        lines: [{ lineId: lineIds[1], quantity: 6 }],
      });
      expect(noPrice.status).toBe(400);
      expect(noPrice.body).toMatchObject({
        field: 'lines.0.lineId',
        message: "Cet article n'a pas de prix pour la typologie « Particulier » du client",
      });
      const unknown = await call('post', `/futures/campaigns/${campaignId}/orders`, owner, {
        clientId: proId,
        lines: [{ lineId: 999999, quantity: 6 }],
      });
      expect(unknown.body).toMatchObject({ field: 'lines.0.lineId', message: "Cet article ne fait pas partie de l'offre" });
      const empty = await call('post', `/futures/campaigns/${campaignId}/orders`, owner, {
        clientId: proId,
        lines: [{ lineId: lineIds[0], quantity: 0 }],
      });
      expect(empty.body).toMatchObject({ field: 'lines', message: 'Commandez au moins une bouteille' });
      const noClient = await call('post', `/futures/campaigns/${campaignId}/orders`, owner, {
        lines: [{ lineId: lineIds[0], quantity: 1 }],
      });
      expect(noClient.body).toMatchObject({ field: 'clientId', message: 'Choisissez un client' });
      const before = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(futuresOrders)
        .where(eq(futuresOrders.campaignId, campaignId));
      expect(before[0].n).toBe(2);
    });

    it('another shop cannot deliver an order (404)', async () => {
      const [fo] = await db().select().from(futuresOrders).where(eq(futuresOrders.campaignId, campaignId)).limit(1);
      const res = await call('post', `/futures/orders/${fo.orderId}/deliver`, owner2, {});
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Commande primeur introuvable');
    });
  });

  describe('permissions', () => {
    it('iam: no futures flag → 403; seeFutureOrder reads only; createFutureOrder takes orders and delivers without the sales flags', async () => {
      const [c] = await db().select().from(futuresCampaigns).where(eq(futuresCampaigns.shopId, shopId)).limit(1);
      const detail = await call('get', `/futures/campaigns/${c.id}`, owner);
      const lineId = detail.body.lines.find((l: { prices: Record<string, number> }) => l.prices.professionnel != null).id;
      await setIamRights({ seeAllOrder: true, createOrder: true });
      expect((await call('get', '/futures/campaigns', iam)).status).toBe(403);
      expect((await call('get', `/futures/campaigns/${c.id}/clients`, iam)).status).toBe(403);
      expect((await call('post', '/futures/campaigns', iam, campaignBody())).status).toBe(403);

      await setIamRights({ seeFutureOrder: true });
      expect((await call('get', '/futures/campaigns', iam)).status).toBe(200);
      expect((await call('get', `/futures/campaigns/${c.id}/clients`, iam)).status).toBe(200);
      expect((await call('post', '/futures/campaigns', iam, campaignBody())).status).toBe(403);
      expect(
        (await call('post', `/futures/campaigns/${c.id}/orders`, iam, { clientId: proId, lines: [{ lineId, quantity: 1 }] })).status,
      ).toBe(403);

      await setIamRights({ createFutureOrder: true });
      const ordered = await call('post', `/futures/campaigns/${c.id}/orders`, iam, { clientId: proId, lines: [{ lineId, quantity: 2 }] });
      expect(ordered.status).toBe(201);
      const delivered = await call('post', `/futures/orders/${ordered.body.orderId}/deliver`, iam, {});
      expect(delivered.status).toBe(200);
      // the flags were lent for the primeur flow only: the ordinary sales routes still refuse
      expect((await call('post', `/sales/orders/${ordered.body.orderId}/deposits`, iam, { percent: 10 })).status).toBe(403);
      await setIamRights({ seeAllOrder: true, createOrder: true, seeAllClient: true, createClient: true });
    });
  });
});
