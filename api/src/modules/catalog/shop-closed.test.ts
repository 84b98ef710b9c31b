// §1 module `shop` held by the api: while a shop's `shop` module is off its public side is closed — its page, listing,
// products, box builders, events, checkout options, cart price and checkout answer 404 « boutique fermée » — while the
// other shops and its own back office go on as before.
import request from 'supertest';
import { SHOP_CLOSED_MESSAGE } from 'shared-kernel/contracts';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';

describe('a shop whose module `shop` is off is closed to the public, and only that shop', () => {
  let ctx: TestContext;
  let owner: string;
  let buyer: string;
  let domaineId: number;
  let brasserieId: number;
  let productId: number;
  let formatId: number;
  let brasserieProductId: number;

  const switchShop = (active: boolean) =>
    request(ctx.app)
      .put('/v1/shops/me/settings/integrations')
      .set(bearer(owner))
      .send({ modules: { shop: active }, importSource: 'default' });
  const get = (path: string, token?: string) => {
    const r = request(ctx.app).get(`/v1${path}`);
    return token ? r.set(bearer(token)) : r;
  };
  const listing = (shopId: number, token?: string) => get(`/products?shopIds=${encodeURIComponent(`[${shopId}]`)}&origin=shop`, token);
  const cartOrder = () => ({
    seller: { id: domaineId },
    products: [{ idTmp: 'l1', id: productId, quantity: 6, chosenFormat: { id: formatId } }],
    reservations: [],
    shipping: { type: 'colissimo', ref: 'colissimo-fr', collectionPoint: null },
  });
  const closed = { success: false, message: SHOP_CLOSED_MESSAGE };

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, buyer] = await Promise.all([loginAs(ctx.app, 'owner@demo.test'), loginAs(ctx.app, 'buyer@demo.test')]);
    domaineId = (await get('/shops/domaine-demo')).body.id;
    brasserieId = (await get('/shops/brasserie-demo')).body.id;
    const items = (await listing(domaineId)).body.items as Array<{ id: number; formats: Array<{ id: number; stock: number }> }>;
    const sellable = items.find((p) => p.formats.some((f) => f.stock >= 6))!;
    productId = sellable.id;
    formatId = sellable.formats.find((f) => f.stock >= 6)!.id;
    brasserieProductId = (await listing(brasserieId)).body.items[0].id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 404 « boutique fermée » on every public route of that shop, then opens again', async () => {
    // answered (and kept in the answer cache) while open
    expect((await get('/shops/by-name/domaine-demo')).status).toBe(200);
    expect((await listing(domaineId)).status).toBe(200);
    expect((await get(`/products/${productId}`)).status).toBe(200);
    expect((await switchShop(false)).status).toBe(200);
    try {
      for (const token of [undefined, buyer]) {
        for (const path of [
          '/shops/by-name/domaine-demo',
          '/shops/by-name/DOMDEM',
          `/products?shopIds=${encodeURIComponent(`[${domaineId}]`)}&origin=shop`,
          `/products/${productId}`,
          `/shops/${domaineId}/builders`,
          `/shops/${domaineId}/events`,
          `/shops/${domaineId}/checkout-options`,
        ]) {
          const res = await get(path, token);
          expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: expect.objectContaining(closed) });
        }
      }
      // not in the shop directory
      const dir = await get('/shops?limit=100');
      expect(dir.body.map((s: { id: number }) => s.id)).not.toContain(domaineId);
      expect(dir.body.map((s: { id: number }) => s.id)).toContain(brasserieId);
      // the cart prices that seller as a problem; the checkout refuses it
      const price = await request(ctx.app)
        .post('/v1/orders/get-cart-price')
        .set(bearer(buyer))
        .send({ orders: [cartOrder()] });
      expect(price.status).toBe(200);
      expect(price.body[0].problems).toEqual([{ field: 'seller', message: SHOP_CLOSED_MESSAGE, sellerId: domaineId }]);
      const { shipping: _s, ...order } = cartOrder();
      const place = await request(ctx.app)
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
          expectedTotalTTC: 1000,
          idempotencyKey: `closed-shop-${Date.now()}`,
        });
      expect({ status: place.status, message: place.body.message }).toEqual({ status: 404, message: SHOP_CLOSED_MESSAGE });

      // the other shops are untouched
      expect((await get('/shops/by-name/brasserie-demo')).status).toBe(200);
      expect((await listing(brasserieId)).status).toBe(200);
      expect((await get(`/products/${brasserieProductId}`)).status).toBe(200);
      expect((await get(`/shops/${brasserieId}/checkout-options`)).status).toBe(200);

      // its back office goes on: the owner's screens, and the catalogue its staff reads
      for (const path of ['/shops/me', '/shops/me/page', '/orders', '/catalogue/products', '/events', `/products/${productId}`]) {
        const res = await get(path, owner);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
      }
      const own = await listing(domaineId, owner);
      expect(own.status).toBe(200);
      expect(own.body.items.length).toBeGreaterThan(0);
    } finally {
      expect((await switchShop(true)).status).toBe(200);
    }
    expect((await get('/shops/by-name/domaine-demo')).status).toBe(200);
    expect((await listing(domaineId)).status).toBe(200);
    expect((await get(`/products/${productId}`)).status).toBe(200);
    const again = await request(ctx.app)
      .post('/v1/orders/get-cart-price')
      .set(bearer(buyer))
      .send({ orders: [cartOrder()] });
    expect(again.body[0].problems.filter((p: { field: string }) => p.field === 'seller')).toEqual([]);
  });

  it('leaves a closed shop out of a listing of several shops', async () => {
    expect((await switchShop(false)).status).toBe(200);
    try {
      const res = await get(`/products?shopIds=${encodeURIComponent(`[${domaineId},${brasserieId}]`)}&limit=100`);
      expect(res.status).toBe(200);
      const shops = new Set(res.body.items.map((p: { shopId: number }) => p.shopId));
      expect([...shops]).toEqual([brasserieId]);
      const all = await get('/products?limit=100');
      expect(all.body.items.map((p: { shopId: number }) => p.shopId)).not.toContain(domaineId);
    } finally {
      await switchShop(true);
    }
  });
});
