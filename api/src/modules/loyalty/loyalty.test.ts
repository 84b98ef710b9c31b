import request from 'supertest';
import { and, eq, sql } from 'drizzle-orm';
import { productFormats, products } from '../catalog';
import { shops, users } from '../../platform/db/tables';
import { hashPassword } from '../../platform/auth/password';
import { seedLoyalty } from '../../seed/loyalty';
import { syncOrdersLoyalty } from '.';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

/**
 * Loyalty on PostgreSQL: the programme's rules, points earned on a paid order and on an identified till
 * ticket, spent in the cart (discount or offered products), given back when the order is aborted, taken back when
 * it is cancelled or refunded at the till; the client file's account and adjustments; the buyer's views.
 */
describe('loyalty programmes', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let agent: string;
  let buyer: string;
  let shopId: number;
  let buyerId: number;
  let galets: { productId: number; formatId: number };
  let rose: { productId: number; formatId: number };
  const db = () => ctx.handle.db;
  let n = 0;
  const key = () => `loyalty-${Date.now()}-${++n}`;
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
  const call = (method: 'get' | 'post' | 'put', url: string, token: string, body?: unknown) => {
    const r = request(ctx.app)[method](`/v1${url}`).set(bearer(token));
    return body === undefined ? r : r.send(body as object);
  };
  const ids = async (name: string) => {
    const [row] = await db()
      .select({ productId: products.id, formatId: productFormats.id })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, shopId), eq(products.name, name), eq(productFormats.nameInShop, 'Bouteille 75 cl')));
    return row;
  };
  const line = (p: { productId: number; formatId: number }, quantity: number, idTmp: string, isFromFidelity = false) => ({
    idTmp,
    id: p.productId,
    quantity,
    chosenFormat: { id: p.formatId },
    ...(isFromFidelity ? { isFromFidelity: true } : {}),
  });
  const order = (lines: unknown[], loyaltyData: Record<string, unknown> | null = null) => ({
    seller: { id: shopId },
    products: lines,
    reservations: [],
    shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPoint: null },
    ...(loyaltyData ? { loyaltyData } : {}),
  });
  const price = async (o: Record<string, unknown>, token = buyer) => {
    const res = await request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .set(bearer(token))
      .send({ orders: [o] });
    expect(res.status).toBe(200);
    return res.body[0];
  };
  const place = async (o: Record<string, unknown>, paymentMethod = 'transfer') => {
    const p = await price(o);
    const res = await request(ctx.app)
      .post('/v1/orders')
      .set(bearer(buyer))
      .send({
        order: o,
        deliveryAddress: {
          firstname: 'Béa',
          lastname: 'Acheteuse',
          street: '12 rue des Vignes',
          zipcode: '69002',
          city: 'Lyon',
          country: 'FR',
        },
        billingAddress: null,
        phone: '+33612345678',
        shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPointId: null },
        paymentMethod,
        acceptTerms: true,
        expectedTotalTTC: p.price.totalTTC,
        idempotencyKey: key(),
      });
    expect(res.status).toBe(201);
    return res.body as { order: { id: number; number: string; totalTTC: number }; payment: { id: number } | null };
  };
  const payByCard = async (paymentId: number) => {
    const pay = await request(ctx.app)
      .post(`/v1/payments/${paymentId}/pay`)
      .set(bearer(buyer))
      .send({ card: { number: '4242 4242 4242 4242', expiration: '12/34', cvv: '123' } });
    expect(pay.status).toBe(200);
  };
  const buyerClientId = async () =>
    (await rows<{ id: number }>(sql`select id from crm_clients where shop_id = ${shopId} and user_id = ${buyerId} order by id limit 1`))[0]
      ?.id;
  const ledger = async (clientId: number) =>
    rows<{ points: number; source: string; source_id: number | null }>(
      sql`select points, source, source_id from loyalty_ledger where shop_id = ${shopId} and client_id = ${clientId} order by id`,
    );
  const program = {
    active: true,
    basis: 'euro',
    pointsPerUnit: 1,
    levels: [
      { name: 'Argent', threshold: 100, offers: [{ kind: 'discount', type: '%', amount: 10 }] },
      {
        name: 'Or',
        threshold: 300,
        offers: [
          { kind: 'discount', type: '€', amount: 1500 },
          { kind: 'products', productIds: [] as number[], maxProducts: 2 },
        ],
      },
    ],
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, agent, buyer] = await Promise.all(['owner', 'owner2', 'agent', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    const [s] = await db().select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    shopId = s.id;
    buyerId = (await rows<{ id: number }>(sql`select id from users where email = 'buyer@demo.test'`))[0].id;
    galets = await ids('Les Galets Rouges');
    rose = await ids('Rosé des Vignes');
    program.levels[1].offers[1].productIds = [rose.productId];
    await db().update(productFormats).set({ stock: 1000 }).where(eq(productFormats.id, galets.formatId));
    await db().update(productFormats).set({ stock: 1000 }).where(eq(productFormats.id, rose.formatId));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a shop without a programme answers an inactive one; the rules are checked and name their field', async () => {
    const none = await call('get', '/loyalty/program', owner);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ active: false, levels: [], updatedAt: null });
    const badOrder = await call('put', '/loyalty/program', owner, {
      ...program,
      levels: [program.levels[1], program.levels[0]],
    });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body).toMatchObject({ message: 'Les seuils des paliers doivent être croissants', field: 'levels.1.threshold' });
    const empty = await call('put', '/loyalty/program', owner, { ...program, levels: [] });
    expect(empty.body).toMatchObject({ message: 'Un programme actif doit avoir au moins un palier', field: 'levels' });
    const pct = await call('put', '/loyalty/program', owner, {
      ...program,
      levels: [{ name: 'A', threshold: 10, offers: [{ kind: 'discount', type: '%', amount: 150 }] }],
    });
    expect(pct.body).toMatchObject({
      message: 'Le pourcentage de remise doit être compris entre 1 et 100',
      field: 'levels.0.offers.0.amount',
    });
    // another shop's product cannot be offered
    const [beer] = await rows<{ id: number }>(sql`select id from products where shop_id <> ${shopId} limit 1`);
    const foreign = await call('put', '/loyalty/program', owner, {
      ...program,
      levels: [program.levels[0], { ...program.levels[1], offers: [{ kind: 'products', productIds: [beer.id], maxProducts: 1 }] }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('levels.1.offers.0.productIds');

    const saved = await call('put', '/loyalty/program', owner, program);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ active: true, basis: 'euro', pointsPerUnit: 1, message: 'Programme de fidélité enregistré' });
    expect(saved.body.levels.map((l: { name: string }) => l.name)).toEqual(['Argent', 'Or']);
    // each shop its own
    expect((await call('get', '/loyalty/program', owner2)).body.active).toBe(false);
  });

  it('a paid order earns a point per euro TTC on the buyer’s client file, once', async () => {
    const placed = await place(order([line(galets, 6, 'g')]), 'stripe');
    const expected = Math.floor(placed.order.totalTTC / 100);
    // the demo buyer's client file (seeded) is used; not paid yet: nothing
    const clientId = await buyerClientId();
    expect(clientId).toBeDefined();
    expect(await ledger(clientId!)).toEqual([]);
    await payByCard(placed.payment!.id);
    expect(await ledger(clientId!)).toEqual([{ points: expected, source: 'order', source_id: placed.order.id }]);
    // the payments listener runs again: still once
    await ctx.drainJobs();
    expect(await ledger(clientId!)).toHaveLength(1);

    const me = await call('get', `/loyalty/shops/${shopId}/me`, buyer);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ balance: expected, total: expected, spent: 0, shop: { id: shopId } });
    const all = await call('get', '/buyer/loyalty', buyer);
    expect(all.body.items.map((i: { shop: { id: number }; balance: number }) => [i.shop.id, i.balance])).toEqual([[shopId, expected]]);
    // a shop without an active programme: 404
    const [other] = await rows<{ id: number }>(sql`select id from shops where url_shop <> 'domaine-demo' limit 1`);
    expect((await call('get', `/loyalty/shops/${other.id}/me`, buyer)).status).toBe(404);
  });

  it('the owner reads and adjusts the client file’s points (never below zero); another shop gets 404', async () => {
    const clientId = (await buyerClientId())!;
    const before = (await call('get', `/loyalty/clients/${clientId}`, owner)).body;
    expect(before.history[0]).toMatchObject({ source: 'order', ref: expect.stringMatching(/^C\d{4}-/) });
    const tooMuch = await call('post', `/loyalty/clients/${clientId}/adjustments`, owner, {
      points: -(before.balance + 1),
      note: 'Erreur',
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ message: `Le client n'a que ${before.balance} points`, field: 'points' });
    expect((await call('post', `/loyalty/clients/${clientId}/adjustments`, owner, { points: 50, note: '' })).body.field).toBe('note');
    const given = await call('post', `/loyalty/clients/${clientId}/adjustments`, owner, { points: 400, note: 'Geste commercial' });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({
      balance: before.balance + 400,
      level: { name: 'Or' },
      next: null,
      message: 'Points de fidélité mis à jour',
    });
    expect(given.body.history[0]).toMatchObject({ points: 400, source: 'adjustment', note: 'Geste commercial' });
    expect((await call('get', `/loyalty/clients/${clientId}`, owner2)).status).toBe(404);
    // an agent never grants points
    expect((await call('post', `/loyalty/clients/${clientId}/adjustments`, agent, { points: 5, note: 'x' })).status).toBe(403);
    expect((await call('post', `/loyalty/clients/${clientId}/adjustments`, owner2, { points: 5, note: 'x' })).status).toBe(404);
  });

  it('a discount offer prices in the cart, spends the level’s points at placement and gives them back on abort', async () => {
    const clientId = (await buyerClientId())!;
    const balance = (await call('get', `/loyalty/clients/${clientId}`, owner)).body.balance as number;
    const plain = await price(order([line(galets, 6, 'g')]));
    const withOffer = await price(order([line(galets, 6, 'g')], { selectedLevel: 0, selectedDiscount: 0, pointsToLose: 1 }));
    expect(withOffer.problems).toEqual([]);
    // exactly 10 % of the products TTC
    expect(withOffer.price.loyalty.amount).toBe(Math.round(plain.price.productsTTC / 10));
    expect(withOffer.price).toMatchObject({ loyalty: { levelName: 'Argent', pointsToLose: 100, offerIndex: 0 } });
    expect(withOffer.price.totalTTC).toBe(plain.price.totalTTC - withOffer.price.loyalty.amount);
    // anonymous: refused, priced without it
    const anon = await request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .send({ orders: [order([line(galets, 6, 'g')], { selectedLevel: 0, selectedDiscount: 0 })] });
    expect(anon.body[0].problems).toContainEqual(
      expect.objectContaining({ field: 'loyaltyData', message: 'Connectez-vous pour utiliser vos points de fidélité' }),
    );
    expect(anon.body[0].price.totalTTC).toBe(plain.price.totalTTC);
    expect((await price(order([line(galets, 1, 'g')], { selectedLevel: 5, selectedDiscount: 0 }))).problems[0].message).toBe(
      'Palier de fidélité introuvable',
    );

    const placed = await place(order([line(galets, 6, 'g')], { selectedLevel: 0, selectedDiscount: 0, pointsToLose: 100 }));
    expect(placed.order.totalTTC).toBe(withOffer.price.totalTTC);
    const [stored] = await rows<{ loyalty: { pointsToLose: number; levelName: string } }>(
      sql`select loyalty from orders where id = ${placed.order.id}`,
    );
    expect(stored.loyalty).toMatchObject({ pointsToLose: 100, levelName: 'Argent', selectedLevel: 0, selectedDiscount: 0 });
    expect((await call('get', `/loyalty/clients/${clientId}`, owner)).body).toMatchObject({ balance: balance - 100, spent: 100 });
    // the buyer abandons the unpaid order: the points come back
    expect((await request(ctx.app).put(`/v1/orders/${placed.order.id}/aborted-cart`).set(bearer(buyer))).status).toBe(200);
    const after = (await call('get', `/loyalty/clients/${clientId}`, owner)).body;
    expect(after).toMatchObject({ balance, spent: 0 });
    expect(after.history[0]).toMatchObject({ source: 'restore', points: 100, orderId: placed.order.id });
  });

  it('an offer of products makes the chosen lines free, within the selection and the maximum', async () => {
    const offer = { selectedLevel: 1, selectedDiscount: 1 };
    const plain = await price(order([line(galets, 6, 'g')]));
    const ok = await price(order([line(galets, 6, 'g'), line(rose, 2, 'r', true)], offer));
    expect(ok.problems).toEqual([]);
    expect(ok.price.totalTTC - ok.price.shipping * 1.2).toBeCloseTo(plain.price.totalTTC - plain.price.shipping * 1.2, -1);
    expect(ok.lines.find((l: { idTmp: string }) => l.idTmp === 'r').totalHT).toBe(0);
    expect(ok.price.loyalty).toMatchObject({ levelName: 'Or', pointsToLose: 300, amount: 0 });
    const tooMany = await price(order([line(galets, 6, 'g'), line(rose, 3, 'r', true)], offer));
    expect(tooMany.problems).toContainEqual(expect.objectContaining({ field: 'loyaltyData', message: 'Au plus 2 produits offerts' }));
    // refused: the line is priced like any other
    expect(tooMany.lines.find((l: { idTmp: string }) => l.idTmp === 'r').totalHT).toBeGreaterThan(0);
    const outside = await price(order([line(galets, 1, 'g', true)], offer));
    expect(outside.problems[0].message).toBe("Ce produit ne fait pas partie de l'offre de fidélité choisie");
    const none = await price(order([line(galets, 6, 'g')], offer));
    expect(none.problems[0]).toMatchObject({
      field: 'loyaltyData',
      message: "Ajoutez le produit offert de votre choix, ou retirez l'offre",
    });
    expect(none.price).not.toHaveProperty('loyalty');
    const noOffer = await price(order([line(rose, 1, 'r', true)]));
    expect(noOffer.problems[0].message).toBe("Choisissez une offre de fidélité avant d'ajouter un produit offert");
  });

  it('not enough points: a clear refusal; cancelling a paid order takes its points back', async () => {
    const clientId = (await buyerClientId())!;
    const { balance } = (await call('get', `/loyalty/clients/${clientId}`, owner)).body;
    await call('post', `/loyalty/clients/${clientId}/adjustments`, owner, { points: -(balance - 50), note: 'Remise à zéro' });
    const refused = await price(order([line(galets, 6, 'g')], { selectedLevel: 0, selectedDiscount: 0 }));
    expect(refused.problems[0]).toMatchObject({
      field: 'loyaltyData',
      message: 'Points de fidélité insuffisants : 50 points disponibles, 100 nécessaires',
    });

    const placed = await place(order([line(galets, 12, 'g')]), 'stripe');
    await payByCard(placed.payment!.id);
    const earned = Math.floor(placed.order.totalTTC / 100);
    expect((await call('get', `/loyalty/clients/${clientId}`, owner)).body.balance).toBe(50 + earned);
    const cancel = await call('post', `/sales/orders/${placed.order.id}/actions/cancel`, owner, { reason: 'Rupture' });
    expect(cancel.status).toBe(200);
    const after = (await call('get', `/loyalty/clients/${clientId}`, owner)).body;
    expect(after.balance).toBe(50);
    expect(after.history[0]).toMatchObject({ source: 'refund', points: -earned, orderId: placed.order.id });
  });

  it('cancelling a paid order that spent points gives them back and takes back what it earned', async () => {
    const clientId = (await buyerClientId())!;
    await call('post', `/loyalty/clients/${clientId}/adjustments`, owner, { points: 100, note: 'Pour le test' });
    const { balance } = (await call('get', `/loyalty/clients/${clientId}`, owner)).body;
    const placed = await place(order([line(galets, 6, 'g')], { selectedLevel: 0, selectedDiscount: 0 }), 'stripe');
    await payByCard(placed.payment!.id);
    const earned = Math.floor(placed.order.totalTTC / 100);
    expect((await call('get', `/loyalty/clients/${clientId}`, owner)).body.balance).toBe(balance - 100 + earned);
    expect((await call('post', `/sales/orders/${placed.order.id}/actions/cancel`, owner, { reason: 'Rupture' })).status).toBe(200);
    const after = (await call('get', `/loyalty/clients/${clientId}`, owner)).body;
    expect(after.balance).toBe(balance);
    expect(
      after.history
        .slice(0, 2)
        .map((h: { source: string; points: number }) => [h.source, h.points])
        .sort(),
    ).toEqual(
      [
        ['refund', -earned],
        ['restore', 100],
      ].sort(),
    );
  });

  it('a partial credit note takes back its share of the points, once however often it is synced', async () => {
    const placed = await place(order([line(galets, 4, 'g')]), 'stripe');
    await payByCard(placed.payment!.id);
    const earned = Math.floor(placed.order.totalTTC / 100);
    const invoice = await call('post', `/sales/orders/${placed.order.id}/actions/invoice`, owner, {});
    expect(invoice.status).toBe(200);
    const credit = await call('post', `/sales/invoices/${invoice.body.document.id}/credit-notes`, owner, {
      lines: [{ index: 0, quantity: 1 }],
      reason: 'Casse',
    });
    expect(credit.status).toBe(201);
    const share = credit.body.totalTTC / placed.order.totalTTC;
    const back = await rows<{ points: number }>(
      sql`select points from loyalty_ledger where source = 'refund' and source_id = ${placed.order.id}`,
    );
    expect(back).toEqual([{ points: -Math.round(earned * share) }]);
    expect(back[0].points).toBeLessThan(0);
    expect(-back[0].points).toBeLessThan(earned);
    await db().transaction((tx) => syncOrdersLoyalty(tx, [placed.order.id]));
    expect(await rows(sql`select points from loyalty_ledger where source = 'refund' and source_id = ${placed.order.id}`)).toEqual(back);
  });

  it('an identified till sale earns points; its refund takes back its share', async () => {
    const clientId = (await buyerClientId())!;
    const { balance } = (await call('get', `/loyalty/clients/${clientId}`, owner)).body;
    const [w] = await rows<{ id: number }>(sql`select id from warehouses where shop_id = ${shopId} order by id limit 1`);
    const sp = await call('post', '/pos/salespoints', owner, { name: 'Caveau fidélité', warehouseId: w.id, methods: ['cash', 'card'] });
    expect(sp.status).toBe(201);
    expect((await call('post', `/pos/salespoints/${sp.body.id}/sessions`, owner, { float: 0 })).status).toBe(201);
    const sale = await call('post', `/pos/salespoints/${sp.body.id}/tickets`, owner, {
      key: key(),
      clientId,
      lines: [{ label: 'Coffret dégustation', quantity: 2, unitPriceTTC: 4550, vatRate: 20, accountingType: 'marchandise' }],
      payments: [{ method: 'card', amount: 9100 }],
    });
    expect(sale.status).toBe(201);
    expect((await call('get', `/loyalty/clients/${clientId}`, owner)).body.balance).toBe(balance + 91);
    const refund = await call('post', `/pos/tickets/${sale.body.id}/refund`, owner, {
      key: key(),
      lines: [{ index: 0, quantity: 1 }],
      payments: [{ method: 'card', amount: -4550 }],
    });
    expect(refund.status).toBe(201);
    const after = (await call('get', `/loyalty/clients/${clientId}`, owner)).body;
    expect(after.balance).toBe(balance + 91 - 46);
    expect(after.history[0]).toMatchObject({ source: 'ticketRefund', points: -46, ref: refund.body.ref });
    // an anonymous ticket earns nothing
    const anon = await call('post', `/pos/salespoints/${sp.body.id}/tickets`, owner, {
      key: key(),
      lines: [{ label: 'Verre', quantity: 1, unitPriceTTC: 500, vatRate: 20, accountingType: 'marchandise' }],
      payments: [{ method: 'cash', amount: 500 }],
    });
    expect(anon.status).toBe(201);
    expect((await rows(sql`select 1 from loyalty_ledger where source = 'ticket' and source_id = ${anon.body.id}`)).length).toBe(0);
  });
  it('« Base de calcul » bouteille and « Points gagnés »: 3 points a bottle, accessories left out; then 2 points a euro TTC', async () => {
    const clientId = (await buyerClientId())!;
    const [glass] = await db()
      .select({ productId: products.id, formatId: productFormats.id, type: products.productType })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, shopId), eq(products.name, 'Verre de dégustation INAO')));
    expect(glass.type).not.toBe('bottle');
    const earnedBy = async (orderId: number) =>
      (await ledger(clientId)).filter((l) => l.source === 'order' && l.source_id === orderId).map((l) => l.points);
    try {
      expect((await call('put', '/loyalty/program', owner, { ...program, basis: 'bottle', pointsPerUnit: 3 })).status).toBe(200);
      const bottles = await place(order([line(galets, 4, 'g'), line(rose, 2, 'r'), line(glass, 2, 'v')]), 'stripe');
      await payByCard(bottles.payment!.id);
      // 4 + 2 bottles × 3 points; the 2 glasses earn nothing, nor do the euros
      expect(await earnedBy(bottles.order.id)).toEqual([(4 + 2) * 3]);

      expect((await call('put', '/loyalty/program', owner, { ...program, basis: 'euro', pointsPerUnit: 2 })).status).toBe(200);
      const euros = await place(order([line(galets, 3, 'g')]), 'stripe');
      await payByCard(euros.payment!.id);
      // 2 points a whole euro TTC: floor(total in cents × 2 / 100)
      expect(await earnedBy(euros.order.id)).toEqual([Math.floor((euros.order.totalTTC * 2) / 100)]);
      expect(Math.floor((euros.order.totalTTC * 2) / 100)).not.toBe(Math.floor(euros.order.totalTTC / 100));
    } finally {
      await call('put', '/loyalty/program', owner, program);
    }
  });

  it('a buyer without a client file at the shop gets one when a paid order earns points', async () => {
    const email = 'loyal-newcomer@example.test';
    await db()
      .insert(users)
      .values({
        email,
        username: email,
        firstname: 'Noé',
        lastname: 'Nouveau',
        passwordHash: await hashPassword('Secret12'),
        role: 'buyer',
      });
    const token = (await request(ctx.app).post('/v1/auth/login').send({ email, password: 'Secret12' })).body.jwt as string;
    const saved = buyer;
    buyer = token;
    try {
      const placed = await place(order([line(galets, 3, 'g')]), 'stripe');
      await payByCard(placed.payment!.id);
      const [file] = await rows<{ id: number; firstname: string; email: string; marketing_consent: boolean; code: string }>(
        sql`select c.id, c.firstname, c.email, c.marketing_consent, c.code from crm_clients c join users u on u.id = c.user_id
          where c.shop_id = ${shopId} and u.email = ${email}`,
      );
      expect(file).toMatchObject({ firstname: 'Noé', email, marketing_consent: false });
      // the shop's next client code (the CRM's rule: prefix + the next number on 5 digits)
      const [{ max }] = await rows<{ max: number }>(
        sql`select max(substring(code from '(\d+)$')::int) as max from crm_clients where shop_id = ${shopId} and id <> ${file.id}`,
      );
      expect(file.code).toMatch(new RegExp(`^[A-Z]+${String(max + 1).padStart(5, '0')}$`));
      expect(await ledger(file.id)).toEqual([
        { points: Math.floor(placed.order.totalTTC / 100), source: 'order', source_id: placed.order.id },
      ]);
    } finally {
      buyer = saved;
    }
  });

  it('the demo seed (npm start) gives the Domaine a programme and clients holding points, idempotently', async () => {
    await db().execute(sql`delete from loyalty_programs where shop_id = ${shopId}`);
    await seedLoyalty(db());
    await seedLoyalty(db());
    const prog = (await call('get', '/loyalty/program', owner)).body;
    expect(prog.levels.map((l: { name: string; threshold: number }) => [l.name, l.threshold])).toEqual([
      ['Bronze', 100],
      ['Argent', 250],
      ['Or', 500],
    ]);
    const welcome = await rows(sql`select 1 from loyalty_ledger where shop_id = ${shopId} and note = 'Points de bienvenue'`);
    expect(welcome).toHaveLength(1);
    const holders = await rows<{ n: number }>(
      sql`select count(*)::int as n from (select client_id from loyalty_ledger where shop_id = ${shopId} group by client_id having sum(points) > 0) x`,
    );
    expect(holders[0].n).toBeGreaterThan(1);
  });
});
