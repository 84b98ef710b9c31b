import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { Client } from 'pg';
import { notifications, shopMembers, shops, users } from '../../platform/db/tables';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { productFormats, products } from '../catalog';
import { drmMonths, parisMonthOf, stockAllocations, stockMovements } from './index';

describe('stock', () => {
  let ctx: TestContext;
  let owner: string;
  let owner2: string;
  let iam: string;
  let buyer: string;
  let shopId: number;
  let w1: number;
  let w2: number;
  let formatId: number;
  const db = () => ctx.handle.db;
  const api = () => request(ctx.app);
  const move = (body: Record<string, unknown>, token = owner) => api().post('/v1/stock/movements').set(bearer(token)).send(body);
  const levelOf = async (warehouseId: number, fid = formatId) =>
    (await api().get(`/v1/stock/formats/${fid}`).set(bearer(owner))).body.levels.find(
      (l: { warehouseId: number }) => l.warehouseId === warehouseId,
    )?.onHand;

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, owner2, iam, buyer] = await Promise.all(['owner', 'owner2', 'iam', 'buyer'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
    [{ id: shopId }] = await db().select({ id: shops.id }).from(shops).where(eq(shops.urlShop, 'domaine-demo'));
    const mk = (name: string, feedsWebShop: boolean) =>
      api().post('/v1/stock/warehouses').set(bearer(owner)).send({ name, dutyStatus: 'paid', feedsWebShop });
    const a = await mk('Test A', false);
    expect(a.status).toBe(201);
    w1 = a.body.id;
    w2 = (await mk('Test B', false)).body.id;
    const [f] = await db()
      .select({ id: productFormats.id })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, shopId), eq(products.name, 'Les Terrasses')))
      .limit(1);
    formatId = f.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('seeds two warehouses whose web stock is the web warehouses minus reservations and allocations', async () => {
    const whs = await api().get('/v1/stock/warehouses').set(bearer(owner));
    const names = whs.body.items.map((w: { name: string }) => w.name);
    expect(names).toEqual(expect.arrayContaining(['Chai', 'Boutique du domaine']));
    const chai = whs.body.items.find((w: { name: string }) => w.name === 'Chai');
    expect(chai).toMatchObject({ dutyStatus: 'suspended', exciseNumber: 'FR012345E1234', feedsWebShop: true, hasMovements: true });
    const levels = await api().get('/v1/stock/levels').query({ pageSize: 100 }).set(bearer(owner));
    expect(levels.status).toBe(200);
    const managed = levels.body.items.filter((l: { byWarehouse: Record<string, number> }) => Object.keys(l.byWarehouse).length > 0);
    expect(managed.length).toBeGreaterThan(5);
    for (const l of managed) expect(l.webStock).toBe(Math.max(0, (l.byWarehouse[String(chai.id)] ?? 0) - l.reserved - l.allocated));
    expect(managed.some((l: { allocated: number }) => l.allocated > 0)).toBe(true);
    expect(managed.some((l: { reserved: number }) => l.reserved > 0)).toBe(true);
    const alerts = await api().get('/v1/stock/alerts').set(bearer(owner));
    expect(alerts.body.length).toBeGreaterThan(0);
  });

  it('refuses an exit below zero, a transfer to the same warehouse, and counts an inventory as the difference', async () => {
    expect((await move({ kind: 'production', warehouseId: w1, formatId, quantity: 10 })).status).toBe(201);
    const loss = await move({ kind: 'loss', warehouseId: w1, formatId, quantity: 11 });
    expect(loss.status).toBe(400);
    expect(loss.body).toMatchObject({ success: false, field: 'quantity' });
    expect(loss.body.message).toMatch(/Stock insuffisant/);
    const same = await move({ kind: 'transfer', fromWarehouseId: w1, toWarehouseId: w1, formatId, quantity: 1 });
    expect(same.status).toBe(400);
    expect(same.body.field).toBe('toWarehouseId');
    const inv = await move({ kind: 'inventory', warehouseId: w1, formatId, countedQuantity: 13 });
    expect(inv.status).toBe(201);
    expect(inv.body.movements).toHaveLength(1);
    expect(inv.body.movements[0]).toMatchObject({ kind: 'inventory', quantity: 3 });
    expect(await levelOf(w1)).toBe(13);
    const equal = await move({ kind: 'inventory', warehouseId: w1, formatId, countedQuantity: 13 });
    expect(equal.status).toBe(400);
    expect(equal.body.field).toBe('countedQuantity');
    const neg = await move({ kind: 'production', warehouseId: w1, formatId, quantity: -5 });
    expect(neg.status).toBe(400);
    expect(neg.body.field).toBe('quantity');
  });

  it('never lets two concurrent transfers take the same stock twice', async () => {
    const start = await levelOf(w1);
    const n = Math.floor(start / 2) + 1;
    const both = await Promise.all([
      move({ kind: 'transfer', fromWarehouseId: w1, toWarehouseId: w2, formatId, quantity: n }),
      move({ kind: 'transfer', fromWarehouseId: w1, toWarehouseId: w2, formatId, quantity: n }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    const ok = both.find((r) => r.status === 201)!;
    expect(ok.body.movements.map((m: { kind: string }) => m.kind).sort()).toEqual(['transfer_in', 'transfer_out']);
    expect(new Set(ok.body.movements.map((m: { transferId: string }) => m.transferId)).size).toBe(1);
    expect(await levelOf(w1)).toBe(start - n);
    expect(await levelOf(w2)).toBe(n);
  });

  it('refuses a movement dated inside a validated DRM month', async () => {
    const d = new Date(Date.now() - 45 * 86_400_000);
    await db()
      .insert(drmMonths)
      .values({ shopId, warehouseId: w1, month: parisMonthOf(d), declaration: {} });
    const res = await move({ kind: 'production', warehouseId: w1, formatId, quantity: 1, occurredAt: d.toISOString() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      field: 'occurredAt',
      message: 'Ce mois est déclaré (DRM validée) : aucun mouvement ne peut y être daté',
    });
    const future = await move({
      kind: 'production',
      warehouseId: w1,
      formatId,
      quantity: 1,
      occurredAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.body.field).toBe('occurredAt');
  });

  it("answers 404 for another shop's ids and 403 to an iam without seeAllStock", async () => {
    expect((await api().get(`/v1/stock/formats/${formatId}`).set(bearer(owner2))).status).toBe(404);
    const other = await move({ kind: 'production', warehouseId: w1, formatId, quantity: 1 }, owner2);
    expect(other.status).toBe(404);
    expect(
      (await api().put(`/v1/stock/warehouses/${w1}`).set(bearer(owner2)).send({ name: 'x', dutyStatus: 'paid', feedsWebShop: false }))
        .status,
    ).toBe(404);
    const [iamUser] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'iam@demo.test'));
    const [m] = await db()
      .select()
      .from(shopMembers)
      .where(and(eq(shopMembers.userId, iamUser.id), eq(shopMembers.shopId, shopId)));
    await db()
      .update(shopMembers)
      .set({ authorizations: { seeAllOrder: true } })
      .where(eq(shopMembers.id, m.id));
    try {
      expect((await api().get('/v1/stock/levels').set(bearer(iam))).status).toBe(403);
      expect((await move({ kind: 'production', warehouseId: w1, formatId, quantity: 1 }, iam)).status).toBe(403);
      expect((await api().get('/v1/stock/levels').set(bearer(buyer))).status).toBe(403);
    } finally {
      await db().update(shopMembers).set({ authorizations: m.authorizations }).where(eq(shopMembers.id, m.id));
    }
  });

  it('validates warehouses: excise number under suspended duty, unique name', async () => {
    const noExcise = await api()
      .post('/v1/stock/warehouses')
      .set(bearer(owner))
      .send({ name: 'Entrepôt X', dutyStatus: 'suspended', feedsWebShop: false });
    expect(noExcise.body).toMatchObject({ success: false, field: 'exciseNumber' });
    const dup = await api().post('/v1/stock/warehouses').set(bearer(owner)).send({ name: 'chai', dutyStatus: 'paid', feedsWebShop: false });
    expect(dup.body).toMatchObject({ success: false, field: 'name' });
  });

  it('sends thresholdReach once when the available stock crosses the threshold', async () => {
    const count = async () =>
      (
        await db()
          .select()
          .from(notifications)
          .where(and(eq(notifications.type, 'thresholdReach'), eq(notifications.redirectLink, `/dashboard/stocks/${formatId}`)))
      ).length;
    const detail = (await api().get(`/v1/stock/formats/${formatId}`).set(bearer(owner))).body;
    const put = await api()
      .put(`/v1/stock/formats/${formatId}/threshold`)
      .set(bearer(owner))
      .send({ threshold: detail.available - 2 });
    expect(put.status).toBe(200);
    const before = await count();
    expect((await move({ kind: 'loss', warehouseId: w2, formatId, quantity: 1 })).status).toBe(201);
    expect(await count()).toBe(before);
    expect((await move({ kind: 'loss', warehouseId: w2, formatId, quantity: 1 })).status).toBe(201);
    const after = await count();
    expect(after).toBeGreaterThan(before); // owner + iam with seeAllStock
    expect((await move({ kind: 'loss', warehouseId: w2, formatId, quantity: 1 })).status).toBe(201);
    expect(await count()).toBe(after);
    const stockUpdates = await db().select().from(notifications).where(eq(notifications.type, 'stockUpdate'));
    expect(stockUpdates.length).toBeGreaterThan(0);
  });

  it('keeps an allocation for its client: others cannot buy it, the client’s order consumes it', async () => {
    const [galets] = await db()
      .select({ formatId: productFormats.id, productId: products.id, stock: productFormats.stock })
      .from(productFormats)
      .innerJoin(products, eq(products.id, productFormats.productId))
      .where(and(eq(products.shopId, shopId), eq(products.name, 'Les Galets Rouges'), eq(productFormats.nameInShop, 'Bouteille 75 cl')));
    const [buyerUser] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.test'));
    const all = galets.stock;
    expect(all).toBeGreaterThan(4);
    const targets = await api().get('/v1/stock/allocations/targets').set(bearer(owner));
    expect(targets.body.clients.map((c: { value: number }) => c.value)).toContain(buyerUser.id);
    const created = await api()
      .post('/v1/stock/allocations')
      .set(bearer(owner))
      .send({
        formatId: galets.formatId,
        clientUserId: buyerUser.id,
        quantity: all,
        endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      });
    expect(created.status).toBe(201);
    const webStock = async () =>
      (await db().select({ s: productFormats.stock }).from(productFormats).where(eq(productFormats.id, galets.formatId)))[0].s;
    expect(await webStock()).toBe(0);
    const order = {
      seller: { id: shopId },
      products: [{ idTmp: 'a', id: galets.productId, quantity: 3, chosenFormat: { id: galets.formatId } }],
      reservations: [],
    };
    // an anonymous buyer cannot buy it
    const anon = await api()
      .post('/v1/orders/get-cart-price')
      .send({ orders: [order] });
    expect(anon.body[0].problems.some((p: { message: string }) => /stock/i.test(p.message))).toBe(true);
    // the client can
    const priced = await api()
      .post('/v1/orders/get-cart-price')
      .set(bearer(buyer))
      .send({ orders: [{ ...order, shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPoint: null } }] });
    expect(priced.body[0].problems).toEqual([]);
    const placed = await api()
      .post('/v1/orders')
      .set(bearer(buyer))
      .send({
        order,
        deliveryAddress: {
          firstname: 'Béatrice',
          lastname: 'Acheteuse',
          street: '12 rue des Vignes',
          zipcode: '69002',
          city: 'Lyon',
          country: 'FR',
        },
        billingAddress: null,
        phone: '+33612345678',
        shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPointId: null },
        paymentMethod: 'transfer',
        acceptTerms: true,
        expectedTotalTTC: priced.body[0].price.totalTTC,
        idempotencyKey: `stock-alloc-${Date.now()}`,
      });
    expect(placed.status).toBe(201);
    const [a] = await db().select().from(stockAllocations).where(eq(stockAllocations.id, created.body.id));
    expect(a.consumed).toBe(3);
    expect(await webStock()).toBe(0);
    const list = await api().get('/v1/stock/allocations').set(bearer(owner));
    expect(list.body.items.find((x: { id: number }) => x.id === a.id)).toMatchObject({ consumed: 3, remaining: all - 3 });
    // ending it gives the remaining units back to the web shop
    const ended = await api().put(`/v1/stock/allocations/${a.id}`).set(bearer(owner)).send({ end: true });
    expect(ended.status).toBe(200);
    expect(await webStock()).toBe(all - 3);
    expect((await db().select().from(stockMovements).where(eq(stockMovements.shopId, shopId))).length).toBeGreaterThan(10);
  });

  const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  (pgUrl ? it : it.skip)(
    'the stock table answer never outlives a change, even one committed by another process (last: it changes the data behind the api)',
    async () => {
      const rowOf = async () =>
        (await api().get('/v1/stock/levels').query({ pageSize: 100, q: 'Les Terrasses' }).set(bearer(owner))).body.items.find(
          (l: { formatId: number }) => l.formatId === formatId,
        ) as { onHand: number; reserved: number; allocated: number };
      const before = await rowOf();
      expect(await rowOf()).toEqual(before); // kept
      // a write of this process: a movement
      const newest = async () =>
        (await api().get('/v1/stock/movements').query({ pageSize: 1 }).set(bearer(owner))).body.items[0] as { id: number };
      const newestBefore = await newest();
      expect(await newest()).toEqual(newestBefore); // kept
      expect((await move({ kind: 'production', warehouseId: w1, formatId, quantity: 3 })).status).toBe(201);
      expect((await rowOf()).onHand).toBe(before.onHand + 3);
      expect((await newest()).id).toBeGreaterThan(newestBefore.id);
      // writes committed by another process (another api instance, psql): the levels and what an order reserves
      const base = new URL(pgUrl!);
      const [{ db: name }] = (
        (await db().execute('select current_database() as db' as never)) as unknown as { rows: Array<{ db: string }> }
      ).rows;
      base.pathname = `/${name}`;
      const other = new Client({ connectionString: base.toString() });
      await other.connect();
      const until = async (pred: (r: Awaited<ReturnType<typeof rowOf>>) => boolean) => {
        const deadline = Date.now() + 3000;
        let r = await rowOf();
        while (!pred(r) && Date.now() < deadline) {
          await new Promise((res) => setTimeout(res, 20));
          r = await rowOf();
        }
        return r;
      };
      try {
        await other.query('update stock_levels set on_hand = on_hand + 2 where warehouse_id = $1 and format_id = $2', [w1, formatId]);
        const [{ id: otherMove }] = (
          await other.query(
            `insert into stock_movements (shop_id, warehouse_id, format_id, product_id, quantity, kind, occurred_at)
             select shop_id, $1, id, product_id, 2, 'production', now() + interval '1 minute' from product_formats where id = $2 returning id`,
            [w1, formatId],
          )
        ).rows;
        const deadline = Date.now() + 3000;
        while ((await newest()).id !== otherMove && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
        expect((await newest()).id).toBe(otherMove);
        expect((await until((r) => r.onHand === before.onHand + 5)).onHand).toBe(before.onHand + 5);
        const { rows } = await other.query(
          `select ol.id from order_lines ol join orders o on o.id = ol.order_id
          where o.shop_id = $1 and ol.kind = 'product' and o.status not in ('aborted', 'expired', 'cancelled', 'refused') limit 1`,
          [shopId],
        );
        expect(rows).toHaveLength(1);
        await other.query('update order_lines set format_id = $1, reserved = reserved + 4 where id = $2', [formatId, rows[0].id]);
        const moved = await until((r) => r.reserved >= before.reserved + 4);
        expect(moved.reserved).toBeGreaterThanOrEqual(before.reserved + 4);
      } finally {
        await other.end();
      }
    },
  );
});
